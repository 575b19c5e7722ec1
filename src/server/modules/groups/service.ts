import { groupMessages as m } from '@shared/group-directory';
import { type Group, type GroupDirectory, type GroupInput, groupInput } from '@shared/groups';
import { canManageGroups } from '@shared/permissions';
import { asc, desc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { whatsappGroups } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { recordAudit } from '../audit/record';
import { photoFileKeys, photoUrls, processPhotos, storePhotos, type UploadedPhoto } from '../media/photos';

type GroupRow = typeof whatsappGroups.$inferSelect;

function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    memberCount: row.memberCount,
    whatsappLink: row.whatsappLink,
    gameCategory: row.gameCategory,
    image: row.imageKey ? photoUrls({ key: row.imageKey, widths: row.imageWidths }) : null,
    isOfficial: row.isOfficial,
    isVip: row.isVip,
  };
}

const imageFiles = (row: GroupRow) =>
  row.imageKey ? photoFileKeys([{ key: row.imageKey, widths: row.imageWidths }]) : [];

/** The WhatsApp groups directory: everyone reads it, staff keep it (every change logged for the audit). */
export function createGroupsService({ db, storage }: { db: Db; storage: Storage }) {
  function staffOnly(viewer: Viewer): void {
    if (!canManageGroups(viewer)) throw AppError.forbidden();
  }

  async function find(id: number): Promise<GroupRow> {
    const [row] = await db.select().from(whatsappGroups).where(eq(whatsappGroups.id, id));
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    return row;
  }

  return {
    async directory(): Promise<GroupDirectory> {
      const rows = await db
        .select()
        .from(whatsappGroups)
        .orderBy(desc(whatsappGroups.isOfficial), desc(whatsappGroups.memberCount), asc(whatsappGroups.id));
      const perCategory = new Map<string, number>();
      for (const r of rows) perCategory.set(r.gameCategory, (perCategory.get(r.gameCategory) ?? 0) + 1);
      return {
        groups: rows.map(toGroup),
        categories: [...perCategory]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'pt-BR'))
          .map(([c]) => c),
        stats: { groups: rows.length, members: rows.reduce((sum, r) => sum + r.memberCount, 0) },
      };
    },

    async create(viewer: Viewer, input: GroupInput): Promise<Group> {
      staffOnly(viewer);
      const values = groupInput.parse(input);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(whatsappGroups).values(values).returning();
        if (!row) throw new Error('group not created');
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'whatsapp_group.create',
          targetType: 'whatsapp_group',
          targetId: row.id,
          details: values,
        });
        return toGroup(row);
      });
    },

    async update(viewer: Viewer, id: number, input: GroupInput): Promise<Group> {
      staffOnly(viewer);
      const values = groupInput.parse(input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(whatsappGroups)
          .set(values)
          .where(eq(whatsappGroups.id, id))
          .returning();
        if (!row) throw new AppError('NOT_FOUND', m.notFound);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'whatsapp_group.update',
          targetType: 'whatsapp_group',
          targetId: id,
          details: values,
        });
        return toGroup(row);
      });
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      staffOnly(viewer);
      const row = await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(whatsappGroups).where(eq(whatsappGroups.id, id)).returning();
        if (!deleted) throw new AppError('NOT_FOUND', m.notFound);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'whatsapp_group.delete',
          targetType: 'whatsapp_group',
          targetId: id,
          details: { title: deleted.title, whatsappLink: deleted.whatsappLink },
        });
        return deleted;
      });
      // Files go once the row is gone: a failed delete leaves the group whole.
      await storage.delete(imageFiles(row)).catch(() => {});
    },

    /** Replaces the group's picture: checked and re-encoded like listing photos. */
    async setImage(viewer: Viewer, id: number, photo: UploadedPhoto | undefined): Promise<Group> {
      staffOnly(viewer);
      const previous = await find(id);
      const [processed] = await processPhotos(photo ? [photo] : []);
      if (!processed) throw new Error('image not processed');
      const [stored] = await storePhotos(storage, `groups/${id}`, [processed]);
      if (!stored) throw new Error('image not stored');
      try {
        const [row] = await db
          .update(whatsappGroups)
          .set({ imageKey: stored.key, imageWidths: stored.widths })
          .where(eq(whatsappGroups.id, id))
          .returning();
        if (!row) throw new AppError('NOT_FOUND', m.notFound);
        await storage.delete(imageFiles(previous)).catch(() => {});
        return toGroup(row);
      } catch (error) {
        await storage.delete(photoFileKeys([stored])).catch(() => {});
        throw error;
      }
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
