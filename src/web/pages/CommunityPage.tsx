import type { PostPage } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { categoryLabel } from '@shared/community-rules';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Pagination } from '@web/components/ui/pagination';
import { SearchField } from '@web/components/ui/search-field';
import { usePosts } from '@web/features/community/api';
import { CategoryFilter } from '@web/features/community/CategoryFilter';
import { ForumAside } from '@web/features/community/ForumAside';
import { ForumEmpty } from '@web/features/community/ForumStates';
import { forumSearch, readForumFilters } from '@web/features/community/filters';
import { NewPostButton } from '@web/features/community/NewPostButton';
import { PostCard, PostListSkeleton } from '@web/features/community/PostCard';
import { useNow } from '@web/features/community/use-now';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format';
import { MessagesSquare } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';

/** '/comunidade' and '/community': the forum, filtered by category and text, ten posts a page. */
export default function CommunityPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readForumFilters(params);
  const posts = usePosts(filters);
  const now = useNow();

  const data = posts.data;
  const totalPages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const filtered = Boolean(filters.category || filters.q);
  const hrefFor = (page: number) => forumSearch({ ...filters, page }) || '?';

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{filters.q ? `${filters.q} | Comunidade | Mercado Gamer` : pageMeta['/comunidade'].title}</title>

      <header className="relative isolate flex flex-col gap-5 overflow-hidden rounded-3xl border border-line bg-surface px-5 py-6 sm:flex-row sm:items-end sm:justify-between sm:px-8 sm:py-8">
        <div
          aria-hidden
          className="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_70%)]"
        />
        <div
          aria-hidden
          className="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-accent/10 blur-[90px]"
        />
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-medium text-accent">
            <MessagesSquare aria-hidden className="size-4" />
            Fórum dos jogadores
          </p>
          <h1 className="mt-2 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
            Comunidade
          </h1>
          <p className="mt-2 max-w-xl text-sm text-muted">
            Troque dicas, acompanhe as novidades do DDtank Brasil S3 e tire dúvidas com outros jogadores.
          </p>
        </div>
        <NewPostButton category={filters.category} className="w-full sm:w-auto" />
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-3">
            <CategoryFilter filters={filters} />
            {/* An empty search shows every post again. */}
            <SearchField
              value={filters.q}
              label="Buscar na comunidade"
              inputLabel="Buscar posts"
              placeholder="Buscar posts..."
              clearLabel="Limpar busca"
              submitLabel="Buscar"
              maxLength={100}
              onSearch={(q) => navigate({ search: forumSearch({ ...filters, q, page: 1 }) })}
            />
          </div>

          <p aria-live="polite" className="-mt-1 min-h-5 text-sm text-muted">
            {data && resultLine(data, filters.q, filters.category)}
          </p>

          <section aria-label="Posts" aria-busy={posts.isFetching} className="flex flex-col gap-6">
            {posts.isPending ? (
              <PostListSkeleton />
            ) : posts.isError && !data ? (
              <LoadError
                title={m.loadPostsFailed}
                message={posts.error.message}
                onRetry={() => posts.refetch()}
                retrying={posts.isRefetching}
              />
            ) : !data || data.posts.length === 0 ? (
              <ForumEmpty
                hint={
                  data && data.total > 0
                    ? 'Esta página não tem posts.'
                    : filtered
                      ? 'Tente outra busca ou outra categoria.'
                      : 'Seja o primeiro a publicar na comunidade!'
                }
              >
                {data && data.total > 0 ? (
                  <ButtonLink to={hrefFor(1)} variant="outline">
                    Ir para a primeira página
                  </ButtonLink>
                ) : (
                  filtered && (
                    <ButtonLink to={paths.community} variant="outline">
                      Ver todos os posts
                    </ButtonLink>
                  )
                )}
              </ForumEmpty>
            ) : (
              <>
                <ul
                  aria-label="Lista de posts"
                  className={cn(
                    'flex flex-col gap-3 transition-opacity',
                    posts.isPlaceholderData && 'opacity-60',
                  )}
                >
                  {data.posts.map((post) => (
                    <li key={post.id}>
                      <PostCard post={post} now={now} />
                    </li>
                  ))}
                </ul>
                <Pagination
                  firstPage={data.page}
                  lastPage={data.page}
                  totalPages={totalPages}
                  hrefFor={hrefFor}
                />
              </>
            )}
          </section>
        </div>
        <ForumAside />
      </div>
    </div>
  );
}

function resultLine({ total, totalCapped }: PostPage, q: string, category: string | null): string {
  const count = `${totalCapped ? 'Mais de ' : ''}${formatCount(total)} ${total === 1 ? 'post' : 'posts'}`;
  const where = category ? ` em ${categoryLabel(category)}` : '';
  return q ? `${count} para “${q}”${where}` : `${count}${where}`;
}
