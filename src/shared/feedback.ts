import { z } from 'zod';
import { contactEmail, MAX_CONTACT_NAME } from './partnerships';
import { supportMessages as m } from './support-messages';

/** Part 2 §3: staff responds to or resolves a feedback; nothing moves it back to pending. */
export const feedbackStatuses = ['pending', 'responded', 'resolved'] as const;
export const feedbackPriorities = ['high', 'medium', 'normal'] as const;

/** Part 2 §2: what the feedback is about; a bug adds the browser and the device. */
export const feedbackTypes = ['sugestao', 'bug', 'elogio', 'critica'] as const;

/** Part 2 §5: a 1–5 star rating, 5 by default. */
export const MIN_FEEDBACK_RATING = 1;
export const MAX_FEEDBACK_RATING = 5;
export const DEFAULT_FEEDBACK_RATING = 5;
export const MAX_FEEDBACK_CLIENT_INFO = 200;

export const MAX_FEEDBACK_SUBJECT = 120;
export const MAX_FEEDBACK_MESSAGE = 2000;

const clientInfo = z
  .string()
  .trim()
  .max(MAX_FEEDBACK_CLIENT_INFO, m.feedbackClientInfoTooLong)
  .transform((text) => text || null)
  .optional();

export const feedbackInput = z.object({
  feedbackType: z.enum(feedbackTypes, { error: m.feedbackTypeRequired }).default('sugestao'),
  rating: z
    .number(m.feedbackRatingInvalid)
    .int(m.feedbackRatingInvalid)
    .min(MIN_FEEDBACK_RATING, m.feedbackRatingInvalid)
    .max(MAX_FEEDBACK_RATING, m.feedbackRatingInvalid)
    .default(DEFAULT_FEEDBACK_RATING),
  /** Only kept for a bug: pre-filled from the browser, editable. */
  browser: clientInfo,
  device: clientInfo,
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
