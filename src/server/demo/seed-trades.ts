import type { Viewer } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { pixKeys } from '../db/schema';
import { createLedger } from '../modules/ledger/service';
import { notify } from '../modules/notifications/service';
import { createOffersService } from '../modules/offers/service';
import { createPixProvider } from '../modules/pix';
import { createReviewsService } from '../modules/reviews/service';
import { tradePixOf } from '../modules/trades/pix';
import { createSealer } from '../modules/trades/sealed';
import { createTradesService } from '../modules/trades/service';
import { createStorage } from '../storage';
import { type DemoSeller, demoListings } from './listings';

type DemoPeople = Record<DemoSeller | 'admin' | 'buyer' | 'otherBuyer', Viewer>;

/**
 * The listings the demo trades and offers are about (titles of `demoListings`), with who sells each: a test
 * checks they exist, that the warranty one is an account and that the finished ones keep stock on sale.
 */
export const demoTradeListings = {
  /** Completed and reviewed: Free Fire diamonds credited to the buyer's ID. */
  completed: '5.600 Diamantes Free Fire (entrega imediata)',
  /** Completed: a lot of CS2 cases sent by Steam trade offer. */
  completedCases: 'Caixa Kilowatt CS2 (lote de 10)',
  /** The buyer confirmed the code: the payout is due to LojaDoPro's key. */
  payoutDue: '1.000 V-Bucks Fortnite (todas as plataformas)',
  /** An account sale confirmed by the buyer, in its warranty window (TRADE_TIMERS.accountWarrantyDays). */
  warranty: 'Conta LoL Platina com 120 campeões',
  /** The seller proposed a lower value agreed in the chat; the buyer has not answered. */
  proposal: 'Conta Valorant Ascendente 1 com Faca Reaver',
  /** The offer accepted by the seller, confirmed at the offer's amount, waiting for the PIX. */
  acceptedOffer: 'Pets Mega Neon Adopt Me (Frost Dragon)',
  /** Just opened: the seller has not confirmed the value yet. */
  awaitingValue: 'Conta Minecraft Java e Bedrock original (full acesso)',
  /** Paid: the seller has to send the code. */
  awaitingDelivery: 'Gift card Steam R$ 50 (código digital)',
  /** Delivery marked: the buyer has to confirm it. */
  delivered: '10M de Prata Albion Online (servidor Américas)',
  /** Open dispute: three items of the lot missing. */
  disputed: 'Lote de 25 itens Imortais Dota 2',
  /** Dispute decided for the seller (the skin matched the listing's wear): the payout is due. */
  disputeForSeller: 'AK-47 | Redline (Testada em Campo) CS2',
  /** Dispute decided for the buyer (the Robux never arrived): refunded. */
  refunded: 'Robux 2.200',
  /** Cancelled by the buyer before paying. */
  cancelled: '1.380 RP League of Legends (cartão presente)',
  /** Offers: pending, rejected, pending. */
  pendingOffer: 'Conta Dota 2 rank Ancient 5.200 MMR',
  rejectedOffer: 'AWP | Asiimov (Testada em Campo) CS2',
  otherPendingOffer: 'Conta Genshin AR 58 com Raiden C2 e Nahida',
} as const;

/**
 * End-to-end ids of the demo's PIX transfers, unique across the ledger: 'E', a demo institution's ISPB, the minute
 * of the seed (UTC, AAAAMMDDHHMM) and 11 letters or digits ('DEMO' and a sequence), as END_TO_END_PATTERN wants.
 */
export function demoEndToEndIds(at: Date) {
  const minute = at.toISOString().slice(0, 16).replace(/\D/g, '');
  let n = 0;
  return () => `E60701190${minute}DEMO${String(++n).padStart(7, '0')}`;
}

/**
 * Offers and trades in every state of the trade process, each about what was sold and between the people who sell
 * and buy it, all made through the services as the people themselves would; money moves only by the admin.
 * `listingIds` are the demo listings' ids by title.
 */
