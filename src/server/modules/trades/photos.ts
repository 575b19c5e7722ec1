import { tradeMessages as m } from '@shared/trade-messages';
import { MAX_TRADE_PHOTOS, type TradePhotoPurpose } from '@shared/trades';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tradePhotos } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import {
  type PhotoLimits,
  type ProcessedPhoto,
  photoFileKeys,
  type StoredPhoto,
  storePhotos,
} from '../media/photos';

/** Up to 4 per delivery and per party in a dispute, optional, with the listings' checks and messages. */
export const tradePhotoLimits: PhotoLimits = {
  max: MAX_TRADE_PHOTOS,
  tooMany: m.tooManyPhotos,
  required: null,
};

/** The folder of a trade's files. `/media` never serves it (media/routes.ts); the sweep owns it (media/sweep.ts). */
const folderOf = (tradeId: number) => `trades/${tradeId}`;

/**
 * Writes the photos under 'trades/<id>/', then runs `work` (the step's transaction) with them; if it fails, the
 * files are deleted again, so a refused step leaves neither rows nor files. The files are written before the
 * transaction, which then holds its locks for a few statements only (PGlite serialises every query).
 */
export async function withStoredTradePhotos<T>(
  storage: Storage,
  tradeId: number,
  processed: ProcessedPhoto[],
  work: (stored: StoredPhoto[]) => Promise<T>,
): Promise<T> {
  const stored = processed.length ? await storePhotos(storage, folderOf(tradeId), processed) : [];
  try {
    return await work(stored);
  } catch (error) {
    await storage.delete(photoFileKeys(stored)).catch(() => {});
    throw error;
  }
}

export async function insertTradePhotos(
  tx: Db,
  input: {
    tradeId: number;
    uploadedBy: string;
    purpose: TradePhotoPurpose;
    stored: StoredPhoto[];
    at: Date;
  },
) {
  if (input.stored.length === 0) return;
  await tx.insert(tradePhotos).values(
    input.stored.map((photo) => ({
      tradeId: input.tradeId,
      uploadedBy: input.uploadedBy,
      purpose: input.purpose,
      key: photo.key,
      widths: photo.widths,
      createdAt: input.at,
    })),
  );
}

/** The evidence one party already sent in a trade's dispute (their 4 are counted together). */
export async function countEvidence(tx: Db, tradeId: number, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tradePhotos)
    .where(
      and(
        eq(tradePhotos.tradeId, tradeId),
        eq(tradePhotos.uploadedBy, userId),
        eq(tradePhotos.purpose, 'dispute_evidence'),
      ),
    );
  return row?.n ?? 0;
}

/** The stored file of one width of a trade's photo: `wanted` or the largest below it (else the smallest). */
export async function tradePhotoFileKey(
  db: Db,
  tradeId: number,
  photoId: number,
  wanted = 640,
): Promise<string | null> {
  const [row] = await db
    .select({ key: tradePhotos.key, widths: tradePhotos.widths })
    .from(tradePhotos)
    .where(and(eq(tradePhotos.id, photoId), eq(tradePhotos.tradeId, tradeId)));
  if (!row) return null;
  const widths = [...row.widths].sort((a, b) => a - b);
  const width = widths.filter((w) => w <= wanted).at(-1) ?? widths[0];
  if (width === undefined) return null;
  return photoFileKeys([{ key: row.key, widths: [width] }])[0] ?? null;
}
