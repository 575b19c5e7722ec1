import { reviewMessages as m } from '@shared/review-messages';
import {
  MAX_REVIEW_ANSWER,
  MAX_REVIEW_COMMENT,
  type PublicReview,
  REVIEW_FORM_ANCHOR,
  ratingLabels,
  type TradeReviews,
} from '@shared/reviews';
import type { TradeView } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { fieldClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Star } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAnswerReview, useSaveReview, useTradeReviews } from './api';
import { Stars } from './SealBadges';

/** The trade room's 'Avaliação' block: shown once the trade is completed or refunded. */
export function TradeReviewPanel({ trade }: { trade: TradeView }) {
  if (trade.state !== 'completed' && trade.state !== 'refunded') return null;
  return <Panel tradeId={trade.id} />;
}

function Panel({ tradeId }: { tradeId: number }) {
  const reviews = useTradeReviews(tradeId);
  const [editing, setEditing] = useState(false);
  const data = reviews.data;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = data !== undefined;
  // A review request's link ends in '#avaliacao': the block appears after the room loads, so bring it into view then.
  useEffect(() => {
    if (loaded && hash === `#${REVIEW_FORM_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  if (!data) return null;
  const other = data.myRole === 'buyer' ? 'o vendedor' : 'o comprador';
  return (
    <section
      ref={section}
      id={REVIEW_FORM_ANCHOR}
      aria-labelledby="avaliacao-titulo"
      className="scroll-mt-44 rounded-2xl border border-line bg-surface p-5 lg:scroll-mt-24 lg:p-6"
    >
      <h2 id="avaliacao-titulo" className="flex items-center gap-2 font-display text-lg font-bold text-fg">
        <Star aria-hidden className="size-5 text-warning" />
        Avaliação
      </h2>
      {data.myRole === null ? (
        <StaffView data={data} />
      ) : (
        <div className="mt-4 flex flex-col gap-5">
          {data.canWrite || editing ? (
            <ReviewForm
              tradeId={tradeId}
              mine={editing ? data.mine : null}
              other={other}
              onDone={() => setEditing(false)}
            />
          ) : data.mine ? (
            <div>
              <h3 className="text-sm font-semibold text-fg">Sua avaliação</h3>
              <ReviewBody review={data.mine} />
              {data.canEdit && (
                <Button variant="outline" size="sm" className="mt-2" onClick={() => setEditing(true)}>
                  Editar avaliação
                </Button>
              )}
            </div>
          ) : data.refunded && data.myRole === 'seller' ? (
            <p className="text-sm text-muted">{m.sellerRefunded}</p>
          ) : (
            <p className="text-sm text-muted">{m.windowClosed}</p>
          )}
          <div>
            <h3 className="text-sm font-semibold text-fg">
              {data.myRole === 'buyer' ? 'Avaliação do vendedor' : 'Avaliação do comprador'}
            </h3>
            {data.theirs ? (
              <>
                <ReviewBody review={data.theirs} />
                {data.theirs.answer ? (
                  <p className="mt-2 rounded-xl border border-line bg-surface-2 p-3 text-sm text-muted">
                    <span className="font-semibold text-fg">Sua resposta: </span>
                    {data.theirs.answer}
                  </p>
                ) : (
                  <AnswerForm review={data.theirs} />
                )}
              </>
            ) : (
              <p className="mt-1 text-sm text-muted">
                {data.otherWrote
                  ? 'A avaliação da outra parte será publicada quando você avaliar também ou quando o prazo de 7 dias terminar.'
                  : `Ainda não há avaliação ${data.myRole === 'buyer' ? 'do vendedor' : 'do comprador'}.`}
              </p>
            )}
          </div>
          {data.periodEndsAt && (
            <p className="text-xs text-subtle">
              Prazo para avaliar e editar: até {formatDateTime(data.periodEndsAt)}. Nenhuma parte vê a
              avaliação da outra antes de as duas avaliarem ou de o prazo terminar.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function StaffView({ data }: { data: TradeReviews }) {
  return data.published.length === 0 ? (
    <p className="mt-3 text-sm text-muted">Nenhuma avaliação publicada nesta intermediação.</p>
  ) : (
    <ul className="mt-3 flex flex-col gap-3">
      {data.published.map((review) => (
        <li key={review.id}>
          <p className="text-sm font-semibold text-fg">{review.author.username}</p>
          <ReviewBody review={review} />
        </li>
      ))}
    </ul>
  );
}

function ReviewBody({ review }: { review: PublicReview }) {
  return (
    <div className="mt-1">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Stars rating={review.rating} />
        <span className="text-muted">{ratingLabels[review.rating]}</span>
      </p>
      {review.comment && (
        <p className="mt-1 text-sm whitespace-pre-line break-words text-muted">{review.comment}</p>
      )}
    </div>
  );
}

function ReviewForm({
  tradeId,
  mine,
  other,
  onDone,
}: {
  tradeId: number;
  mine: PublicReview | null;
  other: string;
  onDone: () => void;
}) {
  // No star is chosen for the reviewer: a rating is what they say, never what the form assumed.
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [missingRating, setMissingRating] = useState(false);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const save = useSaveReview(tradeId, mine !== null);
  const id = useId();
  const firstStar = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setMissingRating(true);
      firstStar.current?.focus();
      return;
    }
    save.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => {
          toast.success(mine ? m.updated : m.saved);
          onDone();
        },
        onError: (error) =>
          toast.error('Não foi possível enviar a avaliação', { description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <fieldset aria-describedby={missingRating ? `${id}-nota-erro` : undefined}>
        <legend className="text-sm font-medium text-fg">Sua nota para {other}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className={cn(
                'flex cursor-pointer items-center gap-1.5 rounded-lg border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-accent',
                n === rating
                  ? 'border-accent bg-accent-soft text-fg'
                  : 'border-line text-muted hover:text-fg',
              )}
            >
              <input
                type="radio"
                name={`${id}-nota`}
                value={n}
                checked={n === rating}
                onChange={() => {
                  setRating(n);
                  setMissingRating(false);
                }}
                ref={n === 1 ? firstStar : undefined}
                className="sr-only"
              />
              <Star
                aria-hidden
                className={cn('size-4', rating !== null && n <= rating ? 'fill-warning text-warning' : '')}
              />
              {n} – {ratingLabels[n]}
            </label>
          ))}
        </div>
        {missingRating && (
          <p id={`${id}-nota-erro`} role="alert" className="mt-2 text-sm text-danger">
            {m.ratingInvalid}
          </p>
        )}
      </fieldset>
      <label htmlFor={`${id}-comentario`} className="text-sm font-medium text-fg">
        Comentário (opcional)
      </label>
      <textarea
        id={`${id}-comentario`}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={MAX_REVIEW_COMMENT}
        rows={3}
        placeholder="Conte como foi a negociação..."
        className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
      />
      <div className="flex justify-end gap-2">
        {mine && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancelar
          </Button>
        )}
        <Button type="submit" busy={save.isPending}>
          {mine ? 'Salvar avaliação' : 'Enviar avaliação'}
        </Button>
      </div>
    </form>
  );
}

/** The rated side's one public answer. */
export function AnswerForm({ review }: { review: PublicReview }) {
  const [answer, setAnswer] = useState('');
  const send = useAnswerReview();
  const id = useId();
  const blank = answer.trim() === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    send.mutate(
      { reviewId: review.id, answer: answer.trim() },
      {
        onSuccess: () => toast.success(m.answered),
        onError: (error) =>
          toast.error('Não foi possível publicar a resposta', { description: error.message }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2">
      <label htmlFor={`${id}-resposta`} className="text-sm font-medium text-fg">
        Responder publicamente
      </label>
      <textarea
        id={`${id}-resposta`}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        maxLength={MAX_REVIEW_ANSWER}
        rows={2}
        className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
      />
      <Button type="submit" size="sm" className="self-end" disabled={blank} busy={send.isPending}>
        Publicar resposta
      </Button>
    </form>
  );
}
