import type { DeadLetter } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { isAdmin } from '@shared/permissions';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';

/** A dead letter taken in `via`'s transaction (jobs/runner.ts): it, or null when it is no longer there. */
type Take = (id: string, via: Db) => Promise<DeadLetter | null>;

/**
 * What an admin does with a payload job's dead letter (decision 021): send it again with its payload, or discard
 * it. Each is one transaction that takes the dead letter (locked, then moved or deleted) and records the audit
 * entry, so a double click or a replayed request acts once and the second gets a conflict.
 */
export function createDeadLettersService({ db, retry, discard }: { db: Db; retry: Take; discard: Take }) {
  const act =
    (kind: 'retry' | 'discard') =>
    async (viewer: Viewer, id: string): Promise<void> => {
      if (!isAdmin(viewer)) throw AppError.forbidden();
      await db.transaction(async (tx) => {
        const letter = await (kind === 'retry' ? retry : discard)(id, tx);
        if (!letter) throw new AppError('CONFLICT', m.deadLetterGone);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: kind === 'retry' ? 'dead_letter.retry' : 'dead_letter.discard',
          targetType: 'dead_letter',
          targetId: letter.id,
          details: { label: letter.label, about: letter.about, tries: letter.tries, error: letter.error },
        });
      });
    };

  return {
    retry: act('retry'),
    discard: act('discard'),
  };
}

export type DeadLettersService = ReturnType<typeof createDeadLettersService>;
