import type { APIRequest, APIRequestContext } from '@playwright/test';
import type { ListingKind } from '@shared/listings';
import { makeImage } from '../../helpers/images';
import { apiAs, expect, type Member } from './fixtures';

/**
 * A made-up word no demo listing uses, so a search for it finds only what the test published
 * (tests run in parallel over one database). Letters only: the search corrects words, not numbers.
 */
export function uniqueWord(): string {
  const syllables = ['ka', 'zo', 'ru', 'vi', 'to', 'xe', 'lu', 'mo', 'pa', 'qui', 'dra', 'ne', 'fu', 'bri'];
  let word = '';
  for (let i = 0; i < 5; i++) word += syllables[Math.floor(Math.random() * syllables.length)];
  return word;
}

export interface NewListing {
  gameSlug: string;
  kind: ListingKind;
  title: string;
  /** Reais as a seller types them, '19,90'. */
  price: string;
}

/** A seller (a fresh member), publishing through the real multipart endpoint from its own API client. */
export class Seller {
  private constructor(
    private readonly api: APIRequestContext,
    private readonly gameIds: Map<string, number>,
  ) {}

  static async as(request: APIRequest, member: Member): Promise<Seller> {
    const api = await apiAs(request, member);
    const { games } = (await (await api.get('/api/games')).json()) as {
      games: { id: number; slug: string }[];
    };
    return new Seller(api, new Map(games.map((g) => [g.slug, g.id])));
  }

  async publish(listing: NewListing): Promise<number> {
    const form = new FormData();
    form.set('gameId', String(this.gameIds.get(listing.gameSlug)));
    form.set('kind', listing.kind);
    form.set('title', listing.title);
    form.set('description', `${listing.title}. Entrega combinada com intermediação.`);
    form.set('price', listing.price);
    form.set('quantity', '1');
    form.set('whatsapp', '(11) 98765-4321');
    const png = await makeImage({ width: 64, height: 48 });
    form.append('photos', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
    const response = await this.api.post('/api/listings', { multipart: form });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  dispose(): Promise<void> {
    return this.api.dispose();
  }
}
