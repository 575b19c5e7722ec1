import type { FeedbackInput } from '@shared/feedback';
import type { PartnershipInput } from '@shared/partnerships';
import type { Db } from '../../db/client';
import { feedbackResponses, partnerships } from '../../db/schema';

type ParsedFeedback = Omit<FeedbackInput, 'userName'> & { userName?: string | null | undefined };

/** The public forms of /parcerias and /enviar-feedback: stored pending for the staff to answer. */
export function createSupportFormsService(db: Db) {
  return {
    async requestPartnership(input: PartnershipInput): Promise<{ id: number }> {
      const [row] = await db.insert(partnerships).values(input).returning({ id: partnerships.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async sendFeedback({ userName, ...input }: ParsedFeedback): Promise<{ id: number }> {
      const [row] = await db
        .insert(feedbackResponses)
        .values({ ...input, userName: userName ?? null })
        .returning({ id: feedbackResponses.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}

export type SupportFormsService = ReturnType<typeof createSupportFormsService>;
