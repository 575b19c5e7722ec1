import type { ListingDetail } from '@shared/listings';

/** 34990 → '349.90': schema.org prices are decimal numbers with a dot, computed in integers (no float rounding). */
export function decimalPrice(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A listing as schema.org Product with one Offer in BRL, for search results with price and stock. Only an active
 * listing reaches its page (sold ones are 'not found'), hence InStock.
 */
export function listingProduct(
  listing: Pick<ListingDetail, 'id' | 'title' | 'shortDescription' | 'priceCents' | 'game' | 'images'>,
  publicUrl: string,
): Record<string, unknown> {
  const url = `${publicUrl}/listing/${listing.id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description: listing.shortDescription,
    ...(listing.images.length && { image: listing.images.map((image) => `${publicUrl}${image.url}`) }),
    sku: String(listing.id),
    category: listing.game.name,
    url,
    offers: {
      '@type': 'Offer',
      price: decimalPrice(listing.priceCents),
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      url,
    },
  };
}
