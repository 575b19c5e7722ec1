import type { PostDetail } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { paths } from '@shared/paths';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { ReportDialog } from '@web/features/reports/ReportDialog';
import { UserSeals } from '@web/features/reputation/SealBadges';
import { deferred } from '@web/lib/deferred';
import { formatFullDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { PenLine, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeletePost, useProfile } from './api';
import { CategoryBadge } from './badges';
import { toastDeleteFailed } from './delete-failed';
import { LikeButton } from './LikeButton';
import { PostComments } from './PostComments';
import { PostContent } from './PostContent';

const editDialog = deferred(() => import('./PostDialog'));

/** The post itself (part 2 §2) and its comments. */
export function PostView({ post }: { post: PostDetail }) {
  const me = useMe();
  const canReport = Boolean(me.data) && me.data?.id !== post.authorId;

  return (
    <>
      <title>{`${post.title} | Comunidade | Mercado Gamer`}</title>
      <article className="rounded-2xl border border-line bg-surface p-5 sm:p-8">
        <CategoryBadge category={post.category} />
        <h1 className="mt-3 font-display text-2xl leading-tight font-bold tracking-wide break-words text-fg sm:text-3xl">
          {post.title}
        </h1>
        <div className="mt-4">
          <Author id={post.authorId} createdAt={post.createdAt} editedAt={post.editedAt} />
        </div>

        <PostContent text={post.content} className="mt-6 text-[0.95rem] leading-relaxed text-fg/90" />

        <div className="mt-8 flex flex-wrap items-center gap-2 border-t border-line pt-5">
          <LikeButton post={post} />
          <div className="ml-auto flex flex-wrap items-center gap-1">
            {canReport && <ReportDialog target={{ type: 'post', id: post.id }} title="Denunciar post" />}
            {post.canEdit && <EditPostButton post={post} />}
            {post.canDelete && <DeletePostButton post={post} />}
          </div>
        </div>
      </article>

      <PostComments post={post} />
    </>
  );
}

/** The author's username from the public profile lookup ('Usuário' when it fails, part 2 §7) and the date. */
function Author({ id, createdAt, editedAt }: { id: string; createdAt: string; editedAt: string | null }) {
  const profile = useProfile(id);
  const name = profile.isPending ? null : (profile.data?.username ?? m.unknownAuthor);
  return (
    <div className="flex min-w-0 items-center gap-3">
      {name === null ? (
        <Skeleton className="size-10 shrink-0 rounded-full" />
      ) : (
        <UserAvatar name={name} src={null} size="lg" />
      )}
      <div className="flex min-w-0 flex-col">
        {name === null ? (
          <Skeleton className="my-0.5 h-4 w-28 rounded" />
        ) : (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold break-words text-fg">
            <span className="sr-only">Autor: </span>
            {profile.data ? (
              <Link
                to={paths.user(profile.data.username)}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {name}
              </Link>
            ) : (
              name
            )}
            {profile.data && <UserSeals username={profile.data.username} />}
          </span>
        )}
        <span className="text-xs text-subtle">
          <time dateTime={createdAt}>{formatFullDateTime(createdAt)}</time>
          {editedAt && (
            <time dateTime={editedAt} title={`Editado em ${formatFullDateTime(editedAt)}`}>
              {' '}
              (editado)
            </time>
          )}
        </span>
      </div>
    </div>
  );
}

function EditPostButton({ post }: { post: PostDetail }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        onPointerEnter={editDialog.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <PenLine aria-hidden />
        Editar
      </Button>
      {used && (
        <Suspense fallback={null}>
          <editDialog.Component open={open} onOpenChange={setOpen} post={post} />
        </Suspense>
      )}
    </>
  );
}

function DeletePostButton({ post }: { post: PostDetail }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePost(post.id);
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(m.postDeleted);
        setOpen(false);
        navigate(paths.community);
      },
      onError: toastDeleteFailed,
    });

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Excluir post"
        onClick={() => setOpen(true)}
        className="text-danger! hover:bg-danger/10!"
      >
        <Trash2 aria-hidden />
        Excluir
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir post?"
        description={`“${post.title}” e os seus comentários serão removidos da comunidade. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        busyLabel="Excluindo..."
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
