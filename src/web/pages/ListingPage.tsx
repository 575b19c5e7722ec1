import { listingMessages as m } from '@shared/listing-messages';
import type { ListingDetail } from '@shared/listings';
import { paths } from '@shared/paths';
import { useMe } from '@web/features/accounts/api';
import { useListing } from '@web/features/listings/api';
import { Breadcrumb } from '@web/features/listings/detail/Breadcrumb';
import { BuyBox } from '@web/features/listings/detail/BuyBox';
import { useBuyNow } from '@web/features/listings/detail/buy-now';
import { Characteristics } from '@web/features/listings/detail/Characteristics';
import { Comments } from '@web/features/listings/detail/Comments';
import { Description } from '@web/features/listings/detail/Description';
import { Gallery } from '@web/features/listings/detail/Gallery';
import { ListingNav } from '@web/features/listings/detail/ListingNav';
import { ListingNotFound } from '@web/features/listings/detail/ListingNotFound';
import { ListingSkeleton } from '@web/features/listings/detail/ListingSkeleton';
import { ListingUnavailable } from '@web/features/listings/detail/ListingUnavailable';
import { MobileBuyBar } from '@web/features/listings/detail/MobileBuyBar';
import { ProtectionBlock } from '@web/features/listings/detail/ProtectionBlock';
import { SellerCard } from '@web/features/listings/detail/SellerCard';
import { ListingOffersBlock } from '@web/features/offers/ListingOffersBlock';
import { ReportDialog } from '@web/features/reports/ReportDialog';
import { ListingReviews } from '@web/features/reputation/ListingReviews';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';

/** '/listing/:id': one listing, its seller, the way to buy and the public questions. */
export default function ListingPage() {
  const id = parseListingId(useParams().id);
  const listing = useListing(id);
  const navigate = useNavigate();
  const unavailable = isApiError(listing.error) && listing.error.code === 'LISTING_UNAVAILABLE';
  const notFound = id === null || (isApiError(listing.error) && listing.error.status === 404);
  const failed = listing.isError && !notFound;

  // Part 1 §8: any other failure is a toast and the way home.
  useEffect(() => {
    if (!failed) return;
    toast.error('Erro', { description: m.loadFailed });
    navigate(paths.home, { replace: true });
  }, [failed, navigate]);

  if (unavailable) return <ListingUnavailable />;
  if (notFound) return <ListingNotFound />;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      {listing.data ? (
        <ListingView key={listing.data.id} listing={listing.data} />
      ) : (
        <>
          <title>Anúncio | Mercado Gamer</title>
          <ListingSkeleton />
        </>
      )}
    </div>
  );
}

function ListingView({ listing }: { listing: ListingDetail }) {
  const me = useMe();
  const isOwner = me.data?.id === listing.seller.id;
  const canOffer = Boolean(me.data) && !isOwner;
  const buyNow = useBuyNow(listing.id);
  const actionsRef = useRef<HTMLDivElement>(null);

  return (
    <>
      <title>{`${listing.title} | Mercado Gamer`}</title>
      <div className="xl:grid xl:grid-cols-[14rem_minmax(0,1fr)] xl:gap-8">
        <aside aria-label="Atalhos" className="hidden xl:block">
          <div className="sticky top-24">
            <ListingNav listing={listing} />
          </div>
        </aside>

        <div className="flex min-w-0 flex-col gap-5">
          <Breadcrumb listing={listing} />
          {/* One column on phones (gallery, buy box, the rest); from 768px the buy box sits on the right. */}
          <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_22rem]">
            <Gallery images={listing.images} title={listing.title} />
            <div className="self-stretch md:col-start-2 md:row-span-2 md:row-start-1">
              <div className="flex flex-col gap-4 md:sticky md:top-[4.5rem] lg:top-20">
                <BuyBox
                  listing={listing}
                  buyNow={buyNow}
                  isOwner={isOwner}
                  canOffer={canOffer}
                  actionsRef={actionsRef}
                />
                <SellerCard seller={listing.seller} />
                {me.data && !isOwner && (
                  <div className="flex flex-wrap gap-1">
                    <ReportDialog
                      target={{ type: 'listing', id: listing.id }}
                      trigger="Denunciar anúncio"
                      title="Denunciar anúncio"
                    />
                    <ReportDialog
                      target={{ type: 'user', id: listing.seller.id }}
                      trigger="Denunciar vendedor"
                      title={`Denunciar ${listing.seller.username}`}
                    />
                  </div>
                )}
              </div>
            </div>
            <div className="flex min-w-0 flex-col gap-6 md:col-start-1">
              {isOwner && <ListingOffersBlock listingId={listing.id} />}
              <Characteristics listing={listing} />
              <Description text={listing.description} />
              <ProtectionBlock kind={listing.kind} />
              <ListingReviews listingId={listing.id} />
              <Comments listingId={listing.id} />
            </div>
          </div>
        </div>
      </div>
      <MobileBuyBar
        listing={listing}
        buyNow={buyNow}
        isOwner={isOwner}
        canOffer={canOffer}
        watch={actionsRef}
      />
    </>
  );
}

/** A positive integer id, or null for anything else ('/listing/abc'). */
function parseListingId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
