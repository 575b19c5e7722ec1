import type { ListingKind } from '@shared/listings';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { games, listings } from '../../src/server/db/schema';
import { gameCatalogue } from '../../src/server/modules/games/catalogue';
import { call } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { type FilePart, multipart } from '../helpers/multipart';

let sequence = 0;

/** The publish form's fields, valid unless overridden. */
export function listingForm(gameId: number, overrides: Record<string, string> = {}): Record<string, string> {
  sequence += 1;
  return {
    gameId: String(gameId),
    kind: 'accounts',
    title: `Conta de teste ${sequence}`,
    description: 'Conta com e-mail trocável e entrega imediata.',
    price: '49,90',
    quantity: '1',
    whatsapp: '(11) 98765-4321',
    ...overrides,
  };
}

export async function photo(name = 'foto.png'): Promise<FilePart> {
  return { filename: name, data: await makeImage({ width: 800, height: 600 }) };
}

/** Sends the publish form through the real route, as the browser does. */
export function postListing(
  app: FastifyInstance,
  cookie: string | undefined,
  fields: Record<string, string>,
  photos: FilePart[],
) {
  return call(app, 'POST', '/api/listings', cookie, multipart(fields, photos));
}

/** The demo games (test apps start empty); returns their ids by slug. */
export async function createGames(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .insert(games)
    .values(gameCatalogue.map((g, i) => ({ ...g, sortOrder: i })))
    .returning({ id: games.id, slug: games.slug });
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

/** A listing written straight to the database (no photos): for search and listing tests. */
export async function createListing(
  db: Db,
  sellerId: string,
  values: {
    gameId: number;
    title: string;
    description?: string;
    priceCents?: number;
    kind?: ListingKind;
    views?: number;
    status?: 'active' | 'sold';
    createdAt?: Date;
  },
) {
  const description = values.description ?? `${values.title}. Entrega rápida e garantida.`;
  const [row] = await db
    .insert(listings)
    .values({
      gameId: values.gameId,
      sellerId,
      title: values.title,
      description,
      shortDescription: description.slice(0, 150),
      priceCents: values.priceCents ?? 1000,
      kind: values.kind ?? 'items',
      views: values.views ?? 0,
      status: values.status ?? 'active',
      whatsapp: '5511987654321',
      ...(values.createdAt && { createdAt: values.createdAt }),
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}
