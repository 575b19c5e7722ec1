import { listingFields, listingKinds } from '@shared/listings';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoListings } from '../../src/server/demo/listings';
import { renderDemoPhoto } from '../../src/server/demo/photos';
import { demoGames } from '../../src/server/demo/seed';

const gameSlugs = demoGames.map((g) => g.slug);

describe('demo listings', () => {
  it('has about sixty listings covering every kind', () => {
    expect(demoListings.length).toBeGreaterThanOrEqual(50);
    expect(demoListings.length).toBeLessThanOrEqual(70);
    expect(new Set(demoListings.map((l) => l.kind))).toEqual(new Set(listingKinds));
  });

  it('belongs to the demo games, every one of them', () => {
    for (const listing of demoListings) expect(gameSlugs).toContain(listing.gameSlug);
    expect(new Set(demoListings.map((l) => l.gameSlug)).size).toBe(gameSlugs.length);
  });

  it.each(demoListings.map((l) => [l.title, l]))('%s passes the publish form rules', (_, listing) => {
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
    expect(parsed.data?.price).toBe(listing.priceCents);
    expect(listing.priceCents).toBeGreaterThanOrEqual(500);
    expect(listing.priceCents).toBeLessThanOrEqual(250_000);
    if (listing.kind === 'accounts') expect(listing.quantity).toBe(1);
    expect(listing.photos.length).toBeGreaterThanOrEqual(1);
    expect(listing.photos.length).toBeLessThanOrEqual(3);
    expect(listing.createdMinutesAgo).toBeLessThanOrEqual(30 * 24 * 60);
  });

  it('contains the words gamers search for', () => {
    const text = demoListings
      .map((l) => `${l.title} ${l.description}`)
      .join(' ')
      .toLowerCase();
    for (const word of [
      'conta',
      'skin',
      'diamantes',
      'ak',
      'valorant',
      'free fire',
      'robux',
      'gold',
      'elo',
      'rank',
    ])
      expect(text).toContain(word);
  });
});

describe('demo photos', () => {
  it('renders a 1280×960 image for each photo of a listing', async () => {
    const listing = demoListings.find((l) => l.photos.length === 3)!;
    for (const index of [0, 1, 2]) {
      const meta = await sharp(await renderDemoPhoto(listing, index)).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1280, height: 960 });
    }
  });
});