export async function seedDemoTrades(
  db: Db,
  config: Config,
  people: DemoPeople,
  listingIds: Map<string, number>,
) {
  const { admin, seller, accountSeller, skinSeller, buyer, otherBuyer } = people;
  const trades = createTradesService({
    db,
    ledger: createLedger(db),
    now: () => new Date(),
    sealer: createSealer(config.deliverySecret),
    pix: tradePixOf(createPixProvider({ ...config.pix, provider: 'manual' })),
    storage: createStorage(config.media),
  });
  const offers = createOffersService({ db, notify });
  // Written directly: the page's way in asks for the seller's password (a default key change), which the seed does
  // not type.
  const defaultKey = (viewer: Viewer, key: string) => ({
    userId: viewer.userId,
    type: 'email' as const,
    key,
    isDefault: true,
    defaultSince: new Date(),
  });
  await db
    .insert(pixKeys)
    .values([
      defaultKey(seller, 'vendedor@mercadogamer.local'),
      defaultKey(accountSeller, 'nina@mercadogamer.local'),
      defaultKey(skinSeller, 'rafa@mercadogamer.local'),
    ]);
  const nextE2E = demoEndToEndIds(new Date());

  const listingOf = (key: keyof typeof demoTradeListings) => {
    const id = listingIds.get(demoTradeListings[key]);
    if (id === undefined) throw new Error(`demo listing missing: ${demoTradeListings[key]}`);
    return id;
  };
  const priceOf = (key: keyof typeof demoTradeListings) =>
    demoListings.find((l) => l.title === demoTradeListings[key])?.priceCents ?? 0;
  /** Opens a trade at the listing's price and confirms that same value (the seller). */
  const confirmed = async (who: Viewer, key: keyof typeof demoTradeListings, sellerOf: Viewer) => {
    const { id } = await trades.start(who, listingOf(key));
    await trades.confirmValue(sellerOf, id, priceOf(key));
    return id;
  };
  /** …then the admin confirms the PIX payment with its end-to-end id. */
  const paid = async (who: Viewer, key: keyof typeof demoTradeListings, sellerOf: Viewer) => {
    const id = await confirmed(who, key, sellerOf);
    await trades.confirmPayment(admin, id, nextE2E());
    return id;
  };

  // Completed: diamonds credited, confirmed, the payout paid; both sides review and the seller answers.
  const done = await paid(buyer, 'completed', seller);
  await trades.markDelivered(seller, done, {
    note: 'Diamantes creditados no ID 412398765 (nick PlayerUm). Confira o saldo no jogo.',
  });
  await trades.confirmDelivery(buyer, done);
  await trades.release(admin, done, nextE2E());
  const reviews = createReviewsService({ db, now: () => new Date() });
  const buyerReview = await reviews.write(buyer, done, {
    rating: 5,
    comment: 'Os diamantes caíram no meu ID em poucos minutos, exatamente como no anúncio. Recomendo!',
  });
  await reviews.write(seller, done, { rating: 5, comment: 'Pagamento rápido e comunicação tranquila.' });
  await reviews.answer(seller, buyerReview, 'Valeu pela compra! Qualquer dúvida, é só chamar.');

  const cases = await paid(otherBuyer, 'completedCases', skinSeller);
  await trades.markDelivered(skinSeller, cases, {
    note: 'As 10 caixas foram enviadas por oferta de troca na Steam para BiaGamer.',
  });
  await trades.confirmDelivery(otherBuyer, cases);
  await trades.release(admin, cases, nextE2E());

  // Payout due: the buyer confirmed the code; the seller's key is fixed on the trade, waiting in 'Repasses'.
  const vbucks = await paid(buyer, 'payoutDue', seller);
  await trades.markDelivered(seller, vbucks, {
    note: 'Código de 1.000 V-Bucks enviado; resgate em fortnite.com/vbuckscard.',
    credentials: 'Código: 7KXQ-4M2P-9RTA-L3WZ',
  });
  await trades.confirmDelivery(buyer, vbucks);

  // An account sale confirmed by the buyer: the payout waits for the warranty window against recovery.
  const account = await paid(otherBuyer, 'warranty', accountSeller);
  await trades.markDelivered(accountSeller, account, {
    note: 'Troquei o e-mail de recuperação para o seu. Troque a senha assim que entrar.',
    credentials: 'login: platina_120champs\nsenha: troque-esta-senha\ne-mail: o seu (já vinculado)',
  });
  await trades.confirmDelivery(otherBuyer, account);

  // A value proposal: the seller offers the discount agreed in the chat; the buyer has not answered yet.
  const proposal = await trades.start(buyer, listingOf('proposal'));
  await trades.confirmValue(accountSeller, proposal.id, 39_000);

  // The accepted offer becomes a trade at the offer's amount, its value confirmed by the acceptance; the PIX is due.
  const accepted = await offers.make(buyer, listingOf('acceptedOffer'), {
    amount: 5_500,
    message: 'Fecho agora por R$ 55 no PIX.',
  });
  await offers.accept(seller, accepted.id);

  // Just opened: the seller has not confirmed the value yet.
  await trades.start(otherBuyer, listingOf('awaitingValue'));

  // Paid, waiting for the seller to send the gift card code.
  await paid(otherBuyer, 'awaitingDelivery', seller);

  // Delivery marked, waiting for the buyer.
  const silver = await paid(buyer, 'delivered', seller);
  await trades.markDelivered(seller, silver, {
    note: 'Prata enviada por troca no mercado de Caerleon para o nick PlayerUm.',
  });

  // Open dispute: part of the lot missing.
  const lot = await paid(otherBuyer, 'disputed', skinSeller);
  await trades.markDelivered(skinSeller, lot, {
    note: 'Os 25 itens imortais foram enviados por troca na Steam.',
  });
  await trades.openDispute(
    otherBuyer,
    lot,
    'Recebi só 22 dos 25 itens imortais do lote: faltam o Dragonclaw Hook e duas Golden Baby Roshan.',
  );

  // Dispute decided for the seller: the skin matched the listing's wear, so the payout is due.
  const skin = await paid(buyer, 'disputeForSeller', skinSeller);
  await trades.markDelivered(skinSeller, skin, {
    note: 'AK-47 | Redline enviada por oferta de troca na Steam.',
  });
  await trades.openDispute(
    buyer,
    skin,
    'A skin chegou com desgaste Testada em Campo; eu esperava Nova de Fábrica.',
  );
  await trades.decideDispute(admin, skin, {
    decision: 'release',
    reason: 'O anúncio informa "Testada em Campo" e a skin entregue tem exatamente esse desgaste',
  });

  // Dispute decided for the buyer: the Robux never arrived, the buyer is refunded.
  const robux = await paid(otherBuyer, 'refunded', seller);
  await trades.markDelivered(seller, robux, { note: 'Robux enviados pelo grupo do Roblox.' });
  await trades.openDispute(
    otherBuyer,
    robux,
    'Os 2.200 Robux não chegaram: o saldo da minha conta continua o mesmo e o grupo não tem pagamento pendente.',
  );
  await trades.decideDispute(admin, robux, {
    decision: 'refund',
    reason: 'O vendedor não comprovou o envio dos Robux; reembolso integral à compradora',
    endToEndId: nextE2E(),
  });

  // Cancelled by the buyer before paying.
  const wrong = await confirmed(buyer, 'cancelled', seller);
  await trades.cancel(buyer, wrong, { reason: 'Comprei errado: eu queria o cartão de 2.800 RP.' });

  // Offers still open or refused.
  await offers.make(buyer, listingOf('pendingOffer'), { amount: 28_000, message: 'Aceita R$ 280 no PIX?' });
  const refused = await offers.make(otherBuyer, listingOf('rejectedOffer'), {
    amount: 50_000,
    message: 'Tenho interesse, aceita R$ 500?',
  });
  await offers.reject(skinSeller, refused.id);
  await offers.make(otherBuyer, listingOf('otherPendingOffer'), { amount: 85_000, message: null });
}
