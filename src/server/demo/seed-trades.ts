import { eq } from 'drizzle-orm';
import type { Viewer } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { pixKeys, trades as tradesTable } from '../db/schema';
import { createLedger } from '../modules/ledger/service';
import { notify } from '../modules/notifications/service';
import { createOffersService } from '../modules/offers/service';
import { createPixProvider } from '../modules/pix';
import { createReviewsService } from '../modules/reviews/service';
import { tradePixOf } from '../modules/trades/pix';
import { createSealer } from '../modules/trades/sealed';
import { createTradesService } from '../modules/trades/service';
import { createTradeTimers } from '../modules/trades/timers';
import { createStorage } from '../storage';

interface DemoPeople {
  admin: Viewer;
  seller: Viewer;
  buyer: Viewer;
}

/** A demo end-to-end id: E + a fake ISPB, a date and a sequence (32 characters). */
const demoE2E = (n: number) => `E00000000202611230000DEMO${String(n).padStart(7, '0')}`;

/**
 * Offers and trades in every state a screen shows (one finished, one disputed, one waiting for its PIX, one
 * waiting for the seller's value; offers pending, accepted and refused; the finished one's reviews), all made through the services, as
 * the people themselves would. `listingIds` are the demo seller's listings, newest first.
 */
export async function seedDemoTrades(db: Db, config: Config, people: DemoPeople, listingIds: number[]) {
  const { admin, seller, buyer } = people;
  const ledger = createLedger(db);
  const trades = createTradesService({
    db,
    ledger,
    now: () => new Date(),
    sealer: createSealer(config.deliverySecret),
    pix: tradePixOf(createPixProvider({ ...config.pix, provider: 'manual' })),
    storage: createStorage(config.media),
  });
  const offers = createOffersService({ db, notify });
  // Written directly: the page's way in asks for the seller's password, which the seed does not type.
  await db.insert(pixKeys).values({
    userId: seller.userId,
    type: 'email',
    key: 'vendedor@mercadogamer.local',
    isDefault: true,
    defaultSince: new Date(),
  });
  const [finished, disputed, paying, valuing, offered, refused] = listingIds;
  if (refused === undefined) throw new Error('demo trades need six listings');
  const rowOf = async (id: number) =>
    (await db.select().from(tradesTable).where(eq(tradesTable.id, id)))[0] as typeof tradesTable.$inferSelect;
  // The seller confirms the agreed amount (another amount would be a proposal the buyer answers).
  const confirmAgreed = async (id: number) => trades.confirmValue(seller, id, (await rowOf(id)).amountCents);

  const done = await trades.start(buyer, finished as number);
  await confirmAgreed(done.id);
  await trades.confirmPayment(admin, done.id, demoE2E(1));
  await trades.markDelivered(seller, done.id, {
    note: 'Conta entregue com e-mail trocável.',
    credentials: 'login: playerum_demo\nsenha: troque-esta-senha',
  });
  await trades.confirmDelivery(buyer, done.id);
  // An account's warranty window passes (the sweep run at its end, before any other demo trade exists).
  const warrantyEndsAt = (await rowOf(done.id)).warrantyEndsAt;
  if (warrantyEndsAt) {
    await createTradeTimers({ db, ledger, now: () => new Date() }).sweep(
      new Date(warrantyEndsAt.getTime() + 60_000),
    );
  }
  await trades.release(admin, done.id, demoE2E(2));
  // Its reviews, through the service as the people would: both sides rate, so both are published, and the seller
  // answers. The demo's only review is the one its finished trade earned.
  const reviews = createReviewsService({ db, now: () => new Date() });
  const buyerReview = await reviews.write(buyer, done.id, {
    rating: 5,
    comment: 'Conta entregue em minutos, exatamente como no anúncio. Recomendo!',
  });
  await reviews.write(seller, done.id, { rating: 5, comment: 'Pagamento rápido e comunicação tranquila.' });
  await reviews.answer(seller, buyerReview, 'Valeu pela compra! Qualquer dúvida, é só chamar.');

  const fight = await trades.start(buyer, disputed as number);
  await confirmAgreed(fight.id);
  await trades.confirmPayment(admin, fight.id, demoE2E(3));
  await trades.markDelivered(seller, fight.id, { note: 'Skins transferidas pelo inventário.' });
  await trades.openDispute(buyer, fight.id, 'Recebi só duas das três skins anunciadas.');

  const pix = await trades.start(buyer, paying as number);
  await confirmAgreed(pix.id);

  await trades.start(buyer, valuing as number);

  const accepted = await offers.make(buyer, offered as number, {
    amount: 2_500,
    message: 'Fecho agora por esse valor.',
  });
  await offers.accept(seller, accepted.id);
  await offers.make(buyer, refused as number, { amount: 1_000, message: null });
  const pending = await offers.make(admin, refused as number, {
    amount: 1_800,
    message: 'Tenho interesse, aceita?',
  });
  await offers.reject(seller, pending.id);
  await offers.make(buyer, listingIds[6] ?? (refused as number), {
    amount: 3_000,
    message: 'Aceita PIX agora?',
  });
}
