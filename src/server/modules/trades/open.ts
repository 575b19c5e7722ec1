import { FEE_RATE_BPS } from '@shared/fees';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { feeRateBpsFor } from '@shared/reputation';
import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { finishedTradeStates } from '@shared/trades';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportTickets, trades, users } from '../../db/schema';
import { writeTogether } from '../../db/together';
import { AppError } from '../../errors';
import { racePoint } from '../../race-seam';
import { isDeletedAccount } from '../accounts/lifecycle';
import { suspendedAmong } from '../accounts/standing';
import { createLedger } from '../ledger/service';
import { notificationsInsert } from '../notifications/service';
import { readReputation } from '../reviews/stats';
import { lockListingStock } from './stock';
import { applyTransition, eventLine, timersOnEntering } from './transitions';

export interface OpenTradeInput {
  listingId: number;
  buyerId: string;
  /** The listing's price for 'Compra protegida', the offer's amount when an offer is accepted. */
  amountCents?: number;
  offerId?: number;
  now: Date;
}

/**
 * Locks what a trade's opening depends on, in the order every such path takes them: the listing (FOR UPDATE,
 * its stock), then the buyer's and seller's user rows in id order, FOR KEY SHARE. Account deletion locks the
 * member's listings and then the member's row FOR UPDATE (accounts/deletion.ts), which KEY SHARE conflicts
 * with: a deletion in flight is waited for and its tombstone read here, and a deletion that comes later waits
 * for this trade and sees it open. KEY SHARE rather than SHARE because it is all the trade needs (the row must
 * not be deleted or re-keyed under it) and it lets ordinary profile saves proceed; it is also the lock the
 * trade's foreign keys take anyway, only taken before anything is read or written.
 */
export async function lockTradeParties(tx: Db, listingId: number, buyerId: string) {
  const listing = await lockListingStock(tx, listingId);
  const ids = listing ? [buyerId, listing.sellerId] : [buyerId];
  const parties = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('key share');
  await racePoint('trade-opening:locked', buyerId);
  return {
    listing,
    buyer: parties.find((user) => user.id === buyerId),
    seller: listing ? parties.find((user) => user.id === listing.sellerId) : undefined,
  };
}

/**
 * Opens a trade inside the caller's transaction (a start or an offer's acceptance) with the spec's support
 * ticket (category intermediacao, priority high). Returns the id and whether it is new: a buyer's second
 * start of the same listing finds the open trade instead of opening another. An accepted offer is the agreed
 * price: its trade takes `accept_offer` at once (value confirmed, one unit reserved, the PIX due).
 */
