import { listingFields, listingKinds } from '@shared/listings';
import { parsePriceCents } from '@shared/money';
import { warrantyListingKinds } from '@shared/trade-process';
import { END_TO_END_PATTERN } from '@shared/trades';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoListings, demoSellerOf } from '../../src/server/demo/listings';
import { renderDemoPhoto } from '../../src/server/demo/photos';
import { demoEndToEndIds, demoTradeListings } from '../../src/server/demo/seed-trades';
import { gameCatalogue } from '../../src/server/modules/games/catalogue';

// Only what someone browsing the demo would notice: empty pages, listings without photos, prices or
// fields the edit form would refuse. The wording, counts and dates of the fixtures are theirs to change.
const gameSlugs = gameCatalogue.map((g) => g.slug);

describe('demo listings', () => {
  it('fill every category tab and every game page', () => {
    expect(new Set(demoListings.map((l) => l.kind))).toEqual(new Set(listingKinds));
    for (const slug of gameSlugs) expect(demoListings.map((l) => l.gameSlug)).toContain(slug);
    for (const listing of demoListings) expect(gameSlugs).toContain(listing.gameSlug);
  });

  it.each(demoListings.map((l) => [l.title, l]))(
    '%s has a photo, a price and passes the edit form',
    (_, listing) => {
      expect(listing.photos.length).toBeGreaterThanOrEqual(1);
      const parsed = listingFields.safeParse({
        gameId: String(gameSlugs.indexOf(listing.gameSlug) + 1),
        kind: listing.kind,
        title: listing.title,
        description: listing.description,
        price: (listing.priceCents / 100).toFixed(2).replace('.', ','),
        quantity: String(listing.quantity),
        whatsapp: '11987654321',
      });
      expect(parsed.error?.issues).toBeUndefined();
      expect(parsePriceCents(parsed.data?.price ?? '')).toBe(listing.priceCents);
    },
  );
});

describe('demo photos', () => {
  it('renders a different image for each photo of a listing', async () => {
    const listing = demoListings.find((l) => l.photos.length > 1);
    if (!listing) throw new Error('no demo listing with several photos');
    const photos = await Promise.all(listing.photos.map((_, index) => renderDemoPhoto(listing, index)));
    for (const photo of photos) expect((await sharp(photo).metadata()).width).toBeGreaterThan(0);
    expect(new Set(photos.map((p) => p.toString('base64'))).size).toBe(photos.length);
  });
});

describe('demo trades', () => {
  const listingOf = (title: string) => demoListings.find((l) => l.title === title);

  it('are about listings that exist, sold by several sellers who each have their own', () => {
    for (const title of Object.values(demoTradeListings)) expect(listingOf(title), title).toBeDefined();
    const sellers = new Set(
      Object.values(demoTradeListings).map((t) =>
        demoSellerOf(listingOf(t) ?? { gameSlug: '', kind: 'coins' }),
      ),
    );
    expect(sellers.size).toBe(3);
  });

  it('put the warranty window on an account and keep the finished trades’ listings on sale', () => {
    expect(warrantyListingKinds).toContain(listingOf(demoTradeListings.warranty)?.kind);
    for (const key of ['completed', 'completedCases', 'payoutDue', 'disputeForSeller'] as const) {
      const listing = listingOf(demoTradeListings[key]);
      expect(warrantyListingKinds).not.toContain(listing?.kind);
      expect(listing?.quantity).toBeGreaterThan(1);
    }
  });

  it('record PIX transfers with valid, distinct end-to-end ids', () => {
    const next = demoEndToEndIds(new Date('2026-11-25T20:59:30Z'));
    const ids = Array.from({ length: 12 }, next);
    for (const id of ids) expect(id).toMatch(END_TO_END_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('E60701190202611252059DEMO0000001');
  });
});
