import { type Banner, bannerFields, MAX_BANNER_IMAGE_BYTES, bannerMessages as m } from '@shared/banners';
import { errorMessages } from '@shared/errors';
import { isAdmin } from '@shared/permissions';
import { asc, count, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { recordAudit } from '../audit/record';
import {
  type PhotoLimits,
  photoFileKeys,
  photoUrls,
  processPhotos,
  type StoredPhoto,
  storePhotos,
  type UploadedPhoto,
} from '../media/photos';

type Row = typeof banners.$inferSelect;

const bannerPhotoLimits: PhotoLimits = {
  max: 1,
  tooMany: m.imageRequired,
  required: null,
  maxBytes: MAX_BANNER_IMAGE_BYTES,
  tooLarge: m.imageTooLarge,
};

/** The banner form as the route read it: text values and at most one uploaded picture. */
export interface BannerForm {
  values: Record<string, string>;
  image: UploadedPhoto | undefined;
}

const filesOf = (row: Pick<Row, 'imageKey' | 'imageWidths'>) =>
  row.imageKey ? photoFileKeys([{ key: row.imageKey, widths: row.imageWidths }]) : [];

function toBanner(row: Row): Banner {
  const uploaded = row.imageKey !== null;
  const urls = uploaded ? photoUrls({ key: row.imageKey as string, widths: row.imageWidths }) : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: urls ? urls.url : (row.imageUrl ?? ''),
    imageSrcSet: urls ? urls.srcSet : null,
    uploaded,
    linkUrl: row.linkUrl,
    displayOrder: row.displayOrder,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

function readFields(values: Record<string, string>) {
  const parsed = bannerFields.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  throw new AppError('VALIDATION', Object.values(fields)[0] ?? errorMessages.validation, fields);
}

/**
 * Home banners (part 2 §2 "Banners tab"): admins list, create, edit, delete and switch them on and off; every
 * change is audited in its transaction. A picture is uploaded (10 MB, re-encoded by the photo pipeline, stored
 * under 'banners/<id>/') or given as an https address. Nothing is stored when the form is refused, and files
 * written for a change that then fails are removed.
 */
export function createBannersService({ db, storage }: { db: Db; storage: Storage }) {
  function adminOnly(viewer: Viewer) {
    if (!isAdmin(viewer)) throw AppError.forbidden();
  }

  return {
    /** What /home shows: the active banners in display order. */
    async active(): Promise<Banner[]> {
      const rows = await db
        .select()
        .from(banners)
        .where(eq(banners.active, true))
        .orderBy(asc(banners.displayOrder), asc(banners.id));
      return rows.map(toBanner);
    },

    async list(viewer: Viewer): Promise<Banner[]> {
      adminOnly(viewer);
      const rows = await db.select().from(banners).orderBy(asc(banners.displayOrder), asc(banners.id));
      return rows.map(toBanner);
    },

    async create(viewer: Viewer, form: BannerForm): Promise<Banner> {
      adminOnly(viewer);
      const fields = readFields(form.values);
      if (form.image && fields.imageUrl) throw new AppError('VALIDATION', m.oneImage, { image: m.oneImage });
      if (!form.image && !fields.imageUrl) {
        throw new AppError('VALIDATION', m.imageRequired, { image: m.imageRequired });
      }
      const [processed] = form.image ? await processPhotos([form.image], 0, bannerPhotoLimits) : [];

      let stored: StoredPhoto | undefined;
      try {
        const row = await db.transaction(async (tx) => {
          const [total] = await tx.select({ n: count() }).from(banners);
          const [inserted] = await tx
            .insert(banners)
            .values({
              title: fields.title,
              description: fields.description,
              linkUrl: fields.linkUrl,
              imageUrl: processed ? null : fields.imageUrl,
              imageKey: processed ? 'pending' : null,
              displayOrder: fields.displayOrder ?? (total?.n ?? 0) + 1,
            })
            .returning();
          if (!inserted) throw new Error('banner not inserted');
          let saved = inserted;
          if (processed) {
            [stored] = await storePhotos(storage, `banners/${inserted.id}`, [processed]);
            if (!stored) throw new Error('banner image not stored');
            const [updated] = await tx
              .update(banners)
              .set({ imageKey: stored.key, imageWidths: stored.widths })
              .where(eq(banners.id, inserted.id))
              .returning();
            if (!updated) throw new Error('banner not updated');
            saved = updated;
          }
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'banner.create',
            targetType: 'banner',
            targetId: saved.id,
            details: { title: saved.title, displayOrder: saved.displayOrder },
          });
          return saved;
        });
        return toBanner(row);
      } catch (error) {
        if (stored) await storage.delete(photoFileKeys([stored])).catch(() => {});
        throw error;
      }
    },

    /** Saves the form over banner `id`; without a new picture or address the current one stays. */
    async update(viewer: Viewer, id: number, form: BannerForm): Promise<Banner> {
      adminOnly(viewer);
      const fields = readFields(form.values);
      if (form.image && fields.imageUrl) throw new AppError('VALIDATION', m.oneImage, { image: m.oneImage });
      const [processed] = form.image ? await processPhotos([form.image], 0, bannerPhotoLimits) : [];

      let stored: StoredPhoto | undefined;
      try {
        const { before, after } = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
          if (!before) throw new AppError('NOT_FOUND', m.notFound);
          if (processed) [stored] = await storePhotos(storage, `banners/${id}`, [processed]);
          const image = stored
            ? { imageKey: stored.key, imageWidths: stored.widths, imageUrl: null }
            : fields.imageUrl
              ? { imageKey: null, imageWidths: [], imageUrl: fields.imageUrl }
              : {};
          const [after] = await tx
            .update(banners)
            .set({
              title: fields.title,
              description: fields.description,
              linkUrl: fields.linkUrl,
              displayOrder: fields.displayOrder ?? before.displayOrder,
              updatedAt: new Date(),
              ...image,
            })
            .where(eq(banners.id, id))
            .returning();
          if (!after) throw new AppError('NOT_FOUND', m.notFound);
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'banner.update',
            targetType: 'banner',
            targetId: id,
            details: {
              title: after.title,
              previousTitle: before.title,
              imageReplaced: Boolean(image.imageUrl || stored),
            },
          });
          return { before, after };
        });
        // The old picture goes once the new one is saved.
        if (before.imageKey && before.imageKey !== after.imageKey) {
          await storage.delete(filesOf(before)).catch(() => {});
        }
        return toBanner(after);
      } catch (error) {
        if (stored) await storage.delete(photoFileKeys([stored])).catch(() => {});
        throw error;
      }
    },

    async setActive(viewer: Viewer, id: number, active: boolean): Promise<Banner> {
      adminOnly(viewer);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(banners)
          .set({ active, updatedAt: new Date() })
          .where(eq(banners.id, id))
          .returning();
        if (!row) throw new AppError('NOT_FOUND', m.notFound);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: active ? 'banner.activate' : 'banner.deactivate',
          targetType: 'banner',
          targetId: id,
          details: { title: row.title },
        });
        return toBanner(row);
      });
    },

    async remove(viewer: Viewer, id: number) {
      adminOnly(viewer);
      const row = await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(banners).where(eq(banners.id, id)).returning();
        if (!deleted) throw new AppError('NOT_FOUND', m.notFound);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'banner.delete',
          targetType: 'banner',
          targetId: id,
          details: { title: deleted.title, imageUrl: deleted.imageUrl, linkUrl: deleted.linkUrl },
        });
        return deleted;
      });
      await storage.delete(filesOf(row)).catch(() => {});
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
