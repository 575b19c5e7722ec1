import { errorMessages } from '@shared/errors';
import { formatPrice } from '@shared/money';
import { tradeRoleOf } from '@shared/permissions';
import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import {
  finishedTradeStates,
  paidTradeStates,
  type TradeAction,
  type TradeRole,
  type TradeState,
  type TradeView,
  tradeActionsFor,
} from '@shared/trades';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { listings, pixKeys, trades } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage, StoredFile } from '../../storage/storage';
import { recordAudit } from '../audit/record';
import type { Ledger } from '../ledger/service';
import { processPhotos, type UploadedPhoto } from '../media/photos';
import { openTrade } from './open';
import {
  countEvidence,
  insertTradePhotos,
  tradePhotoFileKey,
  tradePhotoLimits,
  withStoredTradePhotos,
} from './photos';
import type { Sealer } from './sealed';
import { lockListingStock } from './stock';
import {
  addHours,
  notifyParties,
  recordEvent,
  resolveTicket,
  type TradeRow,
  transition,
} from './transitions';
import { listTrades, readTradeView } from './view';

/** What the trades need of the PIX side (modules/pix): a charge per trade and, with API Pix, its status. */
export interface TradePix {
  /** True when the PSP confirms payments by itself (API Pix); false when the intermediary does. */
  automatic: boolean;
  createCharge(input: {
    tradeId: number;
    amountCents: number;
    description: string;
  }): Promise<{ txid: string; copiaECola: string }>;
  /** Paid, with the transfer's end-to-end id, only when the PSP says so for exactly `amountCents`. */
  confirmedPayment(txid: string, amountCents: number): Promise<{ endToEndId: string } | null>;
  /** The QR code of a copia-e-cola, as SVG. */
  drawQr(copiaECola: string): Promise<string>;
}

export interface TradesDeps {
  db: Db;
  ledger: Ledger;
  pix: TradePix;
  sealer: Sealer;
  /** Where the delivery proof and dispute evidence are written (under 'trades/<id>/'). */
  storage: Storage;
  /** The clock the timers read; tests move it. */
  now: () => Date;
}

/** A viewer's place in one trade: their role (null for staff when another staff member took it). */
interface Seat {
  trade: TradeRow;
  role: TradeRole | null;
}

const moneyOf = (t: TradeRow) => ({
  id: t.id,
  amountCents: t.amountCents,
  sellerId: t.sellerId,
  buyerId: t.buyerId,
  feeRateBps: t.feeRateBps,
});

