import { MAX_INT4 } from '@shared/listings';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  banners,
  listingImages,
  profiles,
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
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Candidates checked against the database per round trip. */
const BATCH = 500;

/** An avatar's URL is this plus its storage key: '/media/avatars/<user>/<random>.webp' (settings/profile.ts). */
const AVATAR_URL_PREFIX = '/media/';

/** Folders named by a serial id: a name that is no such id (too long, not digits) has no row. */
const byNumericId =
  (referenced: (db: Db, ids: number[]) => Promise<string[]>) => (db: Db, folders: string[]) => {
    const ids = folders.filter((f) => /^\d{1,10}$/.test(f)).map(Number);
    const valid = ids.filter((id) => id > 0 && id <= MAX_INT4);
    return valid.length ? referenced(db, valid) : Promise.resolve([]);
  };

/**
 * The folders the sweep owns, each with the rows that reference its files. A photo of listing N lives
 * under 'listings/N/', a group's picture under 'groups/N/', a trade's proof, evidence and chat images under 'trades/N/'
 * (see storePhotos' callers), a call recording's chunks under 'recordings/N/' (the trade's id), a member's avatar
 * under 'avatars/<user id>/': the folder's name finds the rows through their index. Files under any other
 * prefix are never touched until their owner is declared here.
 */
const owners = {
  listings: byNumericId(async (db, ids) =>
    photoFileKeys(
      await db
        .select({ key: listingImages.key, widths: listingImages.widths })
        .from(listingImages)
        .where(inArray(listingImages.listingId, ids)),
    ),
  ),
  groups: byNumericId(async (db, ids) => {
    const rows = await db
      .select({ key: whatsappGroups.imageKey, widths: whatsappGroups.imageWidths })
      .from(whatsappGroups)
      .where(and(inArray(whatsappGroups.id, ids), isNotNull(whatsappGroups.imageKey)));
    return photoFileKeys(rows.flatMap((r) => (r.key ? [{ key: r.key, widths: r.widths }] : [])));
  }),
  trades: byNumericId(async (db, ids) => {
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
  }),
  // A home banner's uploaded picture (issue 13): 'banners/<banner>/<random>-<width>.webp'.
  banners: byNumericId(async (db, ids) => {
    const rows = await db
      .select({ key: banners.imageKey, widths: banners.imageWidths })
      .from(banners)
      .where(and(inArray(banners.id, ids), isNotNull(banners.imageKey)));
    return photoFileKeys(rows.flatMap((r) => (r.key ? [{ key: r.key, widths: r.widths }] : [])));
  }),
  // A call recording's chunks (decision 015): 'recordings/<trade>/<recording>/<seq>-<random>.webm'.
  recordings: byNumericId(async (db, ids) =>
    (
      await db
        .select({ key: tradeRecordingChunks.key })
        .from(tradeRecordingChunks)
        .innerJoin(tradeRecordings, eq(tradeRecordings.id, tradeRecordingChunks.recordingId))
        .where(inArray(tradeRecordings.tradeId, ids))
    ).map((r) => r.key),
  ),
  // A member's avatar (decision 012): the one file their profile's URL names. A replaced file the upload failed
  // to remove, a file whose row never committed, or what an account deletion left (its avatar URL is null).
  avatars: async (db: Db, userIds: string[]) => {
    const rows = await db
      .select({ url: profiles.avatarUrl })
      .from(profiles)
      .where(and(inArray(profiles.id, userIds), isNotNull(profiles.avatarUrl)));
    return rows.flatMap((r) =>
      r.url?.startsWith(`${AVATAR_URL_PREFIX}avatars/`) ? [r.url.slice(AVATAR_URL_PREFIX.length)] : [],
    );
  },
} satisfies Record<string, (db: Db, folders: string[]) => Promise<string[]>>;
type Owner = keyof typeof owners;

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

/** 'listings/12/a.webp' → '12'; a file straight under the owner's folder has none, so no row names it. */
function folderOf(owner: Owner, key: string): string | null {
  const rest = key.slice(owner.length + 1);
  const slash = rest.indexOf('/');
  return slash > 0 ? rest.slice(0, slash) : null;
}

async function removeUnreferenced(db: Db, storage: Storage, owner: Owner, keys: string[]): Promise<number> {
  const folders = new Set(keys.flatMap((key) => folderOf(owner, key) ?? []));
  const referenced = new Set(folders.size ? await owners[owner](db, [...folders]) : []);
  const orphans = keys.filter((key) => !referenced.has(key));
  if (orphans.length) await storage.delete(orphans);
  return orphans.length;
}
