import { z } from 'zod';
import { groupMessages } from './group-directory';

const m = groupMessages;

/** WhatsApp group invites only: the button must never send anyone elsewhere. */
const WHATSAPP_INVITE = /^https:\/\/chat\.whatsapp\.com\/[A-Za-z0-9]{10,40}$/;

export const groupInput = z.object({
  title: z.string(m.titleRequired).trim().min(1, m.titleRequired).max(80, m.titleTooLong),
  description: z
    .string(m.descriptionRequired)
    .trim()
    .min(1, m.descriptionRequired)
    .max(500, m.descriptionTooLong),
  memberCount: z
    .number(m.invalidMembers)
    .int(m.invalidMembers)
    .min(0, m.invalidMembers)
    .max(1_000_000, m.invalidMembers),
  whatsappLink: z.string(m.invalidLink).trim().regex(WHATSAPP_INVITE, m.invalidLink),
  gameCategory: z.string(m.categoryRequired).trim().min(1, m.categoryRequired).max(40, m.categoryRequired),
  isOfficial: z.boolean().default(false),
  isVip: z.boolean().default(false),
});
export type GroupInput = z.input<typeof groupInput>;

export const group = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  whatsappLink: z.string(),
  gameCategory: z.string(),
  /** null when the group has no picture: the page shows its placeholder. */
  image: z.object({ url: z.string(), srcSet: z.string() }).nullable(),
  isOfficial: z.boolean(),
  isVip: z.boolean(),
});
export type Group = z.infer<typeof group>;

export const groupDirectory = z.object({
  groups: z.array(group),
  /** Categories of the stored groups, most groups first: the page's chips. */
  categories: z.array(z.string()),
  stats: z.object({ groups: z.number().int(), members: z.number().int() }),
});
export type GroupDirectory = z.infer<typeof groupDirectory>;
