import type { FeedbackInput } from '@shared/feedback';
import type { PartnershipInput } from '@shared/partnerships';
import type { Db } from '../../db/client';
import { feedbackResponses, partnerships } from '../../db/schema';

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | null | undefined };
type ParsedFeedback = Nullable<FeedbackInput, 'userName' | 'browser' | 'device'>;

/** The public forms of /parcerias and /enviar-feedback: stored pending for the staff to answer. */
export function createSupportFormsService(db: Db) {
  return {
    async requestPartnership(input: PartnershipInput): Promise<{ id: number }> {
      const [row] = await db.insert(partnerships).values(input).returning({ id: partnerships.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async sendFeedback({ userName, browser, device, ...input }: ParsedFeedback): Promise<{ id: number }> {
      // The browser and the device describe a bug; for anything else they are not kept.
      const isBug = input.feedbackType === 'bug';
      const [row] = await db
        .insert(feedbackResponses)
        .values({
          ...input,
          userName: userName ?? null,
          browser: isBug ? (browser ?? null) : null,
          device: isBug ? (device ?? null) : null,
        })
        .returning({ id: feedbackResponses.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}

export type SupportFormsService = ReturnType<typeof createSupportFormsService>;
