import { listingMessages as m } from '@shared/listing-messages';
import type { ListingComment } from '@shared/listings';
import { paths } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { commentAnchor } from '@shared/report-reasons';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { fieldClasses } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { ReportDialog } from '@web/features/reports/ReportDialog';
import { cn } from '@web/lib/cn';
import { formatFullDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { MessageSquare, Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useComments, usePostComment } from '../api';

/** 'Perguntas e comentários': public questions to the seller, stored on the server. */
export function Comments({ listingId }: { listingId: number }) {
  const comments = useComments(listingId);
  const me = useMe();
  const now = useNow();

  return (
    <section
      aria-labelledby="comentarios-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <h2 id="comentarios-titulo" className="flex items-center gap-2 font-display text-lg font-bold text-fg">
        Perguntas e comentários
        {comments.data && comments.data.length > 0 && (
          <span className="rounded-full bg-surface-3 px-2 py-0.5 font-sans text-xs font-semibold text-muted">
            {comments.data.length}
          </span>
        )}
      </h2>

      <div className="mt-4">
        {comments.isPending ? (
          <CommentsSkeleton />
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
            Nenhum comentário ainda. Tire suas dúvidas com o vendedor!
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {comments.data.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                now={now}
                canReport={Boolean(me.data) && me.data?.id !== comment.author.id}
              />
            ))}
          </ul>
        )}
      </div>

      <div className="mt-5 border-t border-line pt-5">
        {me.data ? (
          <CommentForm listingId={listingId} />
        ) : me.data === null ? (
          <p className="text-sm text-muted">
            <Link to={paths.login} className="font-semibold text-accent hover:underline">
              Entre na sua conta
            </Link>{' '}
            para fazer uma pergunta ao vendedor.
          </p>
        ) : null}
      </div>
    </section>
  );
}

function CommentItem({
  comment,
  now,
  canReport,
}: {
  comment: ListingComment;
  now: number;
  /** Signed in and not its author: 'Denunciar' (issue 22). */
  canReport: boolean;
}) {
  const { author } = comment;
  return (
    <li id={commentAnchor(comment.id)} className="flex scroll-mt-24 gap-3 py-4 first:pt-0 last:pb-0">
      <UserAvatar name={author.username} src={author.avatarUrl} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold text-fg">{author.username}</span>
            {author.isSeller && <Badge tone="accent">Vendedor</Badge>}
            {author.isStaff && <Badge tone="warning">Equipe</Badge>}
            <time
              dateTime={comment.createdAt}
              title={formatFullDateTime(comment.createdAt) || undefined}
              className="text-xs text-subtle"
            >
              {relativeTime(comment.createdAt, now)}
            </time>
          </p>
          {canReport && (
            <ReportDialog
              target={{ type: 'listing_comment', id: comment.id }}
              triggerLabel={`Denunciar comentário de ${author.username}`}
              triggerClassName="-my-1 -mr-2 shrink-0 text-subtle!"
              title="Denunciar comentário"
            />
          )}
        </div>
        <p className="mt-1 text-sm whitespace-pre-line break-words text-muted">{comment.body}</p>
      </div>
    </li>
  );
}

function Badge({ tone, children }: { tone: 'accent' | 'warning'; children: string }) {
  return (
    <span
      className={cn(
        'rounded-full border px-2 py-px text-[0.7rem] font-semibold',
        tone === 'accent'
          ? 'border-accent/40 bg-accent-soft text-accent'
          : 'border-warning/40 bg-warning/10 text-warning',
      )}
    >
      {children}
    </span>
  );
}

function CommentForm({ listingId }: { listingId: number }) {
  const [body, setBody] = useState('');
  const post = usePostComment(listingId);
  const blank = body.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    post.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        toast.success(m.commentSent);
      },
      onError: (error) => toast.error(m.commentFailed, { description: error.message }),
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <label htmlFor="novo-comentario" className="text-sm font-medium text-fg">
        Seu comentário
      </label>
      <textarea
        id="novo-comentario"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={1000}
        rows={3}
        placeholder="Faça uma pergunta ao vendedor..."
        className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
      />
      <Button type="submit" className="self-end" disabled={blank} busy={post.isPending}>
        {!post.isPending && <Send aria-hidden />}
        Enviar
      </Button>
    </form>
  );
}

function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Carregando comentários" className="flex flex-col gap-4">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40 rounded" />
            <Skeleton className="h-4 w-full max-w-md rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The current time, refreshed every minute so 'há n minutos' stays true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
