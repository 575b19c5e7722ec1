import type { ListingCard, ListingImage } from '@shared/listings';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games, listingImages, listings, profiles } from '../../db/schema';
import { photoUrls } from '../media/photos';

/** The columns a card needs: the listing, its game, its seller's public name and its primary photo. */
const cardColumns = {
  id: listings.id,
  title: listings.title,
  shortDescription: listings.shortDescription,
  priceCents: listings.priceCents,
  currency: listings.currency,
  quantity: listings.quantity,
  kind: listings.kind,
  views: listings.views,
  createdAt: listings.createdAt,
  instantDelivery: listings.instantDelivery,
  status: listings.status,
  gameId: games.id,
  gameName: games.name,
  gameSlug: games.slug,
  sellerId: listings.sellerId,
  sellerUsername: profiles.username,
  imageId: listingImages.id,
  imageKey: listingImages.key,
  imageWidths: listingImages.widths,
  imageWidth: listingImages.width,
  imageHeight: listingImages.height,
  imageAlt: listingImages.alt,
};

/** `select(cardColumns)` from listings with the joins the columns come from. */
export function selectCards(db: Db) {
  return db
    .select(cardColumns)
    .from(listings)
    .innerJoin(games, eq(games.id, listings.gameId))
    .innerJoin(profiles, eq(profiles.id, listings.sellerId))
    .leftJoin(
      listingImages,
      and(eq(listingImages.listingId, listings.id), eq(listingImages.isPrimary, true)),
    );
}

type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

export function toCard(row: CardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    shortDescription: row.shortDescription,
    priceCents: row.priceCents,
    currency: row.currency,
    quantity: row.quantity,
    kind: row.kind,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    instantDelivery: row.instantDelivery,
    game: { id: row.gameId, name: row.gameName, slug: row.gameSlug },
    seller: { id: row.sellerId, username: row.sellerUsername },
    image:
      row.imageId === null || row.imageKey === null || row.imageWidths === null
        ? null
        : toImage({
            id: row.imageId,
            key: row.imageKey,
            widths: row.imageWidths,
            width: row.imageWidth ?? 0,
            height: row.imageHeight ?? 0,
            alt: row.imageAlt ?? row.title,
            isPrimary: true,
          }),
  };
}

export function toImage(image: {
  id: number;
  key: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
  isPrimary: boolean;
}): ListingImage {
  return {
    id: image.id,
    ...photoUrls(image),
    alt: image.alt,
    width: image.width,
    height: image.height,
    isPrimary: image.isPrimary,
  };
}
