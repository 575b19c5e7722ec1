import { formatPrice } from '@shared/money';
import type { ListingOffer } from '@shared/offers';
import { paths } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { HandCoins } from 'lucide-react';
import { Link } from 'react-router';
import { useListingOffers } from './api';
import { ReceivedOfferButtons } from './OfferAnswerButtons';
import { LowOfferLabel, OfferStatusBadge } from './OfferStatusBadge';
import { useOfferAnswers } from './useOfferAnswers';

/** 'Ofertas recebidas' on the seller's own listing page: the latest 10, with Aceitar / Recusar. */
export function ListingOffersBlock({ listingId, priceCents }: { listingId: number; priceCents: number }) {
  const offers = useListingOffers(listingId, true);
  const answers = useOfferAnswers();

  return (
    <section
      aria-labelledby="ofertas-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ofertas-titulo" className="flex items-center gap-2 font-display text-lg font-bold text-fg">
          Ofertas recebidas
          {offers.data && offers.data.length > 0 && (
            <span className="rounded-full bg-surface-3 px-2 py-0.5 font-sans text-xs font-semibold text-muted">
              {offers.data.length}
            </span>
          )}
        </h2>
        <Link to={paths.myOffers} className="text-sm font-semibold text-accent hover:underline">
          Ver todas
        </Link>
      </div>

      <div className="mt-4">
        {offers.isPending ? (
          <OffersSkeleton />
        ) : offers.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted">
            Não foi possível carregar as ofertas.
            <Button variant="outline" size="sm" onClick={() => offers.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : offers.data.length === 0 ? (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-line p-4 text-sm text-muted">
            <HandCoins aria-hidden className="size-4 shrink-0 text-subtle" />
            Nenhuma oferta ainda. Quando alguém fizer uma oferta, ela aparece aqui.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {offers.data.map((offer) => (
              <OfferItem key={offer.id} offer={offer} priceCents={priceCents} answers={answers} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OfferItem({
  offer,
  priceCents,
  answers,
}: {
  offer: ListingOffer;
  priceCents: number;
  answers: ReturnType<typeof useOfferAnswers>;
}) {
  const amount = formatPrice(offer.amountCents);
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0" aria-label={`Oferta de ${offer.buyer.name}`}>
      <UserAvatar name={offer.buyer.name} src={offer.buyer.avatarUrl} size="md" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold break-all text-fg">{offer.buyer.name}</span>
          <OfferStatusBadge status={offer.status} />
          <time dateTime={offer.createdAt} className="text-xs text-subtle">
            {relativeTime(offer.createdAt)}
          </time>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-display text-lg font-bold text-accent">{amount}</span>
          <LowOfferLabel amountCents={offer.amountCents} priceCents={priceCents} />
        </p>
        {offer.message && (
          <p className="text-sm whitespace-pre-line break-words text-muted">{offer.message}</p>
        )}
        {offer.status === 'pending' && (
          <ReceivedOfferButtons
            offer={{ id: offer.id, buyerName: offer.buyer.name, amount }}
            answers={answers}
          />
        )}
      </div>
    </li>
  );
}

function OffersSkeleton() {
  return (
    <div role="status" aria-label="Carregando ofertas" className="flex flex-col gap-4">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40 rounded" />
            <Skeleton className="h-5 w-24 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}
