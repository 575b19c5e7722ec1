import type { PostComment, PostDetail } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { MAX_COMMENT } from '@shared/community-rules';
import { paths } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { commentAnchor } from '@shared/report-reasons';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { fieldClasses } from '@web/components/ui/input';
import { useMe } from '@web/features/accounts/api';
import { ReportDialog } from '@web/features/reports/ReportDialog';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatFullDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { LogIn, MessageSquare, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAddComment, useDeleteComment, usePostComments } from './api';
import { StaffBadge } from './badges';
import { toastDeleteFailed } from './delete-failed';
import { askToLogIn } from './login-toast';
import { PostContent } from './PostContent';
import { useNow } from './use-now';

/** 'Comentários (n)': the form (signed-in users) and the comments, oldest first. */
export function PostComments({ post }: { post: PostDetail }) {
  const comments = usePostComments(post.id);
  const me = useMe();
  const now = useNow();
  const count = comments.data?.length ?? post.repliesCount;

  return (
    <section aria-labelledby="comentarios-titulo" className="flex flex-col gap-5">
      <h2 id="comentarios-titulo" className="font-display text-lg font-bold tracking-wide text-fg">
        Comentários ({count})
      </h2>

      {me.data ? (
        <CommentForm postId={post.id} />
      ) : me.data === null ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface p-4 text-sm text-muted">
          {m.commentLoginRequired}
          <Link
            to={paths.login}
            className="inline-flex items-center gap-1.5 font-semibold text-accent hover:underline"
          >
            <LogIn aria-hidden className="size-4" />
            Entrar
          </Link>
        </p>
      ) : null}

      {comments.isPending ? (
        <p role="status" className="text-sm text-muted">
          {m.loading}
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted">
          Não foi possível carregar os comentários.
          <Button variant="outline" size="sm" onClick={() => comments.refetch()}>
            Tentar Novamente
          </Button>
        </div>
      ) : comments.data.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          <MessageSquare aria-hidden className="size-4 shrink-0 text-subtle" />
          {m.noComments}
        </p>
      ) : (
        <ul
          aria-label="Comentários"
          className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface px-4 sm:px-5"
        >
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              postId={post.id}
              comment={comment}
              now={now}
              canReport={Boolean(me.data) && me.data?.id !== comment.author.id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentItem({
  postId,
  comment,
  now,
  canReport,
}: {
  postId: number;
  comment: PostComment;
  now: number;
  /** Signed in and not its author: 'Denunciar' (issue 22). */
  canReport: boolean;
}) {
  const { author } = comment;
  return (
    <li id={commentAnchor(comment.id)} className="flex scroll-mt-24 gap-3 py-4">
      <UserAvatar name={author.username} src={null} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold break-all text-fg">{author.username}</span>
            {author.isStaff && <StaffBadge />}
            <time
              dateTime={comment.createdAt}
              title={formatFullDateTime(comment.createdAt)}
              className="text-xs text-subtle"
            >
              {relativeTime(comment.createdAt, now)}
            </time>
          </p>
          <div className="-my-1 -mr-2 flex shrink-0 items-center">
            {canReport && (
              <ReportDialog
                target={{ type: 'post_comment', id: comment.id }}
                triggerLabel={`Denunciar comentário de ${author.username}`}
                triggerClassName="text-subtle!"
                title="Denunciar comentário"
              />
            )}
            {comment.canDelete && <DeleteCommentButton postId={postId} commentId={comment.id} />}
          </div>
        </div>
        <PostContent text={comment.content} className="mt-1 text-sm text-muted" />
      </div>
    </li>
  );
}

function DeleteCommentButton({ postId, commentId }: { postId: number; commentId: number }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteComment(postId);

  const confirm = () =>
    remove.mutate(commentId, {
      onSuccess: () => {
        toast.success(m.commentDeleted);
        setOpen(false);
      },
      onError: toastDeleteFailed,
    });

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Excluir comentário"
        onClick={() => setOpen(true)}
        className="text-subtle! hover:bg-danger/10! hover:text-danger!"
      >
        <Trash2 aria-hidden />
        <span className="hidden sm:inline">Excluir</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir comentário?"
        description="O comentário será removido da conversa. Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        busyLabel="Excluindo..."
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function CommentForm({ postId }: { postId: number }) {
  const id = useId();
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment(postId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (!text) {
      setError(m.commentRequired);
      return;
    }
    add.mutate(text, {
      onSuccess: () => {
        setContent('');
        setError(null);
        toast.success(m.commentAdded);
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 401) {
          askToLogIn(m.commentLoginRequired, () => navigate(paths.login));
          return;
        }
        if (isApiError(failure) && failure.fields.content) setError(failure.fields.content);
        toast.error(m.commentFailed, {
          description: isApiError(failure) && failure.isClientError ? failure.message : undefined,
        });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <label htmlFor={`${id}-comment`} className="text-sm font-medium text-fg">
        Seu comentário
      </label>
      <textarea
        id={`${id}-comment`}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          if (error && event.target.value.trim()) setError(null);
        }}
        maxLength={MAX_COMMENT}
        rows={3}
        placeholder="Escreva um comentário..."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-comment-error` : undefined}
        className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
      />
      <div className="flex items-start justify-between gap-3">
        <p
          id={`${id}-comment-error`}
          role={error ? 'alert' : undefined}
          className="min-h-5 text-sm text-danger"
        >
          {error}
        </p>
        <Button type="submit" busy={add.isPending}>
          {!add.isPending && <Send aria-hidden />}
          Comentar
        </Button>
      </div>
    </form>
  );
}