/** The protected trade's state machine (docs/decisions/010-trades.md). Every change: one transaction, guarded. */
export function createTradesService({ db, ledger, pix, sealer, storage, now }: TradesDeps) {
  async function load(tx: Db, id: number): Promise<TradeRow | undefined> {
    const [row] = await tx.select().from(trades).where(eq(trades.id, id));
    return row;
  }

  /** The trade as `viewer` may see it; a trade they may not see does not exist (404, not 403). */
  async function seat(viewer: Viewer, id: number, tx: Db = db): Promise<Seat> {
    const trade = await load(tx, id);
    const actor = { userId: viewer.userId, role: viewer.role };
    const isParty = trade && (trade.buyerId === viewer.userId || trade.sellerId === viewer.userId);
    if (!trade || (!isParty && !viewer.role)) throw new AppError('NOT_FOUND', m.notFound);
    return { trade, role: tradeRoleOf(actor, trade) };
  }

  /** Refuses an action the state machine does not give this role now, with the reason in pt-BR. */
  function assertMay({ trade, role }: Seat, action: TradeAction) {
    const allowed = tradeActionsFor(
      {
        state: trade.state,
        intermediaryId: trade.intermediaryId,
        hasCredentials: Boolean(trade.deliveryCredentials),
      },
      role,
    );
    if (allowed.includes(action)) return;
    if (!role) throw new AppError('FORBIDDEN', m.alreadyTaken);
    if (action === 'reveal_credentials') throw new AppError('FORBIDDEN', m.notYourStep);
    if (action === 'cancel' && paidTradeStates.includes(trade.state)) {
      throw new AppError('FORBIDDEN', m.cancelAfterPayment);
    }
    if (action === 'add_evidence') {
      throw new AppError(role === 'intermediador' ? 'FORBIDDEN' : 'CONFLICT', m.evidenceNotAllowed);
    }
    if (action === 'open_dispute' && role !== 'intermediador') {
      throw new AppError('CONFLICT', m.disputeNotAllowed);
    }
    const roleOnly = tradeActionsFor({ ...trade, state: stateFor(action), hasCredentials: true }, role);
    throw roleOnly.includes(action)
      ? new AppError('CONFLICT', m.stateChanged)
      : new AppError('FORBIDDEN', m.notYourStep);
  }

  /**
   * Photos sent with a step: the viewer may take it (checked before decoding anything; the step's transaction
   * checks again), and they pass the listings' checks (images only, 5 MB each, 4 at most). None: nothing to do.
   */
  async function preparePhotos(viewer: Viewer, id: number, action: TradeAction, photos: UploadedPhoto[]) {
    if (photos.length === 0) return [];
    assertMay(await seat(viewer, id), action);
    return processPhotos(photos, 0, tradePhotoLimits);
  }

  /** Staff acting on a trade nobody took become its intermediary. */
  const intermediaryAfter = (s: Seat, viewer: Viewer) =>
    s.role === 'intermediador' ? (s.trade.intermediaryId ?? viewer.userId) : s.trade.intermediaryId;

  /** The release (step 4, or a dispute decided for the seller): money, stock and ticket in one transaction. */
  async function completeRelease(
    tx: Db,
    s: Seat,
    viewer: Viewer,
    from: TradeState,
    input: {
      endToEndId: string;
      eventKind: 'released' | 'dispute_released';
      detail: string;
      decisionReason?: string;
    },
  ) {
    const at = now();
    const [key] = await tx
      .select({ type: pixKeys.type, key: pixKeys.key })
      .from(pixKeys)
      .where(and(eq(pixKeys.userId, s.trade.sellerId), eq(pixKeys.isDefault, true)));
    if (!key) throw new AppError('CONFLICT', m.pixKeyRequired, { endToEndId: m.pixKeyRequired });
    const row = await transition(tx, {
      tradeId: s.trade.id,
      from: [from],
      to: 'completed',
      changes: {
        payoutPixKey: `${key.type}:${key.key}`,
        payoutEndToEndId: input.endToEndId,
        releasedAt: at,
        deadlineAt: null,
        intermediaryId: intermediaryAfter(s, viewer),
        ...(input.decisionReason !== undefined && {
          disputeDecision: 'release',
          disputeDecisionReason: input.decisionReason,
          disputeDecidedAt: at,
        }),
      },
      event: { kind: input.eventKind, actorId: viewer.userId, detail: input.detail },
      now: at,
    });
    await ledger.released(tx, moneyOf(row));
    await ledger.payoutRecorded(tx, moneyOf(row));
    if (row.listingId !== null) {
      const listing = await lockListingStock(tx, row.listingId);
      if (listing) {
        const quantity = Math.max(0, listing.quantity - 1);
        await tx
          .update(listings)
          .set(quantity === 0 ? { quantity, status: 'sold' } : { quantity })
          .where(eq(listings.id, listing.id));
      }
    }
    await resolveTicket(tx, row, m.ticketResolved, at);
  }

  /** A refund (staff cancel after payment, or a dispute decided for the buyer): escrow back to the buyer. */
  async function completeRefund(
    tx: Db,
    s: Seat,
    viewer: Viewer,
    input: {
      endToEndId: string;
      eventKind: 'refunded' | 'dispute_refunded';
      detail: string;
      changes: Partial<TradeRow>;
    },
  ) {
    const at = now();
    const row = await transition(tx, {
      tradeId: s.trade.id,
      from: [s.trade.state],
      to: 'refunded',
      changes: {
        ...input.changes,
        refundEndToEndId: input.endToEndId,
        deadlineAt: null,
        intermediaryId: intermediaryAfter(s, viewer),
      },
      event: { kind: input.eventKind, actorId: viewer.userId, detail: input.detail },
      now: at,
    });
    await ledger.refunded(tx, moneyOf(row));
    await ledger.refundPaid(tx, moneyOf(row));
    await resolveTicket(tx, row, 'Intermediação encerrada com reembolso ao comprador', at);
  }

  /** Creates the PIX charge outside any transaction (it may call the PSP); a second call finds it made. */
  async function ensureCharge(tradeId: number) {
    const trade = await load(db, tradeId);
    if (trade?.state !== 'awaiting_payment' || trade.pixTxid) return;
    const charge = await pix.createCharge({
      tradeId,
      amountCents: trade.amountCents,
      description: `Intermediação #${tradeId}: ${trade.listingTitle}`.slice(0, 140),
    });
    await db
      .update(trades)
      .set({ pixTxid: charge.txid, pixCopiaECola: charge.copiaECola })
      .where(and(eq(trades.id, tradeId), isNull(trades.pixTxid), eq(trades.state, 'awaiting_payment')));
  }

  return {
    /** The room as `viewer` sees it; the buyer and the intermediary get the PIX charge while it is due. */
    async view(viewer: Viewer, id: number): Promise<TradeView> {
      let s = await seat(viewer, id);
      if (s.trade.state === 'awaiting_payment' && !s.trade.pixTxid) {
        await ensureCharge(id);
        s = await seat(viewer, id);
      }
      const { trade, role } = s;
      const seesCharge = role === 'comprador' || role === 'intermediador';
      const charge =
        seesCharge && trade.state === 'awaiting_payment' && trade.pixTxid && trade.pixCopiaECola
          ? {
              txid: trade.pixTxid,
              amountCents: trade.amountCents,
              copiaECola: trade.pixCopiaECola,
              qrSvg: await pix.drawQr(trade.pixCopiaECola),
              automatic: pix.automatic,
            }
          : null;
      return readTradeView(db, trade, viewer, role, charge);
    },

    list: (viewer: Viewer, scope: 'mine' | 'desk') => {
      if (scope === 'desk' && !viewer.role) throw new AppError('FORBIDDEN', m.staffOnly);
      return listTrades(db, viewer, scope);
    },

    /** 'Compra protegida' and the start screen: a trade at the listing's price. */
    async start(viewer: Viewer, listingId: number) {
      return db.transaction((tx) => openTrade(tx, { listingId, buyerId: viewer.userId, now: now() }));
    },

    /** Step 1: the seller confirms the value; the trade then holds one unit of stock. */
    async confirmValue(viewer: Viewer, id: number, amountCents: number) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'confirm_value');
        const listing = s.trade.listingId === null ? null : await lockListingStock(tx, s.trade.listingId);
        if (!listing || listing.available <= 0) {
          throw new AppError('CONFLICT', m.outOfStock, { amount: m.outOfStockDetail });
        }
        const at = now();
        await transition(tx, {
          tradeId: id,
          from: ['awaiting_value'],
          to: 'awaiting_payment',
          changes: {
            amountCents,
            valueConfirmedAt: at,
            deadlineAt: addHours(at, TRADE_TIMERS.paymentHours),
          },
          event: {
            kind: 'value_confirmed',
            actorId: viewer.userId,
            detail: `Valor confirmado: ${formatPrice(amountCents)}`,
          },
          now: at,
        });
      });
      await ensureCharge(id);
    },

    /** Step 2 by the intermediary (manual provider, or when the PSP's confirmation did not arrive). */
    async confirmPayment(viewer: Viewer, id: number, endToEndId: string | undefined) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'confirm_payment');
        await markPaid(tx, s.trade, {
          actorId: viewer.userId,
          endToEndId: endToEndId ?? null,
          intermediaryId: intermediaryAfter(s, viewer),
        });
      });
    },

    /**
     * Step 2 by the PSP (API Pix webhook): the webhook only names a txid; the charge is read back from the PSP and
     * must be paid for exactly the trade's amount. Anything else changes nothing. True when this call confirmed it.
     */
    async confirmPaymentFromProvider(txid: string): Promise<boolean> {
      const [trade] = await db.select().from(trades).where(eq(trades.pixTxid, txid));
      if (trade?.state !== 'awaiting_payment') return false;
      const paid = await pix.confirmedPayment(txid, trade.amountCents);
      if (!paid) return false;
      return db.transaction(async (tx) => {
        try {
          await markPaid(tx, trade, {
            actorId: null,
            endToEndId: paid.endToEndId,
            intermediaryId: trade.intermediaryId,
          });
          return true;
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONFLICT') return false;
          throw error;
        }
      });
    },

    /** Step 3a: the seller marks the delivery, with credentials sealed for the buyer. */
    async markDelivered(
      viewer: Viewer,
      id: number,
      input: { note?: string | null; credentials?: string | null },
      photos: UploadedPhoto[] = [],
    ) {
      if (!input.note && !input.credentials) {
        throw new AppError('VALIDATION', m.deliveryEmpty, { note: m.deliveryEmpty });
      }
      const processed = await preparePhotos(viewer, id, 'mark_delivered', photos);
      const proof = processed.length
        ? ` (${processed.length} ${processed.length === 1 ? 'foto' : 'fotos'} de comprovante)`
        : '';
      await withStoredTradePhotos(storage, id, processed, (stored) =>
        db.transaction(async (tx) => {
          const s = await seat(viewer, id, tx);
          assertMay(s, 'mark_delivered');
          const at = now();
          await insertTradePhotos(tx, {
            tradeId: id,
            uploadedBy: viewer.userId,
            purpose: 'delivery_proof',
            stored,
            at,
          });
          await transition(tx, {
            tradeId: id,
            from: ['awaiting_delivery'],
            to: 'delivered',
            changes: {
              deliveryNote: input.note ?? null,
              deliveryCredentials: input.credentials ? sealer.seal(id, input.credentials) : null,
              deliveredAt: at,
              deadlineAt: addHours(at, TRADE_TIMERS.buyerConfirmationHours),
            },
            event: {
              kind: 'delivery_marked',
              actorId: viewer.userId,
              detail: `${input.credentials ? 'Entrega marcada, com dados de acesso protegidos' : 'Entrega marcada'}${proof}`,
            },
            now: at,
          });
        }),
      );
    },

    /** Step 3b: the buyer confirms receipt; the release is now due. */
    async confirmDelivery(viewer: Viewer, id: number) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'confirm_delivery');
        const at = now();
        await transition(tx, {
          tradeId: id,
          from: ['delivered'],
          to: 'awaiting_release',
          changes: { deliveryConfirmedAt: at, deadlineAt: addHours(at, TRADE_TIMERS.releaseHours) },
          event: {
            kind: 'delivery_confirmed',
            actorId: viewer.userId,
            detail: 'Entrega confirmada pelo comprador',
          },
          now: at,
        });
      });
    },

    /** Step 4: the intermediary releases 95 % to the seller's default key; the transfer's E2E id is recorded. */
    async release(viewer: Viewer, id: number, endToEndId: string) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'release');
        await completeRelease(tx, s, viewer, 'awaiting_release', {
          endToEndId,
          eventKind: 'released',
          detail: `Pagamento liberado ao vendedor (E2E ${endToEndId})`,
        });
      });
    },

    /** Before payment any party or staff cancels; after it only staff, and that refunds the buyer. */
    async cancel(viewer: Viewer, id: number, input: { reason: string; endToEndId?: string }) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'cancel');
        if (paidTradeStates.includes(s.trade.state)) {
          if (!input.endToEndId)
            throw new AppError('VALIDATION', m.endToEndInvalid, { endToEndId: m.endToEndInvalid });
          await completeRefund(tx, s, viewer, {
            endToEndId: input.endToEndId,
            eventKind: 'refunded',
            detail: `Cancelada pela equipe com reembolso ao comprador: ${input.reason}`,
            changes: { cancelReason: input.reason },
          });
          return;
        }
        const at = now();
        const row = await transition(tx, {
          tradeId: id,
          from: [s.trade.state],
          to: 'cancelled',
          changes: { cancelReason: input.reason, deadlineAt: null },
          event: { kind: 'cancelled', actorId: viewer.userId, detail: `Cancelada: ${input.reason}` },
          now: at,
        });
        await resolveTicket(tx, row, `Intermediação cancelada: ${input.reason}`, at);
      });
    },

    /** Buyer or seller, after payment and before release: the timers stop until staff decide. */
    async openDispute(viewer: Viewer, id: number, reason: string, photos: UploadedPhoto[] = []) {
      const processed = await preparePhotos(viewer, id, 'open_dispute', photos);
      await withStoredTradePhotos(storage, id, processed, (stored) =>
        db.transaction(async (tx) => {
          const s = await seat(viewer, id, tx);
          assertMay(s, 'open_dispute');
          const at = now();
          await insertTradePhotos(tx, {
            tradeId: id,
            uploadedBy: viewer.userId,
            purpose: 'dispute_evidence',
            stored,
            at,
          });
          await transition(tx, {
            tradeId: id,
            from: [s.trade.state],
            to: 'disputed',
            changes: {
              disputeOpenedBy: viewer.userId,
              disputeReason: reason,
              disputeOpenedAt: at,
              deadlineAt: null,
            },
            event: { kind: 'dispute_opened', actorId: viewer.userId, detail: `Disputa aberta: ${reason}` },
            now: at,
          });
        }),
      );
    },

    /**
     * A party adds evidence to the open dispute: up to 4 photos each in all (with those sent when opening it).
     * The trade row stays locked from the count to the insert, so two uploads at once cannot pass the limit.
     */
    async addEvidence(viewer: Viewer, id: number, photos: UploadedPhoto[]) {
      if (photos.length === 0) {
        throw new AppError('VALIDATION', m.photoRequired, { photos: m.photoRequired });
      }
      assertMay(await seat(viewer, id), 'add_evidence');
      const before = await countEvidence(db, id, viewer.userId);
      const processed = await processPhotos(photos, before, tradePhotoLimits);
      await withStoredTradePhotos(storage, id, processed, (stored) =>
        db.transaction(async (tx) => {
          const [locked] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
          if (!locked) throw new AppError('NOT_FOUND', m.notFound);
          const s = await seat(viewer, id, tx);
          assertMay(s, 'add_evidence');
          if ((await countEvidence(tx, id, viewer.userId)) + stored.length > tradePhotoLimits.max) {
            throw new AppError('VALIDATION', m.tooManyPhotos, { photos: m.tooManyPhotos });
          }
          const at = now();
          await insertTradePhotos(tx, {
            tradeId: id,
            uploadedBy: viewer.userId,
            purpose: 'dispute_evidence',
            stored,
            at,
          });
          await tx.update(trades).set({ updatedAt: at }).where(eq(trades.id, id));
          const detail =
            stored.length === 1
              ? 'Nova evidência enviada para a disputa'
              : `${stored.length} novas evidências enviadas para a disputa`;
          await recordEvent(tx, id, viewer.userId, 'evidence_added', detail, at);
          await notifyParties(tx, locked, viewer.userId, 'trade_step', detail);
        }),
      );
    },

    /** One width of a trade's photo, for who may see the trade (anyone else: 404, as for the room). */
    async photoFile(viewer: Viewer, id: number, photoId: number, width?: number): Promise<StoredFile> {
      await seat(viewer, id);
      const key = await tradePhotoFileKey(db, id, photoId, width);
      const file = key ? await storage.get(key) : null;
      if (!file) throw new AppError('NOT_FOUND', errorMessages.notFound);
      return file;
    },

    /** Staff decide a dispute: release to the seller or refund the buyer, with a reason both parties read. */
    async decideDispute(
      viewer: Viewer,
      id: number,
      input: { decision: 'release' | 'refund'; reason: string; endToEndId: string },
    ) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'decide_dispute');
        if (input.decision === 'release') {
          await completeRelease(tx, s, viewer, 'disputed', {
            endToEndId: input.endToEndId,
            eventKind: 'dispute_released',
            detail: `Disputa decidida a favor do vendedor: ${input.reason}`,
            decisionReason: input.reason,
          });
          return;
        }
        await completeRefund(tx, s, viewer, {
          endToEndId: input.endToEndId,
          eventKind: 'dispute_refunded',
          detail: `Disputa decidida com reembolso ao comprador: ${input.reason}`,
          changes: {
            disputeDecision: 'refund',
            disputeDecisionReason: input.reason,
            disputeDecidedAt: now(),
          },
        });
      });
    },

    /** A staff member takes the trade as its intermediary; of two at once, one wins. */
    async take(viewer: Viewer, id: number) {
      await db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'take');
        const at = now();
        const [row] = await tx
          .update(trades)
          .set({ intermediaryId: viewer.userId, updatedAt: at })
          .where(
            and(
              eq(trades.id, id),
              isNull(trades.intermediaryId),
              notInArray(trades.state, [...finishedTradeStates]),
            ),
          )
          .returning({ id: trades.id });
        if (!row) throw new AppError('CONFLICT', m.alreadyTaken);
        await recordEvent(
          tx,
          id,
          viewer.userId,
          'staff_assigned',
          'Intermediador assumiu a intermediação',
          at,
        );
      });
    },

    /** Opens the sealed credentials for the buyer (after payment) or staff (in a dispute); every reveal is audited. */
    async revealCredentials(viewer: Viewer, id: number): Promise<string> {
      return db.transaction(async (tx) => {
        const s = await seat(viewer, id, tx);
        assertMay(s, 'reveal_credentials');
        const at = now();
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'trade.credentials_reveal',
          targetType: 'trade',
          targetId: id,
          details: { role: s.role },
        });
        await recordEvent(tx, id, viewer.userId, 'credentials_revealed', 'Dados de acesso exibidos', at);
        return sealer.open(id, s.trade.deliveryCredentials as string);
      });
    },
  };

  async function markPaid(
    tx: Db,
    trade: TradeRow,
    input: { actorId: string | null; endToEndId: string | null; intermediaryId: string | null },
  ) {
    const at = now();
    const row = await transition(tx, {
      tradeId: trade.id,
      from: ['awaiting_payment'],
      to: 'awaiting_delivery',
      changes: {
        paidAt: at,
        paymentEndToEndId: input.endToEndId,
        deadlineAt: addHours(at, TRADE_TIMERS.deliveryMarkHours),
        intermediaryId: input.intermediaryId,
      },
      event: {
        kind: 'payment_confirmed',
        actorId: input.actorId,
        detail: input.actorId
          ? 'Pagamento confirmado pelo intermediador'
          : `Pagamento confirmado automaticamente pelo PSP (E2E ${input.endToEndId})`,
      },
      now: at,
    });
    await ledger.paymentConfirmed(tx, moneyOf(row));
  }
}

/** The state an action is taken from, to tell "not your step" from "this step has passed". */
function stateFor(action: TradeAction): TradeState {
  const states: Record<TradeAction, TradeState> = {
    confirm_value: 'awaiting_value',
    confirm_payment: 'awaiting_payment',
    mark_delivered: 'awaiting_delivery',
    confirm_delivery: 'delivered',
    release: 'awaiting_release',
    cancel: 'awaiting_value',
    open_dispute: 'delivered',
    decide_dispute: 'disputed',
    take: 'awaiting_value',
    reveal_credentials: 'disputed',
    add_evidence: 'disputed',
  };
  return states[action];
}

export type TradesService = ReturnType<typeof createTradesService>;
