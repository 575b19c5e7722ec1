import type { APIRequest } from '@playwright/test';
import { makeImage } from '../../helpers/images';
import { apiAs, expect, type Member } from './fixtures';

/**
 * Publishes a listing as `seller` through the real form endpoint; returns its id, title and path. An account by
 * default ('accounts': its trades hold the payout through a warranty window); `kind` picks another.
 */
export async function publishForOffers(
  request: APIRequest,
  seller: Member,
  price = '349,90',
  kind: 'accounts' | 'items' = 'accounts',
) {
  const api = await apiAs(request, seller);
  const { games } = (await (await api.get('/api/games')).json()) as { games: { id: number; slug: string }[] };
  const title = `${kind === 'accounts' ? 'Conta' : 'Skin'} Valorant para ofertas ${Math.random().toString(36).slice(2, 7)}`;
  const response = await api.post('/api/listings', {
    multipart: {
      gameId: String(games.find((g) => g.slug === 'valorant')?.id),
      kind,
      title,
      description: 'Conta full acesso com 40 skins. Entrega imediata após a confirmação.',
      price,
      quantity: '2',
      whatsapp: '(11) 98765-4321',
      photos: {
        name: 'conta.png',
        mimeType: 'image/png',
        buffer: await makeImage({ width: 800, height: 600 }),
      },
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await api.dispose();
  return { id, title, path: `/listing/${id}` };
}

/** Makes an offer as `buyer` through the API (for journeys about answering it). */
export async function offerAs(request: APIRequest, buyer: Member, listingId: number, amount: string) {
  const api = await apiAs(request, buyer);
  const response = await api.post(`/api/listings/${listingId}/offers`, { data: { amount } });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await api.dispose();
  return id;
}
