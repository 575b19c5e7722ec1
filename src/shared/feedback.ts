import { z } from 'zod';
import { contactEmail, MAX_CONTACT_NAME } from './partnerships';
import { supportMessages as m } from './support-messages';

/** Part 2 §3: staff responds to or resolves a feedback; nothing moves it back to pending. */
export const feedbackStatuses = ['pending', 'responded', 'resolved'] as const;
export const feedbackPriorities = ['high', 'medium', 'normal'] as const;

export const MAX_FEEDBACK_SUBJECT = 120;
export const MAX_FEEDBACK_MESSAGE = 2000;

export const feedbackInput = z.object({
  /** Optional: an empty name is stored as null. */
  userName: z
    .string()
    .trim()
    .max(MAX_CONTACT_NAME, m.nameTooLong)
    .transform((name) => name || null)
    .optional(),
  userEmail: contactEmail,
  subject: z
    .string(m.feedbackSubjectRequired)
    .trim()
    .min(1, m.feedbackSubjectRequired)
    .max(MAX_FEEDBACK_SUBJECT, m.subjectTooLong),
  message: z
    .string(m.feedbackMessageRequired)
    .trim()
    .min(1, m.feedbackMessageRequired)
    .max(MAX_FEEDBACK_MESSAGE, m.feedbackMessageTooLong),
});
export type FeedbackInput = z.input<typeof feedbackInput>;
