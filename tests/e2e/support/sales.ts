import type { APIRequest } from '@playwright/test';
import { makeImage } from '../../helpers/images';
import { uniqueEndToEndId } from './end-to-end-ids';
import { apiAs, expect, type Member } from './fixtures';

export type SaleStage = 'paid' | 'released';

/**
 * `seller` publishes a listing at `price` and `buyer` buys it with a protected trade, through the same routes
 * the pages use: the seller confirms the value, an admin (`staff`) confirms the payment, and for 'released' the
 * delivery is marked and confirmed and the admin pays the payout to the seller's default PIX key (added here when
 * missing). A skin, not an account: an account's payout waits for its warranty window (decision 020).
 */
export async function sellThroughTrade(
  request: APIRequest,
  people: { seller: Member; buyer: Member; staff: Member },
  { price, stage, quantity = 1 }: { price: string; stage: SaleStage; quantity?: number },
) {
  const seller = await apiAs(request, people.seller);
  const buyer = await apiAs(request, people.buyer);
  const staff = await apiAs(request, people.staff);
  try {
    const keys = (await (await seller.get('/api/pix-keys')).json()) as { keys: unknown[] };
    if (keys.keys.length === 0) {
      const key = await seller.post('/api/pix-keys', {
        data: {
          type: 'email',
          key: `recebe.${people.seller.nickname.toLowerCase()}@exemplo.com.br`,
          password: people.seller.password,
        },
      });
      expect(key.status()).toBe(201);
    }
    const { games } = (await (await seller.get('/api/games')).json()) as {
      games: { id: number; slug: string }[];
    };
    const title = `Skin Vandal Reaver ${Math.random().toString(36).slice(2, 7)}`;
    const form = new FormData();
    form.set('gameId', String(games.find((g) => g.slug === 'valorant')?.id));
    form.set('kind', 'skins');
    form.set('title', title);
    form.set('description', 'Skin Vandal Reaver com chaveiro.\n\nEntrega imediata após a confirmação.');
    form.set('price', price);
    form.set('quantity', String(quantity));
    form.set('whatsapp', '(11) 98765-4321');
    const png = await makeImage({ width: 640, height: 480 });
    form.append('photos', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
    const published = await seller.post('/api/listings', { multipart: form });
    expect(published.status()).toBe(201);
    const { id: listingId } = (await published.json()) as { id: number };

    const started = await buyer.post('/api/trades', { data: { listingId } });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: number };
    const step = async (api: typeof seller, path: string, data: object = {}) => {
      const res = await api.post(`/api/trades/${id}/${path}`, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    };
    await step(seller, 'value', { amount: price });
    await step(staff, 'payment');
    if (stage === 'released') {
      await step(seller, 'delivery', { note: 'Conta entregue por e-mail' });
      await step(buyer, 'delivery/confirm');
      await step(staff, 'release', { endToEndId: uniqueEndToEndId() });
    }
    return { id, title, listingId };
  } finally {
    await Promise.all([seller.dispose(), buyer.dispose(), staff.dispose()]);
  }
}
