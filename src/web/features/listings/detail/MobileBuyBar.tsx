import type { ListingDetail } from '@shared/listings';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { MakeOfferButton } from '@web/features/offers/MakeOfferButton';
import { Pencil } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { BuyNowButton } from './BuyNowButton';
import type { BuyNow } from './buy-now';

interface MobileBuyBarProps {
  listing: ListingDetail;
  buyNow: BuyNow;
  isOwner: boolean;
  canOffer: boolean;
  /** The buy box's actions: the bar shows while they are off screen. */
  watch: RefObject<HTMLElement | null>;
}

/**
 * Below 768px: price and 'Comprar agora' pinned just above the bottom tab bar (4rem and its 1px border)
 * while the buy box is off screen. Its background is opaque (no page text shows through behind the price), and its
 * bottom padding leaves room for the tab bar's raised 'Serviços' button (1.25rem above the tab bar), so that button
 * never covers this bar's buttons. Render it after the page's content: it steps aside once the end of the content is in view, so
 * it never covers the last lines or the footer.
 */
export function MobileBuyBar({ listing, buyNow, isOwner, canOffer, watch }: MobileBuyBarProps) {
  const end = useRef<HTMLDivElement>(null);
  const actionsVisible = useOnScreen(watch);
  const endVisible = useOnScreen(end);
  return (
    <>
      <div ref={end} aria-hidden />
      {!actionsVisible && !endVisible && (
        <section
          aria-label="Compra rápida"
          className="fixed inset-x-0 bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-20 border-t border-line bg-surface px-4 pt-2.5 pb-8 shadow-[0_-8px_24px_-12px_rgb(0_0_0/0.6)] md:hidden"
        >
          <div className="mx-auto flex max-w-lg items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate text-xs text-muted">{listing.title}</p>
              <p className="font-display text-lg font-bold text-accent">{formatPrice(listing.priceCents)}</p>
            </div>
            {isOwner ? (
              <ButtonLink to={paths.editListing(listing.id)}>
                <Pencil aria-hidden />
                Editar anúncio
              </ButtonLink>
            ) : (
              <div className="flex shrink-0 gap-2">
                {canOffer && <MakeOfferButton listing={listing} iconOnly />}
                <BuyNowButton buyNow={buyNow} priceCents={listing.priceCents} size="md" />
              </div>
            )}
          </div>
        </section>
      )}
    </>
  );
}

/** Whether the element shows between the sticky top bar (56px) and the two bottom bars (~160px). */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true), {
      rootMargin: '-56px 0px -160px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
