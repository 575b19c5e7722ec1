import { tradeMessages as m } from '@shared/trade-messages';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { type ProcessedPhoto, processPhotos, type UploadedPhoto } from '../media/photos';
import type { createMoneySteps } from './money-steps';
import { countEvidence, insertTradePhotos, tradePhotoLimits, withStoredTradePhotos } from './photos';
import { assertMay, seatIn } from './seat';
import type { TradesDeps } from './service';
import { applyTransition, notifyParties, recordEvent, type TradeRow } from './transitions';

/**
 * Disputes: a party opens one after payment (inside an account's warranty window only the buyer, claiming the
 * account back), both add evidence, and an admin decides: for the seller the payout becomes due, for the buyer the
 * escrow is refunded. A moderator recommends (staff-steps.ts).
 */
export function createDisputeSteps({
  db,
  ledger,
  storage,
  now,
  preparePhotos,
  money,
}: TradesDeps & {
  preparePhotos: (
    viewer: Viewer,
    id: number,
    action: 'open_dispute',
    photos: UploadedPhoto[],
  ) => Promise<ProcessedPhoto[]>;
  money: ReturnType<typeof createMoneySteps>;
}) {
  return {
    /** Buyer or seller, after payment and before release: the timers stop until staff decide (by a deadline). */
    async openDispute(viewer: Viewer, id: number, reason: string, photos: UploadedPhoto[] = []) {
      const processed = await preparePhotos(viewer, id, 'open_dispute', photos);
      return withStoredTradePhotos(storage, id, processed, (stored) =>
        db.transaction(async (tx) => {
          const s = await seatIn(tx, viewer, id);
          const [name] = assertMay(s, 'open_dispute');
          const at = now();
          await insertTradePhotos(tx, {
            tradeId: id,
            uploadedBy: viewer.userId,
            purpose: 'dispute_evidence',
            stored,
            at,
          });
          return applyTransition(tx, ledger, {
            name: name ?? 'open_dispute',
            trade: s.trade,
            actorId: viewer.userId,
            detail:
              name === 'claim_warranty'
                ? `Reclamação na garantia da conta: ${reason}`
                : `Disputa aberta: ${reason}`,
            reason,
            now: at,
          });
        }),
      );
    },

    /**
     * A party adds evidence to the open dispute: up to 4 photos each in all (with those sent when opening it).
     * The trade row stays locked from the count to the insert, so two uploads at once cannot pass the limit.
     */
    async addEvidence(viewer: Viewer, id: number, photos: UploadedPhoto[]): Promise<TradeRow> {
      if (photos.length === 0) {
        throw new AppError('VALIDATION', m.photoRequired, { photos: m.photoRequired });
      }
      assertMay(await seatIn(db, viewer, id), 'add_evidence');
      const before = await countEvidence(db, id, viewer.userId);
      const processed = await processPhotos(photos, before, tradePhotoLimits);
      return withStoredTradePhotos(storage, id, processed, (stored) =>
        db.transaction(async (tx) => {
          const s = await seatIn(tx, viewer, id, true);
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
          const [row] = await tx.update(trades).set({ updatedAt: at }).where(eq(trades.id, id)).returning();
          const detail =
            stored.length === 1
              ? 'Nova evidência enviada para a disputa'
              : `${stored.length} novas evidências enviadas para a disputa`;
          await recordEvent(tx, id, viewer.userId, 'evidence_added', detail, at);
          await notifyParties(tx, s.trade, viewer.userId, { kind: 'trade_step' }, detail);
          return row ?? s.trade;
        }),
      );
    },

    /**
     * An admin decides a dispute with a reason both parties read: for the seller the payout becomes due (the key is
     * fixed now and paid from 'Repasses'); for the buyer the escrow is refunded.
     */
    async decideDispute(
      viewer: Viewer,
      id: number,
      input: { decision: 'release' | 'refund'; reason: string; endToEndId?: string },
    ) {
      if (input.decision === 'refund') {
        await money.refund(viewer, id, 'decide_dispute', input);
        return;
      }
      return db.transaction(async (tx) => {
        // Locked: a devolução under way (refunds.ts) is the decision already being carried out.
        const s = await seatIn(tx, viewer, id, true);
        assertMay(s, 'decide_dispute');
        if (s.trade.refundPending) throw new AppError('CONFLICT', m.refundInProgress);
        const row = await applyTransition(tx, ledger, {
          name: 'decide_release',
          trade: s.trade,
          actorId: viewer.userId,
          byStaff: s.role === 'intermediador',
          detail: `Disputa decidida a favor do vendedor: ${input.reason}. O repasse ao vendedor está liberado para pagamento.`,
          reason: input.reason,
          now: now(),
        });
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'trade.dispute_release',
          targetType: 'trade',
          targetId: id,
          details: { amountCents: row.amountCents, reason: input.reason },
        });
        return row;
      });
    },
  };
}
