import { errorMessages } from '@shared/errors';
import { listingMessages } from '@shared/listing-messages';
import type { RealtimeMessage } from '@shared/realtime';
import { CHAT_PAGE_SIZE, type ChatPage, MAX_CHAT_MESSAGE_LENGTH } from '@shared/trade-chat';
import { tradeChatMessages as m } from '@shared/trade-chat-messages';
import { tradeMessages } from '@shared/trade-messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { listings, tradeChatMessages, tradeChatReads } from '../../src/server/db/schema';
import { MAX_CHAT_MESSAGES } from '../../src/server/http/rate-limits';
import { sweepOrphanFiles } from '../../src/server/modules/media/sweep';
import { createLocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing, photo } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeLargeImage, makeTextFile } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/**
 * The chat of a protected trade (docs/decisions/013-trade-chat.md): its buyer, its seller and staff read and
 * write while the trade is open; anyone else gets the room's 404; a contact off the platform adds a warning line.
 */
let t: TestApp;
let storage: Storage;
let gameId: number;
let staff: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  storage = createLocalStorage(t.config.media.dir);
  gameId = Object.values(await createGames(t.db))[0] as number;
  const user = await createStaff(t.db);
  staff = { id: user.id, cookie: await sessionCookie(t, user.id) };
});
const sockets: WebSocket[] = [];
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t?.close();
});

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, cookie: await sessionCookie(t, user.id) };
}

/** A trade the buyer just opened (awaiting the seller's value), and a member outside it. */
async function openTrade() {
  const seller = await member();
  const buyer = await member();
  const stranger = await member();
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: `Conta conversada ${Math.random().toString(36).slice(2, 8)}`,
    priceCents: 10_000,
  });
  await t.db.update(listings).set({ quantity: 3 }).where(eq(listings.id, listingId));
  const res = await api.as(buyer.cookie).post('/api/trades', { listingId });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, seller, buyer, stranger };
}

const send = (id: number, cookie: string | undefined, body: string) =>
  api.as(cookie).post(`/api/trades/${id}/chat`, { body });
async function sent(id: number, cookie: string, body: string) {
  const res = await send(id, cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; warned: boolean };
}
async function chatOf(id: number, cookie: string, query = '') {
  const res = await api.as(cookie).get(`/api/trades/${id}/chat${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatPage;
}
const rowsOf = (id: number) => t.db.select().from(tradeChatMessages).where(eq(tradeChatMessages.tradeId, id));
const messagesIn = (page: ChatPage) => page.items.flatMap((item) => (item.type === 'message' ? [item] : []));

async function filesOf(tradeId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(`trades/${tradeId}/`)) keys.push(file.key);
  return keys.sort();
}

describe('who may use the chat', () => {
  it('a guest gets 401 and an outsider the room’s 404, for reading, writing, marking and images', async () => {
    const { id, buyer, stranger } = await openTrade();
    const { id: messageId } = await sent(id, buyer.cookie, 'Oi, tudo bem?');
    for (const cookie of [undefined, stranger.cookie]) {
      const status = cookie ? 404 : 401;
      const message = cookie ? tradeMessages.notFound : tradeMessages.loginRequired;
      for (const res of [
        await api.as(cookie).get(`/api/trades/${id}/chat`),
        await send(id, cookie, 'Quero entrar na conversa'),
        await api.as(cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: messageId }),
        await api.as(cookie).get(`/api/trades/${id}/chat/${messageId}/image`),
      ]) {
        expect(res.statusCode, res.body).toBe(status);
        expect(errorOf(res).message).toBe(message);
      }
    }
    // The room itself answers the outsider the same way.
    expect((await api.as(stranger.cookie).get(`/api/trades/${id}`)).statusCode).toBe(404);
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await t.db.select().from(tradeChatReads).where(eq(tradeChatReads.userId, stranger.id))).toEqual(
      [],
    );
  });

  it('a trade that does not exist is the same 404', async () => {
    const { buyer } = await openTrade();
    const res = await api.as(buyer.cookie).get('/api/trades/2147483000/chat');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(tradeMessages.notFound);
  });

  it('buyer, seller and staff write and read the same conversation, each with their role', async () => {
    const { id, seller, buyer } = await openTrade();
    await sent(id, buyer.cookie, 'Olá! A conta ainda tem as skins?');
    await sent(id, seller.cookie, 'Tem sim, todas.');
    await sent(id, staff.cookie, 'Estou acompanhando a intermediação.');
    const pages = await Promise.all([buyer, seller, staff].map((who) => chatOf(id, who.cookie)));
    for (const page of pages) {
      expect(messagesIn(page).map((item) => [item.author?.role, item.body, item.kind])).toEqual([
        ['comprador', 'Olá! A conta ainda tem as skins?', 'text'],
        ['vendedor', 'Tem sim, todas.', 'text'],
        ['intermediador', 'Estou acompanhando a intermediação.', 'text'],
      ]);
      expect(page.canWrite).toBe(true);
    }
    expect(messagesIn(pages[0] as ChatPage)[0]?.author?.id).toBe(buyer.id);
  });
  it('in a dispute, any staff member reads the whole conversation, steps included, and may write', async () => {
    const { id, seller, buyer } = await openTrade();
    await sent(id, buyer.cookie, 'Combinado então, pago agora.');
    for (const [cookie, path, body] of [
      [seller.cookie, 'value', { amount: '100,00' }],
      [staff.cookie, 'payment', {}],
      [buyer.cookie, 'dispute', { reason: 'O vendedor não entregou a conta.' }],
    ] as const) {
      const res = await api.as(cookie).post(`/api/trades/${id}/${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    await sent(id, seller.cookie, 'Entreguei sim, mandei os dados.');
    const other = await createStaff(t.db);
    const otherCookie = await signIn(t.app, other.email, other.password);
    const page = await chatOf(id, otherCookie);
    expect(messagesIn(page).map((l) => l.body)).toEqual([
      'Combinado então, pago agora.',
      'Entreguei sim, mandei os dados.',
    ]);
    expect(page.items.filter((item) => item.type === 'step').length).toBeGreaterThanOrEqual(4);
    expect(page.canWrite).toBe(true);
    await sent(id, otherCookie, 'Vou analisar as provas.');
    expect(messagesIn(await chatOf(id, buyer.cookie)).at(-1)?.author?.role).toBe('intermediador');
  });
});

