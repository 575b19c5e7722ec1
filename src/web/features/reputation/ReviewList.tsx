import { paths } from '@shared/paths';
import { ratingLabels } from '@shared/review-messages';
import type { PublicReview, ReviewPage } from '@shared/reviews';
import type { UseQueryResult } from '@tanstack/react-query';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/format';
import { MessageSquareReply, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Stars } from './SealBadges';

/** A page of published reviews with 'Anteriores'/'Próximas'; newest first (the server's order). */
export function ReviewList({
  query,
  page,
  onPage,
  empty,
  showListing = false,
  answerSlot,
}: {
  query: UseQueryResult<ReviewPage>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  showListing?: boolean;
  /** What goes under a review without an answer (the seller's answer form, for the seller). */
  answerSlot?: (review: PublicReview) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando avaliações" className="flex flex-col gap-3">
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-20 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted">
        Não foi possível carregar as avaliações.
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Tentar Novamente
        </Button>
      </div>
    );
  }
  const { items, total, pageSize } = query.data;
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-dashed border-line p-4 text-sm text-muted">
        <Star aria-hidden className="size-4 shrink-0 text-subtle" />
        {empty}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-line">
        {items.map((review) => (
          <ReviewItem key={review.id} review={review} showListing={showListing} answerSlot={answerSlot} />
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Páginas de avaliações" className="flex items-center justify-center gap-3 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Anteriores
          </Button>
          <span className="text-muted">
            Página {page} de {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Próximas
          </Button>
        </nav>
      )}
    </div>
  );
}

function ReviewItem({
  review,
  showListing,
  answerSlot,
}: {
  review: PublicReview;
  showListing: boolean;
  answerSlot?: (review: PublicReview) => React.ReactNode;
}) {
  const { author, subject } = review;
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <UserAvatar name={author.username} src={author.avatarUrl} size="md" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <Link
            to={paths.user(author.username)}
            className="inline-flex min-h-6 items-center font-semibold text-fg hover:underline"
          >
            {author.username}
          </Link>
          <Stars rating={review.rating} />
          <span className="text-xs text-muted">{ratingLabels[review.rating]}</span>
          <time dateTime={review.createdAt} className="text-xs text-subtle">
            {formatDateTime(review.createdAt)}
          </time>
          {review.refunded && (
            <span className="rounded-full border border-warning/40 bg-warning/10 px-2 py-px text-[0.7rem] font-semibold text-warning">
              Negociação reembolsada
            </span>
          )}
        </p>
        {showListing && (
          <p className="mt-0.5 text-xs text-subtle">
            {review.listingId !== null ? (
              <Link
                to={paths.listing(review.listingId)}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {review.listingTitle}
              </Link>
            ) : (
              review.listingTitle
            )}
          </p>
        )}
        {review.comment && (
          <p className="mt-1 text-sm whitespace-pre-line break-words text-muted">{review.comment}</p>
        )}
        {review.answer ? (
          <div className="mt-3 rounded-xl border border-line bg-surface-2 p-3">
            <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-fg">
              <MessageSquareReply aria-hidden className="size-3.5 text-accent" />
              Resposta de {subject.username}
              {subject.isStaff && (
                <span className="rounded-full border border-warning/40 bg-warning/10 px-2 py-px text-[0.7rem] text-warning">
                  Equipe
                </span>
              )}
            </p>
            <p className="mt-1 text-sm whitespace-pre-line break-words text-muted">{review.answer}</p>
          </div>
        ) : (
          answerSlot?.(review)
        )}
      </div>
    </li>
  );
}
