import {
  CODES_PAGE_SIZE,
  type CodeCounts,
  type CodeExport,
  type CodeImportResult,
  type CodeRefusal,
  type CodeState,
  type CodesPage,
  listingCodeMessages as cm,
  codeStates,
} from '@shared/listing-codes';
import type { PixKeyConfirmation } from '@shared/pix';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { listingCodes, listings } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { moveCodeStock } from '../trades/codes';
import type { Sealer } from '../trades/sealed';
import { type ImportLine, last4Of, readImportLines } from './lines';

/** The step-up the PIX keys ask (pix-keys/confirmation.ts), handed in by app.ts. */
export type StepUp = (userId: string, input: PixKeyConfirmation, headers: Headers) => Promise<void>;

/** Zero of every state, for a listing without codes. */
const noCodes = (): CodeCounts => Object.fromEntries(codeStates.map((s) => [s, 0])) as CodeCounts;

/** Every state's count of a listing's codes (the vault's tabs, the owner's listing). */
export async function countCodes(db: Db, listingId: number): Promise<CodeCounts> {
  const rows = await db
    .select({ state: listingCodes.state, n: count() })
    .from(listingCodes)
    .where(eq(listingCodes.listingId, listingId))
    .groupBy(listingCodes.state);
  const counts = noCodes();
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/**
 * An instant-delivery listing's vault (issue 37, decision 029): the seller's codes, masked; the import with its
 * per-line answers; removal of unsold codes; the export back (step-up confirmed, audited). Owner only: staff read
 * a delivered code in a dispute through the room's reveal, never the vault.
 */
export function createListingCodesService({
  db,
  sealer,
  stepUp,
  now,
}: {
  db: Db;
  sealer: Sealer;
  stepUp: StepUp;
  now: () => Date;
}) {
  /** The listing, if the viewer owns it (its row locked when `lock`); anyone else is refused. */
  async function ownListing(tx: Db, viewer: Viewer, listingId: number, lock = false) {
    const query = tx
      .select({
        id: listings.id,
        sellerId: listings.sellerId,
        title: listings.title,
        instantDelivery: listings.instantDelivery,
        pausedReason: listings.pausedReason,
      })
      .from(listings)
      .where(eq(listings.id, listingId));
    const [listing] = lock ? await query.for('update') : await query;
    if (!listing) throw new AppError('NOT_FOUND', cm.listingNotFound);
    if (listing.sellerId !== viewer.userId) throw new AppError('FORBIDDEN', cm.ownerOnly);
    return listing;
  }

  /**
   * The lines the database refuses: already in this stock (available or held by a trade), or already sold
   * anywhere on the marketplace (delivered or burned, in any listing, the seller's own included).
   */
  async function refusedByStock(tx: Db, listingId: number, lines: (ImportLine & { hash: string })[]) {
    const refused: CodeRefusal[] = [];
    if (lines.length === 0) return refused;
    const found = await tx
      .select({ hash: listingCodes.hash, listingId: listingCodes.listingId, state: listingCodes.state })
      .from(listingCodes)
      .where(
        and(
          inArray(
            listingCodes.hash,
            lines.map((l) => l.hash),
          ),
          inArray(listingCodes.state, ['available', 'reserved', 'delivered', 'burned']),
        ),
      );
    const sold = new Set(
      found.filter((f) => f.state === 'delivered' || f.state === 'burned').map((f) => f.hash),
    );
    const inStock = new Set(found.filter((f) => f.listingId === listingId).map((f) => f.hash));
    for (const line of lines) {
      if (sold.has(line.hash)) refused.push({ line: line.line, reason: cm.lineSold });
      else if (inStock.has(line.hash)) refused.push({ line: line.line, reason: cm.lineInStock });
    }
    return refused;
  }

  return {
    async list(
      viewer: Viewer,
      listingId: number,
      state: CodeState | undefined,
      page: number,
    ): Promise<CodesPage> {
      const listing = await ownListing(db, viewer, listingId);
      const where = and(
        eq(listingCodes.listingId, listingId),
        state ? eq(listingCodes.state, state) : undefined,
      );
      const [counts, rows] = await Promise.all([
        countCodes(db, listingId),
        db
          .select({
            id: listingCodes.id,
            last4: listingCodes.last4,
            state: listingCodes.state,
            tradeId: listingCodes.tradeId,
            createdAt: listingCodes.createdAt,
          })
          .from(listingCodes)
          .where(where)
          .orderBy(desc(listingCodes.id))
          .limit(CODES_PAGE_SIZE)
          .offset((page - 1) * CODES_PAGE_SIZE),
      ]);
      const total = state ? counts[state] : Object.values(counts).reduce((a, b) => a + b, 0);
      return {
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        counts,
        pausedByStaff: listing.pausedReason === 'equipe',
        page,
        pageCount: Math.max(1, Math.ceil(total / CODES_PAGE_SIZE)),
      };
    },

    /**
     * Adds the codes of a pasted text or a file: each line answered (empty, too long, repeated in the file,
     * already in this stock, already sold on the marketplace), the rest sealed and stocked in one transaction
     * under the listing's row lock (as a reservation takes it), which also resumes a listing paused for lack of
     * codes. All or nothing: any refusal imports none.
     */
    async import(
      viewer: Viewer,
      listingId: number,
      input: { text: string; allOrNothing: boolean; csv?: boolean },
    ): Promise<CodeImportResult> {
      const { lines, refused: refusedInFile } = readImportLines(input.text, input.csv ?? false);
      const hashed = lines.map((l) => ({ ...l, hash: sealer.hashCode(l.normalized) }));
      // Sealed before the transaction: the listing's lock is held for the few statements only.
      const sealed = new Map(hashed.map((l) => [l.line, sealer.sealCode(listingId, l.code)]));
      return db.transaction(async (tx) => {
        const listing = await ownListing(tx, viewer, listingId, true);
        if (!listing.instantDelivery) throw new AppError('CONFLICT', cm.notInstant);
        const refusedByDb = await refusedByStock(tx, listingId, hashed);
        const refused = [...refusedInFile, ...refusedByDb].sort((a, b) => a.line - b.line);
        const refusedLines = new Set(refusedByDb.map((r) => r.line));
        const taken = hashed.filter((l) => !refusedLines.has(l.line));
        if ((input.allOrNothing && refused.length > 0) || taken.length === 0) return { imported: 0, refused };
        const at = now();
        await tx.insert(listingCodes).values(
          taken.map((l) => ({
            listingId,
            sealed: sealed.get(l.line) as string,
            hash: l.hash,
            last4: last4Of(l.code),
            createdAt: at,
            updatedAt: at,
          })),
        );
        await moveCodeStock(tx, listingId, taken.length, at);
        return { imported: taken.length, refused };
      });
    },

    /** Takes an unsold code out of the stock; one held by or delivered to a trade stays. */
    async remove(viewer: Viewer, listingId: number, codeId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await ownListing(tx, viewer, listingId, true);
        const [code] = await tx
          .select({ state: listingCodes.state })
          .from(listingCodes)
          .where(and(eq(listingCodes.id, codeId), eq(listingCodes.listingId, listingId)));
        if (!code) throw new AppError('NOT_FOUND', cm.codeNotFound);
        if (code.state === 'removed') throw new AppError('CONFLICT', cm.codeGone);
        if (code.state !== 'available') throw new AppError('CONFLICT', cm.codeInTrade);
        const at = now();
        await tx
          .update(listingCodes)
          .set({ state: 'removed', updatedAt: at })
          .where(and(eq(listingCodes.id, codeId), eq(listingCodes.state, 'available')));
        await moveCodeStock(tx, listingId, -1, at);
      });
    },

    /**
     * The unsold codes in clear, for the seller to take back (step-up confirmed as a payout key's change: a stolen
     * session must not walk away with the stock); audited with how many and which.
     */
    async export(
      viewer: Viewer,
      listingId: number,
      confirmation: PixKeyConfirmation,
      headers: Headers,
    ): Promise<CodeExport> {
      await ownListing(db, viewer, listingId);
      await stepUp(viewer.userId, confirmation, headers);
      return db.transaction(async (tx) => {
        await ownListing(tx, viewer, listingId);
        const rows = await tx
          .select({ id: listingCodes.id, sealed: listingCodes.sealed })
          .from(listingCodes)
          .where(and(eq(listingCodes.listingId, listingId), eq(listingCodes.state, 'available')))
          .orderBy(asc(listingCodes.id));
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'listing_codes.export',
          targetType: 'listing',
          targetId: listingId,
          details: { count: rows.length, codeIds: rows.map((r) => r.id) },
        });
        return { codes: rows.map((r) => ({ id: r.id, code: sealer.openCode(listingId, r.sealed) })) };
      });
    },
  };
}

export type ListingCodesService = ReturnType<typeof createListingCodesService>;
