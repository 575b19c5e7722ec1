import { errorMessages } from '@shared/errors';
import { formatPrice } from '@shared/money';
import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeTransitionName } from '@shared/trade-process';
import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage, StoredFile } from '../../storage/storage';
import type { Ledger } from '../ledger/service';
import { processPhotos, type UploadedPhoto } from '../media/photos';
import { markCodeRevealed } from './codes';
import { createDisputeSteps } from './dispute-steps';
import { createMoneySteps } from './money-steps';
import { openTrade } from './open';
import { insertTradePhotos, tradePhotoFileKey, tradePhotoLimits, withStoredTradePhotos } from './photos';
import type { Sealer } from './sealed';
import { assertMay, seatAt, seatIn } from './seat';
import { createStaffSteps } from './staff-steps';
import { applyTransition, type TradeRow } from './transitions';
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
  /**
   * With API Pix: returns the buyer's payment through the PSP (devolução `refundId`), read back: its return id and
   * whether the SPI settled it yet. Null with the manual provider (staff send the refund and type its E2E id).
   */
  refund(input: {
    paymentEndToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<{ returnId: string; status: 'done' | 'processing' } | null>;
  /** Reads a devolução again (null: the PSP has none under that id, or the manual provider). */
  readRefund(input: {
    paymentEndToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<{ returnId: string; status: 'done' | 'processing' | 'refused' } | null>;
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

/**
 * The protected trade (docs/decisions/020-trade-process.md). Every change is one transaction guarded by the state it
 * leaves, taking a transition of the process in src/shared/trade-process.ts; the steps live by theme: the value and
 * delivery here, money in money-steps.ts, disputes in dispute-steps.ts, staff's own acts in staff-steps.ts.
 */
export function createTradesService(deps: TradesDeps) {
  const { db, ledger, pix, sealer, storage, now } = deps;

  /** Photos sent with a step: checked for the viewer's right before anything is decoded, then processed. */
  async function preparePhotos(
    viewer: Viewer,
    id: number,
    action: 'mark_delivered' | 'open_dispute',
    photos: UploadedPhoto[],
  ) {
    if (photos.length === 0) return [];
    assertMay(await seatIn(db, viewer, id), action);
    return processPhotos(photos, 0, tradePhotoLimits);
  }

  /**
   * Creates the PIX charge of a trade awaiting payment, outside any transaction (it may call the PSP; a second call
   * finds it made), and returns the row with it; any other trade as it is.
   */
  async function ensureCharge(trade: TradeRow): Promise<TradeRow> {
    if (trade.state !== 'awaiting_payment' || trade.pixTxid) return trade;
    const charge = await pix.createCharge({
      tradeId: trade.id,
      amountCents: trade.amountCents,
      description: `Intermediação #${trade.id}: ${trade.listingTitle}`.slice(0, 140),
    });
    const [row] = await db
      .update(trades)
      .set({ pixTxid: charge.txid, pixCopiaECola: charge.copiaECola })
      .where(eq(trades.id, trade.id))
      .returning();
    return row ?? trade;
  }

  /** A value step that leaves the trade awaiting payment creates the charge (outside the transaction). */
  async function valueStep(
    viewer: Viewer,
    id: number,
    action: 'confirm_value' | 'accept_value' | 'decline_value',
    pick: (trade: { amountCents: number; proposedAmountCents: number | null }) => {
      name: TradeTransitionName;
      detail: string;
      changes: Partial<typeof trades.$inferSelect>;
    },
  ): Promise<TradeRow> {
    const row = await db.transaction(async (tx) => {
      const s = await seatIn(tx, viewer, id);
      assertMay(s, action);
      const { name, detail, changes } = pick(s.trade);
      return applyTransition(tx, ledger, {
        name,
        trade: s.trade,
        actorId: viewer.userId,
        detail,
        changes,
        now: now(),
      });
    });
    return ensureCharge(row);
  }

  const money = createMoneySteps(deps);
  const disputes = createDisputeSteps({ ...deps, preparePhotos, money });
  const staff = createStaffSteps(deps);

  return {
    ...money,
    ...disputes,
    ...staff,

    /**
     * The room as `viewer` sees it; the buyer and the intermediary get the PIX charge while it is due. `after` is
     * the row a step of this viewer's just left (its `UPDATE … RETURNING`): the room is not read again for it.
     */
    async view(viewer: Viewer, id: number, after?: TradeRow): Promise<TradeView> {
      const seat = after?.id === id ? seatAt(viewer, after) : await seatIn(db, viewer, id);
      const s = { ...seat, trade: await ensureCharge(seat.trade) };
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
      return readTradeView(db, s, charge);
    },

    list: (viewer: Viewer, scope: 'mine' | 'desk') => {
      if (scope === 'desk' && !viewer.role) throw new AppError('FORBIDDEN', m.staffOnly);
      return listTrades(db, viewer, scope);
    },

    /** 'Compra protegida' and the start screen: a trade at the listing's price. */
    async start(viewer: Viewer, listingId: number) {
      return db.transaction((tx) => openTrade(tx, { listingId, buyerId: viewer.userId, now: now() }));
    },

    /**
     * Step 1: the seller confirms the agreed value (the listing's price or the accepted offer), and the trade holds
     * one unit of stock; a different value is only a proposal, which the buyer accepts or declines before any charge.
     */
    confirmValue: (viewer: Viewer, id: number, amountCents: number) =>
      valueStep(viewer, id, 'confirm_value', (trade) =>
        amountCents === trade.amountCents
          ? { name: 'confirm_value', detail: `Valor confirmado: ${formatPrice(amountCents)}`, changes: {} }
          : {
              name: 'propose_value',
              detail: `O vendedor propôs ${formatPrice(amountCents)} no lugar do valor combinado de ${formatPrice(trade.amountCents)}`,
              changes: { proposedAmountCents: amountCents },
            },
      ),

    /** The buyer accepts the seller's proposed value: it becomes the trade's amount, and the charge's. */
    acceptValue: (viewer: Viewer, id: number) =>
      valueStep(viewer, id, 'accept_value', (trade) => ({
        name: 'accept_value',
        detail: `O comprador aceitou o novo valor: ${formatPrice(trade.proposedAmountCents ?? trade.amountCents)}`,
        changes: { amountCents: trade.proposedAmountCents ?? trade.amountCents },
      })),

    /** The buyer declines it: the trade waits again for the seller to confirm the agreed value (or cancel). */
    declineValue: (viewer: Viewer, id: number) =>
      valueStep(viewer, id, 'decline_value', (trade) => ({
        name: 'decline_value',
        detail: `O comprador recusou o novo valor de ${formatPrice(trade.proposedAmountCents ?? 0)}; vale o combinado, ${formatPrice(trade.amountCents)}`,
        changes: {},
      })),

    /** Step 3a: the seller marks the delivery, with credentials sealed for the buyer. */
    async markDelivered(
      viewer: Viewer,
      id: number,
      input: { note?: string | null; credentials?: string | null },
      photos: UploadedPhoto[] = [],
    ): Promise<TradeRow> {
      if (!input.note && !input.credentials) {
        throw new AppError('VALIDATION', m.deliveryEmpty, { note: m.deliveryEmpty });
      }
      const processed = await preparePhotos(viewer, id, 'mark_delivered', photos);
      const proof = processed.length
        ? ` (${processed.length} ${processed.length === 1 ? 'foto' : 'fotos'} de comprovante)`
        : '';
      return withStoredTradePhotos(storage, id, processed, (stored) =>
        db.transaction(async (tx) => {
          const s = await seatIn(tx, viewer, id);
          assertMay(s, 'mark_delivered');
          const at = now();
          await insertTradePhotos(tx, {
            tradeId: id,
            uploadedBy: viewer.userId,
            purpose: 'delivery_proof',
            stored,
            at,
          });
          return applyTransition(tx, ledger, {
            name: 'mark_delivered',
            trade: s.trade,
            actorId: viewer.userId,
            detail: `${input.credentials ? 'Entrega marcada, com dados de acesso protegidos' : 'Entrega marcada'}${proof}`,
            changes: {
              deliveryNote: input.note ?? null,
              deliveryCredentials: input.credentials ? sealer.seal(id, input.credentials) : null,
            },
            now: at,
          });
        }),
      );
    },

    /** Step 3b: the buyer confirms receipt; the payout is due (an account sale first runs its warranty window). */
    async confirmDelivery(viewer: Viewer, id: number): Promise<TradeRow> {
      return db.transaction(async (tx) => {
        const s = await seatIn(tx, viewer, id);
        assertMay(s, 'confirm_delivery');
        return applyTransition(tx, ledger, {
          name: 'confirm_delivery',
          trade: s.trade,
          actorId: viewer.userId,
          detail: 'Entrega confirmada pelo comprador',
          now: now(),
        });
      });
    },

    /** One width of a trade's photo, for who may see the trade (anyone else: 404, as for the room). */
    async photoFile(viewer: Viewer, id: number, photoId: number, width?: number): Promise<StoredFile> {
      await seatIn(db, viewer, id);
      const key = await tradePhotoFileKey(db, id, photoId, width);
      const file = key ? await storage.get(key) : null;
      if (!file) throw new AppError('NOT_FOUND', errorMessages.notFound);
      return file;
    },

    /** Opens the sealed credentials for the buyer (after payment) or staff (in a dispute); every reveal is audited. */
    async revealCredentials(viewer: Viewer, id: number): Promise<string> {
      return db.transaction(async (tx) => {
        const s = await seatIn(tx, viewer, id);
        assertMay(s, 'reveal_credentials');
        await staff.audit(tx, viewer, 'trade.credentials_reveal', id, { role: s.role });
        await staff.event(tx, id, viewer.userId, 'credentials_revealed', 'Dados de acesso exibidos');
        // The buyer has seen an instant delivery's code: a refund now burns it instead of restocking it.
        if (s.trade.instantDelivery && s.role === 'comprador') await markCodeRevealed(tx, id, now());
        return sealer.open(id, s.trade.deliveryCredentials as string);
      });
    },
  };
}

export type TradesService = ReturnType<typeof createTradesService>;
