import { buyerPaysLine } from '@shared/fees';
import type { ListingDetail } from '@shared/listings';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { Button, ButtonLink } from '@web/components/ui/button';
import { MakeOfferButton } from '@web/features/offers/MakeOfferButton';
import { cn } from '@web/lib/cn';
import { KeyRound, MessagesSquare, Pencil, Zap } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { INSTANT_DELIVERY_PROMISE, instantDeliveryOf } from '../instant';
import { BuyNowButton } from './BuyNowButton';
import type { BuyNow } from './buy-now';
import { RevealedContact } from './ContactButton';

interface BuyBoxProps {
  listing: ListingDetail;
  buyNow: BuyNow;
  isOwner: boolean;
  /** A signed-in member who is not the seller: 'Fazer oferta' shows (part 1 §2). */
  canOffer: boolean;
  /** The actions row, watched to show the mobile buy bar once it scrolls away. */
  actionsRef: Ref<HTMLDivElement>;
}

/** Title, price, stock and the ways to buy. */
export function BuyBox({ listing, buyNow, isOwner, canOffer, actionsRef }: BuyBoxProps) {
  const [talkOpen, setTalkOpen] = useState(false);
  const talkId = useId();
  const available = listing.status === 'active' && listing.quantity > 0;
  const instant = instantDeliveryOf(listing);

  return (
    <section
      aria-label="Compra"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <div>
        {instant && <InstantBadge />}
        <h1 className="font-display text-xl leading-snug font-bold tracking-wide break-words text-fg">
          {listing.title}
        </h1>
        {listing.shortDescription && (
          <p className="mt-2 line-clamp-3 text-sm break-words text-muted">{listing.shortDescription}</p>
        )}
      </div>

      <div>
        <p className="font-display text-3xl font-bold text-accent text-glow">
          {formatPrice(listing.priceCents)}
        </p>
        {/* No installments: no payment provider offers them, so the price line promises only the PIX. */}
        <p className="mt-1 text-sm text-muted">{buyerPaysLine(listing.priceCents)}</p>
      </div>

      <p
        className={cn(
          'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
          available ? 'border-accent/30 bg-accent-soft text-fg' : 'border-line bg-surface-2 text-muted',
        )}
      >
        <span aria-hidden className={cn('size-2 rounded-full', available ? 'bg-accent' : 'bg-subtle')} />
        {available
          ? `Disponível • Estoque: ${listing.quantity}`
          : listing.status === 'paused' && isOwner
            ? 'Pausado • adicione códigos para voltar à venda'
            : 'Esgotado'}
      </p>
      {instant && !isOwner && (
        <p className="-mt-3 flex items-center gap-2 text-sm font-medium text-fg">
          <Zap aria-hidden className="size-4 text-accent" />
          {INSTANT_DELIVERY_PROMISE}
        </p>
      )}

      <div ref={actionsRef} className="flex flex-col gap-2">
        {isOwner ? (
          <>
            <ButtonLink to={paths.editListing(listing.id)} size="lg" className="w-full">
              <Pencil aria-hidden />
              Editar anúncio
            </ButtonLink>
            {instant && (
              <ButtonLink
                to={paths.listingCodes(listing.id)}
                variant="secondary"
                size="lg"
                className="w-full"
              >
                <KeyRound aria-hidden />
                Gerenciar códigos
              </ButtonLink>
            )}
            <p className="text-center text-xs text-muted">Este anúncio é seu.</p>
          </>
        ) : (
          <>
            <BuyNowButton buyNow={buyNow} priceCents={listing.priceCents} className="w-full" resume />
            {canOffer && <MakeOfferButton listing={listing} className="w-full" resume />}
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              aria-expanded={talkOpen}
              aria-controls={talkId}
              onClick={() => setTalkOpen((open) => !open)}
            >
              <MessagesSquare aria-hidden />
              Falar com o vendedor
            </Button>
          </>
        )}
      </div>

      {!isOwner && (
        <p
          id={talkId}
          hidden={!talkOpen}
          className="rounded-lg border border-line bg-surface-2 p-3 text-sm text-muted"
        >
          Para falar com o vendedor, clique em <strong className="text-fg">Comprar agora</strong> e escolha{' '}
          <strong className="text-fg">Falar pelo WhatsApp</strong>: o número dele aparece aqui e a conversa
          abre numa nova aba.
        </p>
      )}
      {buyNow.contact && <RevealedContact contact={buyNow.contact} />}
    </section>
  );
}

/** 'Entrega automática' above the title: the listing delivers a code by itself once the payment is confirmed. */
export function InstantBadge() {
  return (
    <p className="mb-2 inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
      <Zap aria-hidden className="size-3.5" />
      Entrega automática
    </p>
  );
}
