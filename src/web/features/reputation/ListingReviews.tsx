import { Star } from 'lucide-react';
import { useState } from 'react';
import { useListingReviews } from './api';
import { ReviewList } from './ReviewList';

/**
 * 'Avaliações deste anúncio': what buyers of this listing said after their trades, newest first, paged (the seller
 * card's rating counts every listing of the seller; this one only this listing's).
 */
export function ListingReviews({ listingId }: { listingId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useListingReviews(listingId, page);
  return (
    <section
      aria-labelledby="avaliacoes-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <h2 id="avaliacoes-titulo" className="flex items-center gap-2 font-display text-lg font-bold text-fg">
        <Star aria-hidden className="size-5 text-warning" />
        Avaliações deste anúncio
        {reviews.data && reviews.data.total > 0 && (
          <span className="rounded-full bg-surface-3 px-2 py-0.5 font-sans text-xs font-semibold text-muted">
            {reviews.data.total}
          </span>
        )}
      </h2>
      <div className="mt-4">
        <ReviewList
          query={reviews}
          page={page}
          onPage={setPage}
          empty="Este anúncio ainda não tem avaliações. As avaliações vêm de compras concluídas com intermediação."
        />
      </div>
    </section>
  );
}