export async function openTrade(tx: Db, input: OpenTradeInput): Promise<{ id: number; created: boolean }> {
  const { listing, buyer, seller } = await lockTradeParties(tx, input.listingId, input.buyerId);
  // An instant listing that sold its last code is paused until its seller adds more: out of stock, not gone.
  if (listing?.pausedReason === 'sem_codigos') {
    throw new AppError('CONFLICT', m.outOfStock, { listingId: m.outOfStockDetail });
  }
  if (listing?.status !== 'active') throw new AppError('NOT_FOUND', m.listingUnavailable);
  if (listing.sellerId === input.buyerId) throw new AppError('FORBIDDEN', m.ownListing);
  // A deleted seller's listings go with the account, so a tombstone here is one raced in: the same answer.
  if (!seller || isDeletedAccount(seller)) throw new AppError('NOT_FOUND', m.listingUnavailable);
  if (!buyer || isDeletedAccount(buyer)) throw new AppError('CONFLICT', m.buyerDeleted);
  // Decision 023: a suspended seller's listing takes no new trade (nor an accepted offer's), a suspended buyer
  // opens none; both read under the parties' locks, and nothing is written before.
  const suspended = await suspendedAmong(tx, [listing.sellerId, input.buyerId], input.now);
  if (suspended.has(listing.sellerId)) throw new AppError('LISTING_UNAVAILABLE', m.sellerUnavailable);
  if (suspended.has(input.buyerId)) throw new AppError('FORBIDDEN', m.buyerSuspended);

  // Locked listing: no other start of this listing runs between this look and the insert.
  const [open] = await tx
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.listingId, listing.id),
        eq(trades.buyerId, input.buyerId),
        notInArray(trades.state, [...finishedTradeStates]),
      ),
    );
  if (open && input.offerId === undefined) return { id: open.id, created: false };
  if (open) throw new AppError('CONFLICT', m.alreadyOpen);
  if (listing.available <= 0) throw new AppError('CONFLICT', m.outOfStock, { listingId: m.outOfStockDetail });

  const amountCents = input.amountCents ?? listing.priceCents;
  // The seller's seal at the opening fixes the trade's fee (Prata −15 %, Ouro −30 %: decision 016).
  const reputation = await readReputation(tx, listing.sellerId, input.now);
  const feeRateBps = feeRateBpsFor(FEE_RATE_BPS, reputation?.seals ?? []);
  const [ticket] = await tx
    .insert(supportTickets)
    .values({
      userId: input.buyerId,
      category: 'intermediacao',
      subject: `Intermediação: ${listing.title}`.slice(0, 200),
      description: `Intermediação de "${listing.title}" por ${formatPrice(amountCents)}.`,
      userEmail: buyer.email,
      userName: buyer.name,
      status: 'open',
      priority: 'high',
    })
    .returning({ id: supportTickets.id });
  const [trade] = await tx
    .insert(trades)
    .values({
      listingId: listing.id,
      listingTitle: listing.title,
      listingKind: listing.kind,
      instantDelivery: listing.instantDelivery,
      buyerId: input.buyerId,
      sellerId: listing.sellerId,
      offerId: input.offerId ?? null,
      ticketId: ticket?.id ?? null,
      amountCents,
      feeRateBps,
      ...timersOnEntering('awaiting_value', input.now),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: trades.id });
  if (!trade) throw new Error('trade insert returned nothing');
  const tradeRef = {
    id: trade.id,
    listingId: listing.id,
    listingKind: listing.kind,
    sellerId: listing.sellerId,
    instantDelivery: listing.instantDelivery,
  };
  const opened = eventLine(
    tx,
    trade.id,
    input.buyerId,
    'opened',
    `Intermediação iniciada por ${formatPrice(amountCents)}`,
    input.now,
  );
  // An instant-delivery listing's price is the agreed value: its trade holds a code and awaits the PIX at once.
  if (listing.instantDelivery && input.offerId === undefined) {
    await writeTogether(tx, [
      opened,
      notificationsInsert(tx, [
        {
          userId: listing.sellerId,
          kind: 'trade_started',
          title: `Intermediação #${trade.id}: ${listing.title}`,
          body: `${buyer.name} comprou com entrega automática: o código será entregue assim que o pagamento for confirmado.`,
          link: paths.trade(trade.id),
        },
      ]),
    ]);
    await applyTransition(tx, createLedger(tx), {
      name: 'instant_price',
      trade: { ...tradeRef, instantDelivery: true },
      actorId: null,
      detail: `Valor confirmado: ${formatPrice(amountCents)} (preço do anúncio, entrega automática)`,
      now: input.now,
    });
    return { id: trade.id, created: true };
  }
  if (input.offerId !== undefined) {
    await opened;
    // Moves no money: a ledger over this transaction only satisfies the transition's signature.
    await applyTransition(tx, createLedger(tx), {
      name: 'accept_offer',
      trade: tradeRef,
      actorId: listing.sellerId,
      detail: `Valor confirmado: ${formatPrice(amountCents)} (oferta aceita)`,
      now: input.now,
    });
    return { id: trade.id, created: true };
  }
  // The history's first line and the seller's notice in one statement.
  await writeTogether(tx, [
    opened,
    notificationsInsert(tx, [
      {
        userId: listing.sellerId,
        kind: 'trade_started',
        title: `Intermediação #${trade.id}: ${listing.title}`,
        body: `${buyer.name} quer comprar com intermediação. Confirme o valor em até ${TRADE_TIMERS.valueConfirmationHours} horas.`,
        link: paths.trade(trade.id),
      },
    ]),
  ]);
  return { id: trade.id, created: true };
}