describe('sending', () => {
  it.each([
    ['an empty message', '', m.bodyRequired],
    ['only spaces', '   \n  ', m.bodyRequired],
    ['a message over the limit', 'a'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1), m.bodyTooLong],
  ])('refuses %s in pt-BR and stores nothing', async (_name, body, message) => {
    const { id, buyer } = await openTrade();
    const res = await send(id, buyer.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toBe(message);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('keeps a message of exactly the limit, trimmed', async () => {
    const { id, buyer } = await openTrade();
    const body = 'b'.repeat(MAX_CHAT_MESSAGE_LENGTH);
    await sent(id, buyer.cookie, `  ${body}\n`);
    expect((await rowsOf(id)).map((r) => r.body)).toEqual([body]);
  });

  it('a text-only body with a NUL byte is refused', async () => {
    const { id, buyer } = await openTrade();
    const res = await send(id, buyer.cookie, 'oi\u0000');
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('a phone number adds a warning line both sides read, and the message is kept', async () => {
    const { id, seller, buyer } = await openTrade();
    const result = await sent(id, seller.cookie, 'Me chama no zap (11) 98765-4321 que é mais rápido');
    expect(result.warned).toBe(true);
    for (const who of [buyer, seller, staff]) {
      const lines = messagesIn(await chatOf(id, who.cookie));
      expect(lines.map((l) => [l.kind, l.author?.role ?? null, l.body])).toEqual([
        ['text', 'vendedor', 'Me chama no zap (11) 98765-4321 que é mais rápido'],
        ['warning', null, m.offPlatformWarning],
      ]);
    }
    expect(m.offPlatformWarning).toContain('anula a proteção');
  });

  it.each([
    'manda no fulano@gmail.com',
    'entra aqui: https://chat.whatsapp.com/AbCdEf123',
    'meu discord: discord.gg/abc123',
  ])('warns on "%s"', async (body) => {
    const { id, buyer } = await openTrade();
    expect((await sent(id, buyer.cookie, body)).warned).toBe(true);
    expect((await rowsOf(id)).map((r) => r.kind)).toEqual(['text', 'warning']);
  });

  it.each(['Fechado em R$ 1.500,00, pago até 12/05/2026.', `Veja o anúncio em ${TEST_ORIGIN}/listing/12`])(
    'does not warn on "%s"',
    async (body) => {
      const { id, buyer } = await openTrade();
      expect((await sent(id, buyer.cookie, body)).warned).toBe(false);
      expect((await rowsOf(id)).map((r) => r.kind)).toEqual(['text']);
    },
  );

  it('once the trade is cancelled, writing is refused in pt-BR and reading stays', async () => {
    const { id, buyer, seller } = await openTrade();
    await sent(id, buyer.cookie, 'Vou cancelar, desculpe.');
    const cancel = await api.as(buyer.cookie).post(`/api/trades/${id}/cancel`, {
      reason: 'Desisti da compra',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const who of [buyer, seller, staff]) {
      const res = await send(id, who.cookie, 'Mais uma mensagem');
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(m.closed);
      const page = await chatOf(id, who.cookie);
      expect(page.canWrite).toBe(false);
      expect(messagesIn(page).map((l) => l.body)).toEqual(['Vou cancelar, desculpe.']);
    }
    const image = await api
      .as(seller.cookie)
      .post(`/api/trades/${id}/chat`, multipart({ body: '' }, [await photo()]));
    expect(image.statusCode).toBe(409);
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await filesOf(id)).toEqual([]);
  });
});

describe('rate limit', () => {
  it(`a member sends ${MAX_CHAT_MESSAGES} messages per window; the next is refused in pt-BR and not stored`, async () => {
    const { id, buyer, seller } = await openTrade();
    for (let n = 1; n <= MAX_CHAT_MESSAGES; n += 1) await sent(id, buyer.cookie, `mensagem ${n}`);
    const res = await send(id, buyer.cookie, 'uma a mais');
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe(errorMessages.rateLimited);
    expect(await rowsOf(id)).toHaveLength(MAX_CHAT_MESSAGES);
    // The other party's counter is their own.
    await sent(id, seller.cookie, 'ainda posso');
  });
});

describe('images', () => {
  it('an image goes through the photo pipeline, private to who sees the trade', async () => {
    const { id, seller, buyer, stranger } = await openTrade();
    const res = await api
      .as(seller.cookie)
      .post(
        `/api/trades/${id}/chat`,
        multipart({ body: 'Print do inventário' }, [await photo('inventario.png')]),
      );
    expect(res.statusCode, res.body).toBe(201);
    const [line] = messagesIn(await chatOf(id, buyer.cookie));
    expect(line).toMatchObject({ kind: 'image', body: 'Print do inventário', author: { role: 'vendedor' } });
    expect(line?.imageUrl).toBe(`/api/trades/${id}/chat/${line?.id}/image`);
    const files = await filesOf(id);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((key) => key.endsWith('.webp'))).toBe(true);

    for (const who of [buyer, seller, staff]) {
      const file = await api.as(who.cookie).get(`${line?.imageUrl}?w=320`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('private');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(320);
    }
    expect((await api.as(stranger.cookie).get(line?.imageUrl as string)).statusCode).toBe(404);
    expect((await api.as().get(line?.imageUrl as string)).statusCode).toBe(401);
    // Never through /media, and never under another trade's id.
    expect((await api.as(seller.cookie).get(`/media/${files[0]}`)).statusCode).toBe(404);
    const other = await openTrade();
    expect(
      (await api.as(other.buyer.cookie).get(`/api/trades/${other.id}/chat/${line?.id}/image`)).statusCode,
    ).toBe(404);
    // The sweep keeps the chat's files: a row points at them.
    await sweepOrphanFiles(t.db, storage, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(await filesOf(id)).toEqual(files);
  });

  it('an image alone (no text) is a message', async () => {
    const { id, buyer } = await openTrade();
    const res = await api.as(buyer.cookie).post(`/api/trades/${id}/chat`, multipart({}, [await photo()]));
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowsOf(id)).map((r) => [r.kind, r.body])).toEqual([['image', '']]);
  });

  it.each([
    [
      'a file that is not an image',
      async () => [{ filename: 'foto.png', data: makeTextFile() }],
      listingMessages.notAnImage,
    ],
    [
      'an image over 5 MB',
      async () => [{ filename: 'grande.png', data: await makeLargeImage() }],
      listingMessages.photoTooLarge,
    ],
    ['two images', async () => [await photo('a.png'), await photo('b.png')], m.tooManyImages],
  ])('refuses %s in pt-BR: no row, no file', async (_name, files, message) => {
    const { id, buyer } = await openTrade();
    const res = await api
      .as(buyer.cookie)
      .post(`/api/trades/${id}/chat`, multipart({ body: 'olha' }, await files()));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toBe(message);
    expect(await rowsOf(id)).toEqual([]);
    expect(await filesOf(id)).toEqual([]);
  });

  it('an outsider’s image is refused before it is decoded, leaving nothing', async () => {
    const { id, stranger } = await openTrade();
    const res = await api
      .as(stranger.cookie)
      .post(`/api/trades/${id}/chat`, multipart({ body: 'oi' }, [await photo()]));
    expect(res.statusCode).toBe(404);
    expect(await filesOf(id)).toEqual([]);
  });
});

describe('the timeline', () => {
  it('interleaves the trade’s steps as system lines, in time order', async () => {
    const { id, buyer, seller } = await openTrade();
    await sent(id, buyer.cookie, 'Pode confirmar o valor?');
    const value = await api.as(seller.cookie).post(`/api/trades/${id}/value`, { amount: '100,00' });
    expect(value.statusCode, value.body).toBe(200);
    await sent(id, seller.cookie, 'Confirmado!');
    const page = await chatOf(id, buyer.cookie);
    expect(page.items.map((item) => item.type)).toEqual(['step', 'message', 'step', 'message']);
    const steps = page.items.flatMap((item) => (item.type === 'step' ? [item] : []));
    const room = (await api.as(buyer.cookie).get(`/api/trades/${id}`)).json() as {
      events: { text: string }[];
    };
    expect(steps.map((s) => s.text)).toEqual(room.events.map((e) => e.text));
  });

  it('pages back from the newest window without gaps or repeats', async () => {
    const { id, buyer, seller } = await openTrade();
    const total = CHAT_PAGE_SIZE + 12;
    for (let n = 1; n <= total; n += 1) {
      await sent(id, n % 2 ? buyer.cookie : seller.cookie, `mensagem ${n}`);
      if (n === 30) {
        const value = await api.as(seller.cookie).post(`/api/trades/${id}/value`, { amount: '100,00' });
        expect(value.statusCode).toBe(200);
      }
    }
    const newest = await chatOf(id, buyer.cookie);
    expect(newest.items).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.items.at(-1)).toMatchObject({ type: 'message', body: `mensagem ${total}` });
    expect(newest.older).not.toBeNull();
    const older = newest.older as NonNullable<ChatPage['older']>;
    const query =
      `?beforeMessage=${older.beforeMessage ?? ''}&beforeEvent=${older.beforeEvent ?? ''}`.replace(
        /[a-zA-Z]+=&|&[a-zA-Z]+=$/g,
        '',
      );
    const previous = await chatOf(id, buyer.cookie, query);
    expect(previous.older).toBeNull();
    const all = [...previous.items, ...newest.items];
    const bodies = all.flatMap((item) => (item.type === 'message' ? [item.body] : []));
    expect(bodies).toEqual(Array.from({ length: total }, (_, n) => `mensagem ${n + 1}`));
    // Both steps (opened, value confirmed) once each, the second right after message 30.
    expect(all.filter((item) => item.type === 'step')).toHaveLength(2);
    const at = all.findIndex((item) => item.type === 'message' && item.body === 'mensagem 30');
    expect(all[at + 1]?.type).toBe('step');
  });
});

describe('read marks', () => {
  it('count what the other side wrote, move only forward, and show to the author as read', async () => {
    const { id, buyer, seller } = await openTrade();
    const first = await sent(id, buyer.cookie, 'Primeira');
    const second = await sent(id, buyer.cookie, 'Segunda, com zap 11 98765-4321');
    let sellerPage = await chatOf(id, seller.cookie);
    expect(sellerPage).toMatchObject({ lastReadId: 0, unread: 2 });
    // The buyer's own messages are read by the buyer.
    expect(await chatOf(id, buyer.cookie)).toMatchObject({ unread: 0 });

    const mark = await api.as(seller.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: first.id });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json()).toEqual({ lastReadId: first.id });
    sellerPage = await chatOf(id, seller.cookie);
    expect(sellerPage).toMatchObject({ lastReadId: first.id, unread: 1 });
    expect((await chatOf(id, buyer.cookie)).readMarks).toEqual([
      expect.objectContaining({ role: 'vendedor', lastReadId: first.id }),
    ]);

    // Past the newest message: capped at it (the warning line is the newest row).
    const rows = await rowsOf(id);
    const newestId = Math.max(...rows.map((r) => r.id));
    expect(newestId).toBeGreaterThan(second.id);
    const capped = await api.as(seller.cookie).put(`/api/trades/${id}/chat/read`, {
      lastReadId: 2_000_000_000,
    });
    expect(capped.json()).toEqual({ lastReadId: newestId });
    // Never back.
    const back = await api.as(seller.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: first.id });
    expect(back.json()).toEqual({ lastReadId: newestId });
    expect(await chatOf(id, seller.cookie)).toMatchObject({ lastReadId: newestId, unread: 0 });
  });

  it('staff mark their own reading, and marking works after the trade ended', async () => {
    const { id, buyer } = await openTrade();
    const { id: messageId } = await sent(id, buyer.cookie, 'Alguém da equipe?');
    await api.as(buyer.cookie).post(`/api/trades/${id}/cancel`, { reason: 'Desisti da compra' });
    const mark = await api.as(staff.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: messageId });
    expect(mark.json()).toEqual({ lastReadId: messageId });
    expect((await chatOf(id, buyer.cookie)).readMarks).toEqual([
      expect.objectContaining({ role: 'intermediador', lastReadId: messageId }),
    ]);
  });

  it('refuses a bad mark', async () => {
    const { id, buyer } = await openTrade();
    for (const lastReadId of [0, -1, 'x']) {
      const res = await api.as(buyer.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('personal data', () => {
  it('the LGPD export holds the member’s own chat lines and read marks, never the other side’s', async () => {
    const { id, buyer, seller } = await openTrade();
    const mine = await sent(id, buyer.cookie, 'Minha mensagem');
    const theirs = await sent(id, seller.cookie, 'Mensagem do vendedor');
    await api.as(buyer.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: theirs.id });
    const res = await api.as(buyer.cookie).get('/api/accounts/me/export');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as {
      tradeChat: { messages: { id: number; body: string; tradeId: number }[]; readMarks: unknown[] };
    };
    expect(data.tradeChat.messages).toEqual([
      expect.objectContaining({
        id: mine.id,
        tradeId: id,
        kind: 'text',
        body: 'Minha mensagem',
        hasImage: false,
      }),
    ]);
    expect(data.tradeChat.readMarks).toEqual([
      expect.objectContaining({ tradeId: id, lastReadId: theirs.id }),
    ]);
    expect(res.body).not.toContain('Mensagem do vendedor');
  });
});

describe('live', () => {
  async function connect(cookie: string) {
    const messages: RealtimeMessage[] = [];
    const waiters: { match: (m: RealtimeMessage) => boolean; resolve: () => void }[] = [];
    const ws = await api.as(cookie).socket('/ws', (socket: WebSocket) =>
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as RealtimeMessage;
        messages.push(message);
        for (const waiter of [...waiters]) if (waiter.match(message)) waiter.resolve();
      }),
    );
    sockets.push(ws);
    const next = (match: (m: RealtimeMessage) => boolean) =>
      messages.some(match)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ match, resolve }));
    await next((message) => message.type === 'hello');
    return { messages, next };
  }

  it('the other party’s and staff’s sockets hear a new message and a read mark; an outsider’s does not', async () => {
    const { id, buyer, seller, stranger } = await openTrade();
    const sellerLive = await connect(seller.cookie);
    const staffLive = await connect(staff.cookie);
    const strangerLive = await connect(stranger.cookie);
    const { id: messageId } = await sent(id, buyer.cookie, 'Chegou aí?');
    const isChat = (change: string) => (message: RealtimeMessage) =>
      message.type === 'chat' && message.tradeId === id && message.change === change;
    await sellerLive.next(isChat('message'));
    await staffLive.next(isChat('message'));
    await api.as(seller.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: messageId });
    const buyerLive = await connect(buyer.cookie);
    await api.as(staff.cookie).put(`/api/trades/${id}/chat/read`, { lastReadId: messageId });
    await buyerLive.next(isChat('read'));
    // A trade event after the chat's, so the outsider's socket has had time to hear anything sent before it.
    await sent(id, buyer.cookie, 'Mais uma');
    await sellerLive.next(
      (message) => isChat('message')(message) && sellerLive.messages.filter(isChat('message')).length === 2,
    );
    expect(strangerLive.messages.filter((message) => message.type === 'chat')).toEqual([]);
  });

  it('a refused message announces nothing', async () => {
    const { id, buyer, seller } = await openTrade();
    const sellerLive = await connect(seller.cookie);
    expect((await send(id, buyer.cookie, '')).statusCode).toBe(400);
    await sent(id, buyer.cookie, 'Agora sim');
    await sellerLive.next((message) => message.type === 'chat');
    expect(sellerLive.messages.filter((message) => message.type === 'chat')).toHaveLength(1);
  });
});
