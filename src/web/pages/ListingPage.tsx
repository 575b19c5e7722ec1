import { listingMessages as m } from '@shared/listing-messages';
import type { ListingDetail } from '@shared/listings';
import { paths } from '@shared/paths';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { useListing } from '@web/features/listings/api';
import { Breadcrumb } from '@web/features/listings/detail/Breadcrumb';
import { BuyBox } from '@web/features/listings/detail/BuyBox';
import { useBuyNow } from '@web/features/listings/detail/buy-now';
import { Characteristics } from '@web/features/listings/detail/Characteristics';
import { Comments } from '@web/features/listings/detail/Comments';
import { Description } from '@web/features/listings/detail/Description';
import { Gallery } from '@web/features/listings/detail/Gallery';
import { ListingNotFound } from '@web/features/listings/detail/ListingNotFound';
import { ListingSkeleton } from '@web/features/listings/detail/ListingSkeleton';
import { ListingUnavailable } from '@web/features/listings/detail/ListingUnavailable';
import { MobileBuyBar } from '@web/features/listings/detail/MobileBuyBar';
import { ProtectionBlock } from '@web/features/listings/detail/ProtectionBlock';
import { PublishedNotice, useJustPublished } from '@web/features/listings/detail/PublishedNotice';
import { SellerCard } from '@web/features/listings/detail/SellerCard';
import { ReportDialog } from '@web/features/reports/ReportDialog';
import { ListingReviews } from '@web/features/reputation/ListingReviews';
import { useStartTrade } from '@web/features/trades/api';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

// Only the seller sees the offers received (with their answer buttons and confirm dialog): nobody else loads them.
const ListingOffersBlock = lazy(() =>
  import('@web/features/offers/ListingOffersBlock').then((module) => ({
    default: module.ListingOffersBlock,
  })),
);

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
  const buyNow = useBuyNow(listing.id, useStartTrade()); // trades' start, handed to listings (README, Layers)
  const actionsRef = useRef<HTMLDivElement>(null);
  const justPublished = useJustPublished() && isOwner;

  return (
    <>
      <title>{`${listing.title} | Mercado Gamer`}</title>
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex min-w-0 items-center gap-4">
          <Link
            to={paths.marketplace}
            className="hidden shrink-0 items-center gap-1.5 text-sm font-medium text-muted transition-colors hover:text-accent sm:inline-flex"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Voltar ao Marketplace
          </Link>
          <span aria-hidden className="hidden h-4 border-l border-line sm:block" />
          <Breadcrumb listing={listing} />
        </div>
        {justPublished && <PublishedNotice listingId={listing.id} title={listing.title} />}
        {/*
          One column on phones (gallery, buy box, trust block, the rest). From 768px the buy box and the trust block
          (seller, seals, protection) sit on the right of a gallery that takes the rest of the width.
        */}
        <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-8">
          <Gallery images={listing.images} title={listing.title} />
          <div className="flex flex-col gap-4 md:col-start-2 md:row-span-2 md:row-start-1">
            <BuyBox
              listing={listing}
              buyNow={buyNow}
              isOwner={isOwner}
              canOffer={canOffer}
              actionsRef={actionsRef}
            />
            <SellerCard seller={listing.seller} />
            <ProtectionBlock kind={listing.kind} />
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
          <div className="flex min-w-0 flex-col gap-6 md:col-start-1">
            {isOwner && (
              <Suspense fallback={<OffersBlockSkeleton />}>
                <ListingOffersBlock listingId={listing.id} priceCents={listing.priceCents} />
              </Suspense>
            )}
            <Characteristics listing={listing} />
            <Description text={listing.description} />
            <ListingReviews listingId={listing.id} />
            <Comments listingId={listing.id} />
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

function OffersBlockSkeleton() {
  return (
    <div role="status" aria-label="Carregando ofertas">
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}
