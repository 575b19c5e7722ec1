import { eq } from 'drizzle-orm';
import type { Viewer } from '../auth/session';
import type { Db } from '../db/client';
import { games, listings } from '../db/schema';
import { createListingsService } from '../modules/listings/service';
import type { Storage } from '../storage/storage';
import { type DemoSeller, demoListings, demoSellerOf } from './listings';
import { renderDemoPhoto } from './photos';

/**
 * The demo sellers' listings, each published by its seller (`demoSellerOf`) through the same service (and photo
 * pipeline) as real ones. Returns their ids by title.
 */
export async function seedDemoListings(
  db: Db,
  storage: Storage,
  sellers: Record<DemoSeller, Viewer>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const service = createListingsService({ db, storage });
  const gameIds = new Map(
    (await db.select({ id: games.id, slug: games.slug }).from(games)).map((g) => [g.slug, g.id]),
  );
  const now = Date.now();
  // Two at a time: photo rendering is CPU-bound and sharp already uses a thread per core.
  for (let i = 0; i < demoListings.length; i += 2) {
    await Promise.all(
      demoListings.slice(i, i + 2).map(async (demo) => {
        const gameId = gameIds.get(demo.gameSlug);
        if (!gameId) throw new Error(`demo game missing: ${demo.gameSlug}`);
        const photos = await Promise.all(
          demo.photos.map(async (_photo, n) => ({
            filename: `demo-${n + 1}.png`,
            data: await renderDemoPhoto(demo, n),
          })),
        );
        const { id } = await service.publish(
          sellers[demoSellerOf(demo)],
          {
            gameId,
            kind: demo.kind,
            title: demo.title,
            description: demo.description,
            priceCents: demo.priceCents,
            quantity: demo.quantity,
            instantDelivery: false,
            whatsapp: '11987654321',
          },
          photos,
        );
        await db
          .update(listings)
          .set({ createdAt: new Date(now - demo.createdMinutesAgo * 60_000) })
          .where(eq(listings.id, id));
        ids.set(demo.title, id);
      }),
    );
  }
  return ids;
}
