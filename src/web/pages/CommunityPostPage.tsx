import { communityMessages as m } from '@shared/community-messages';
import { Button, ButtonLink } from '@web/components/ui/button';
import { usePost } from '@web/features/community/api';
import { PostView } from '@web/features/community/PostView';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { ArrowLeft, FileX, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';

/** '/community/post/:id': one forum post, its likes and comments (part 2 §2). */
export default function CommunityPostPage() {
  const id = parsePostId(useParams().id);
  const post = usePost(id);
  const notFound = id === null || (isApiError(post.error) && post.error.status === 404);
  const failed = post.isError && !notFound;

  useEffect(() => {
    if (failed) toast.error(m.loadPostFailed);
  }, [failed]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <div>
        <ButtonLink to="/community" variant="ghost" size="sm" className="-ml-2">
          <ArrowLeft aria-hidden />
          Voltar
        </ButtonLink>
      </div>

      {notFound ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-16 text-center">
          <title>{`${m.postNotFound} | Mercado Gamer`}</title>
          <span className="flex size-14 items-center justify-center rounded-2xl border border-line bg-surface text-subtle">
            <FileX aria-hidden className="size-7" />
          </span>
          <h1 className="mt-5 font-display text-xl font-bold text-fg">{m.postNotFound}</h1>
          <p className="mt-2 max-w-sm text-sm text-muted">
            Ele pode ter sido excluído pelo autor ou pela equipe.
          </p>
          <ButtonLink to="/community" variant="outline" className="mt-6">
            Voltar para a comunidade
          </ButtonLink>
        </div>
      ) : failed ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-4 rounded-xl border border-danger/40 bg-danger/10 p-5 sm:flex-row sm:items-center"
        >
          <title>Comunidade | Mercado Gamer</title>
          <p className="flex-1 font-semibold text-fg">{m.loadPostFailed}</p>
          <Button variant="secondary" busy={post.isRefetching} onClick={() => post.refetch()}>
            {!post.isRefetching && <RotateCw aria-hidden />}
            Tentar Novamente
          </Button>
        </div>
      ) : post.data ? (
        <PostView key={post.data.id} post={post.data} />
      ) : (
        <p role="status" className="flex items-center justify-center gap-3 py-20 text-sm text-muted">
          <title>Comunidade | Mercado Gamer</title>
          <span
            aria-hidden
            className="size-5 animate-spin rounded-full border-2 border-accent border-t-transparent"
          />
          {m.loading}
        </p>
      )}
    </div>
  );
}

/** A positive integer id, or null for anything else ('/community/post/abc'). */
function parsePostId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
