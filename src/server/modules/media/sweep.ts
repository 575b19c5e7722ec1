import { MAX_INT4 } from '@shared/listings';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  banners,
  listingImages,
  tradeChatMessages,
  tradePhotos,
  tradeRecordingChunks,
  tradeRecordings,
  whatsappGroups,
} from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { photoFileKeys } from './photos';

/**
 * A file no row points at is removed once it is this old. Every write of the app commits its row within
 * seconds of writing the file (a publish, an edit, a group picture), so an hour leaves a wide margin.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often a running process sweeps (it also sweeps once at start). */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Candidates checked against the database per round trip. */
const BATCH = 500;

/**
 * The folders the sweep owns, each with the rows that reference its files. A photo of listing N lives
 * under 'listings/N/', a group's picture under 'groups/N/', a trade's proof, evidence and chat images under 'trades/N/'
 * (see storePhotos' callers), a call recording's chunks under 'recordings/N/' (the trade's id): the folder's id
 * finds the rows through their index. Files under any other
 * prefix ('avatars/', replaced in place by the settings) are never touched until their owner is declared here.
 */
const owners = {
  listings: async (db: Db, ids: number[]) =>
    photoFileKeys(
      await db
        .select({ key: listingImages.key, widths: listingImages.widths })
        .from(listingImages)
        .where(inArray(listingImages.listingId, ids)),
    ),
  groups: async (db: Db, ids: number[]) => {
    const rows = await db
      .select({ key: whatsappGroups.imageKey, widths: whatsappGroups.imageWidths })
      .from(whatsappGroups)
      .where(and(inArray(whatsappGroups.id, ids), isNotNull(whatsappGroups.imageKey)));
    return photoFileKeys(rows.flatMap((r) => (r.key ? [{ key: r.key, widths: r.widths }] : [])));
  },
  trades: async (db: Db, ids: number[]) => {
    const photos = await db
      .select({ key: tradePhotos.key, widths: tradePhotos.widths })
      .from(tradePhotos)
      .where(inArray(tradePhotos.tradeId, ids));
    // The chat's images live in the same folder (modules/trade-chat).
    const chat = await db
      .select({ key: tradeChatMessages.imageKey, widths: tradeChatMessages.imageWidths })
      .from(tradeChatMessages)
      .where(and(inArray(tradeChatMessages.tradeId, ids), isNotNull(tradeChatMessages.imageKey)));
    return photoFileKeys([
      ...photos,
      ...chat.flatMap((r) => (r.key && r.widths ? [{ key: r.key, widths: r.widths }] : [])),
    ]);
  },
  // A home banner's uploaded picture (issue 13): 'banners/<banner>/<random>-<width>.webp'.
  banners: async (db: Db, ids: number[]) => {
    const rows = await db
      .select({ key: banners.imageKey, widths: banners.imageWidths })
      .from(banners)
      .where(and(inArray(banners.id, ids), isNotNull(banners.imageKey)));
    return photoFileKeys(rows.flatMap((r) => (r.key ? [{ key: r.key, widths: r.widths }] : [])));
  },
  // A call recording's chunks (decision 015): 'recordings/<trade>/<recording>/<seq>-<random>.webm'.
  recordings: async (db: Db, ids: number[]) =>
    (
      await db
        .select({ key: tradeRecordingChunks.key })
        .from(tradeRecordingChunks)
        .innerJoin(tradeRecordings, eq(tradeRecordings.id, tradeRecordingChunks.recordingId))
        .where(inArray(tradeRecordings.tradeId, ids))
    ).map((r) => r.key),
} as const;
type Owner = keyof typeof owners;

const folderId = /^(\d{1,10})\//;

export interface SweepResult {
  /** Files looked at, in the owned folders. */
  scanned: number;
  /** Orphans deleted (files and half-written temp files). */
  removed: number;
}

/**
 * Deletes every file in the owned folders that is older than `before` and that no row references:
 * what a crash (kill -9 during a publish, between a commit and its file clean-up) left behind. Safe to
 * run in several processes at once and beside live requests: a file younger than the grace period is
 * never touched, and a referenced one never.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  before: Date = new Date(Date.now() - ORPHAN_GRACE_MS),
): Promise<SweepResult> {
  let scanned = 0;
  let removed = (await storage.removeStaleTemp?.(before)) ?? 0;
  for (const owner of Object.keys(owners) as Owner[]) {
    let batch: string[] = [];
    const flush = async () => {
      removed += await removeUnreferenced(db, storage, owner, batch);
      batch = [];
    };
    for await (const file of storage.list(`${owner}/`)) {
      scanned++;
      if (file.modifiedAt >= before) continue;
      batch.push(file.key);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
  }
  return { scanned, removed };
}

async function removeUnreferenced(db: Db, storage: Storage, owner: Owner, keys: string[]): Promise<number> {
  const ids = new Set<number>();
  for (const key of keys) {
    const id = Number(folderId.exec(key.slice(owner.length + 1))?.[1]);
    if (id > 0 && id <= MAX_INT4) ids.add(id);
  }
  const rows = ids.size ? await owners[owner](db, [...ids]) : [];
  const referenced = new Set(rows);
  const orphans = keys.filter((key) => !referenced.has(key));
  if (orphans.length) await storage.delete(orphans);
  return orphans.length;
}

/**
 * Sweeps now and then every SWEEP_INTERVAL_MS, in the background (the timer never keeps the process
 * alive). Returns the function that stops it and waits for a sweep under way (before the database closes).
 */
export function startOrphanSweep(
  db: Db,
  storage: Storage,
  log: { info: (o: object, msg: string) => void; error: (o: object, msg: string) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweepOrphanFiles(db, storage)
      .then(
        ({ scanned, removed }) => {
          if (removed) log.info({ scanned, removed }, 'arquivos órfãos removidos');
        },
        (err) => log.error({ err }, 'falha ao remover arquivos órfãos'),
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
