import { randomBytes } from 'node:crypto';
import { accountMessages } from '@shared/account-messages';
import type { MyProfile, ProfileInput } from '@shared/settings';
import { AVATAR_SIZE, MAX_AVATAR_BYTES, profileInput } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { isReservedName, nameSkeletons } from '../accounts/names';
import { assertUsernameFree, lockUsername } from '../accounts/usernames';
import { processAvatar, type UploadedPhoto } from '../media/photos';

const AVATAR_PREFIX = '/media/';
/** The storage key of an avatar URL we wrote ('/media/avatars/<user>/<random>.webp'), or null. */
const avatarKeyOf = (url: string | null, userId: string) =>
  url?.startsWith(`${AVATAR_PREFIX}avatars/${userId}/`) ? url.slice(AVATAR_PREFIX.length) : null;

/** 'Informações Pessoais' and the avatar (part 1 §2 Profile, §7): the owner reads and writes their own row only. */
export function createProfileService({ db, storage }: { db: Db; storage: Storage }) {
  async function read(viewer: Viewer): Promise<MyProfile> {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        username: profiles.username,
        fullName: profiles.fullName,
        phone: profiles.phone,
        bio: profiles.bio,
        avatarUrl: profiles.avatarUrl,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, viewer.userId));
    if (!row) throw AppError.unauthenticated();
    return {
      id: row.id,
      email: row.email,
      username: row.username ?? row.name,
      fullName: row.fullName ?? null,
      phone: row.phone ?? null,
      bio: row.bio ?? null,
      avatarUrl: row.avatarUrl ?? null,
    };
  }

  /**
   * Saves the personal info. The username is unique whatever its case: a transaction-scoped advisory lock on
   * the lowered name makes two members asking for the same free name at once take turns, and the second is
   * told it is taken. (No unique index: accounts made before this rule, or by Discord, may share a name.)
   */
  async function update(viewer: Viewer, raw: ProfileInput): Promise<MyProfile> {
    const input = profileInput.parse(raw);
    await db.transaction(async (tx) => {
      await lockUsername(tx, input.username);
      const [current] = await tx
        .select({ username: profiles.username, fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, viewer.userId))
        .for('update');
      // Names already held are kept as they are (decision 012); a changed one must not pass for someone else: no
      // staff word (staff excepted), no other member's name or look-alike (accounts/usernames.ts).
      const mayBeReserved = viewer.role !== null;
      if (input.username !== current?.username) {
        await assertUsernameFree(tx, input.username, {
          field: 'username',
          exceptUserId: viewer.userId,
          mayBeReserved,
        });
      }
      if (
        input.fullName &&
        input.fullName !== current?.fullName &&
        !mayBeReserved &&
        isReservedName(input.fullName)
      ) {
        throw new AppError('VALIDATION', accountMessages.nameReserved, {
          fullName: accountMessages.nameReserved,
        });
      }
      const values = { ...input, nameSkeletons: nameSkeletons(input.username) };
      await tx
        .insert(profiles)
        .values({ id: viewer.userId, ...values })
        .onConflictDoUpdate({ target: profiles.id, set: values });
      // better-auth's name is what its mails greet; it follows the username.
      await tx.update(users).set({ name: input.username }).where(eq(users.id, viewer.userId));
    });
    return read(viewer);
  }

  /**
   * Replaces the avatar: checked like a listing photo, stored as one square WebP under a new key (caches keep
   * a key for good), then the old file is removed. A failure after the write removes the new file.
   */
  async function setAvatar(viewer: Viewer, photo: UploadedPhoto | undefined): Promise<MyProfile> {
    const tooLarge = new AppError('VALIDATION', m.avatarTooLarge, { avatar: m.avatarTooLarge });
    const notImage = new AppError('VALIDATION', m.notAnImage, { avatar: m.notAnImage });
    if (!photo) throw notImage;
    const data = await processAvatar(photo, {
      size: AVATAR_SIZE,
      maxBytes: MAX_AVATAR_BYTES,
      tooLarge,
      notImage,
    });
    const key = `avatars/${viewer.userId}/${randomBytes(8).toString('hex')}.webp`;
    await storage.put(key, data, 'image/webp');
    let previous: string | null = null;
    try {
      previous = await db.transaction(async (tx) => {
        // Locked, so two uploads at once each remove the file the other replaced, and none is left behind.
        const [row] = await tx
          .select({ avatarUrl: profiles.avatarUrl })
          .from(profiles)
          .where(eq(profiles.id, viewer.userId))
          .for('update');
        if (!row) throw AppError.unauthenticated();
        await tx
          .update(profiles)
          .set({ avatarUrl: `${AVATAR_PREFIX}${key}` })
          .where(eq(profiles.id, viewer.userId));
        return row.avatarUrl;
      });
    } catch (error) {
      await storage.delete([key]).catch(() => {});
      throw error;
    }
    const oldKey = avatarKeyOf(previous, viewer.userId);
    if (oldKey) await storage.delete([oldKey]).catch(() => {});
    return read(viewer);
  }

  return { read, update, setAvatar };
}

export type ProfileService = ReturnType<typeof createProfileService>;
