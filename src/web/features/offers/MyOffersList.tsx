import { formatPrice } from '@shared/money';
import { offerMessages as m } from '@shared/offer-messages';
import type { MyOffer, OfferBox } from '@shared/offers';
import { paths } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { UserAvatar } from '@web/components/ui/avatar';
import { ButtonLink } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatFullDateTime } from '@web/lib/format';
import { Hourglass, Inbox, Send, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useMyOffers } from './api';
import { ReceivedOfferButtons, SentOfferButtons } from './OfferAnswerButtons';
import { LowOfferLabel, OfferStatusBadge } from './OfferStatusBadge';
import { useOfferAnswers } from './useOfferAnswers';

/** One box of /minhas-ofertas: the newest offers received or sent, each with what can be done with it. */
export function MyOffersList({ box }: { box: OfferBox }) {
  const offers = useMyOffers(box);
  const answers = useOfferAnswers();

  return (
    <QueryState
      query={offers}
      loading={<OffersSkeleton />}
      errorTitle="Erro ao carregar ofertas"
      isEmpty={(list) => list.length === 0}
      empty={<EmptyBox box={box} />}
    >
      {(list) => (
        <ul className="flex flex-col gap-3">
          {list.map((offer) => (
            <OfferRow key={offer.id} offer={offer} box={box} answers={answers} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function OfferRow({
  offer,
  box,
  answers,
}: {
  offer: MyOffer;
  box: OfferBox;
  answers: ReturnType<typeof useOfferAnswers>;
}) {
  const amount = formatPrice(offer.amountCents);
  const counterpart = box === 'received' ? offer.buyer : offer.seller;
  const pending = offer.status === 'pending';
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-start sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link
            to={paths.listing(offer.listing.id)}
            className="min-w-0 font-semibold break-words text-fg hover:text-accent hover:underline"
          >
            {offer.listing.title}
          </Link>
          <OfferStatusBadge status={offer.status} />
        </div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-display text-xl font-bold text-accent">{amount}</span>
          <span className="text-xs text-subtle">anunciado por {formatPrice(offer.listing.priceCents)}</span>
          {box === 'received' && (
            <LowOfferLabel amountCents={offer.amountCents} priceCents={offer.listing.priceCents} />
          )}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <UserAvatar name={counterpart.name} src={counterpart.avatarUrl} size="sm" />
          <span>
            {box === 'received' ? 'De ' : 'Para '}
            <span className="font-semibold break-all text-fg">{counterpart.name}</span>
          </span>
          <span aria-hidden>•</span>
          <time
            dateTime={offer.createdAt}
            title={formatFullDateTime(offer.createdAt) || undefined}
            className="text-xs text-subtle"
          >
            {relativeTime(offer.createdAt)}
          </time>
        </p>
        {offer.message && (
          <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm whitespace-pre-line break-words text-muted">
            {offer.message}
          </p>
        )}
        {pending && offer.stockReserved && (
          <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-fg">
            <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            {m.stockReserved}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
        {pending && box === 'received' && (
          <ReceivedOfferButtons
            offer={{ id: offer.id, buyerName: offer.buyer.name, amount }}
            answers={answers}
          />
        )}
        {pending && box === 'sent' && <SentOfferButtons offer={{ id: offer.id, amount }} answers={answers} />}
        {offer.status === 'accepted' && offer.tradeId !== null && (
          <ButtonLink to={paths.trade(offer.tradeId)} size="sm" variant="outline">
            <ShieldCheck aria-hidden />
            Abrir intermediação
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

function EmptyBox({ box }: { box: OfferBox }) {
  const received = box === 'received';
  const Icon = received ? Inbox : Send;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <Icon aria-hidden className="size-8 text-subtle" />
      <p className="font-semibold text-fg">
        {received ? 'Nenhuma oferta recebida ainda' : 'Você ainda não fez nenhuma oferta'}
      </p>
      <p className="max-w-sm text-sm text-muted">
        {received
          ? 'Quando alguém fizer uma oferta num anúncio seu, ela aparece aqui para você aceitar ou recusar.'
          : 'Encontrou algo interessante? Use “Fazer oferta” na página do produto para propor um valor.'}
      </p>
      <ButtonLink to={received ? '/publicar-produto' : '/marketplace'} variant="outline" size="sm">
        {received ? 'Publicar um produto' : 'Explorar o marketplace'}
      </ButtonLink>
    </div>
  );
}

function OffersSkeleton() {
  return (
    <div role="status" aria-label="Carregando ofertas" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="h-4 w-56 max-w-full rounded" />
          <Skeleton className="h-6 w-28 rounded" />
          <Skeleton className="h-4 w-40 rounded" />
        </div>
      ))}
    </div>
  );
}
