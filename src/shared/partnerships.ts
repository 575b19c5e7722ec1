import { z } from 'zod';
import { optionalPhone } from './settings';
import { supportMessages as m } from './support-messages';

/** Part 2 §2: the three partner types /parcerias presents. */
export const partnershipTypes = ['criador_conteudo', 'organizacao_esports', 'empresa'] as const;

/** Part 2 §3: a request waits for staff to approve or reject it. */
export const partnershipStatuses = ['pending', 'approved', 'rejected'] as const;

export const MAX_CONTACT_NAME = 100;
export const MAX_CONTACT_EMAIL = 254;
export const MAX_COMPANY_NAME = 120;
export const MIN_PROPOSAL = 20;
export const MAX_PROPOSAL = 2000;

const email = z
  .string(m.emailInvalid)
  .trim()
  .max(MAX_CONTACT_EMAIL, m.emailInvalid)
  .pipe(z.email(m.emailInvalid));

export const partnershipInput = z.object({
  contactName: z.string(m.nameRequired).trim().min(2, m.nameRequired).max(MAX_CONTACT_NAME, m.nameTooLong),
  contactEmail: email,
  /** Not in the spec's form, but in its table (contact_phone): optional, the same rule as the profile's phone. */
  contactPhone: optionalPhone,
  companyName: z
    .string(m.companyRequired)
    .trim()
    .min(2, m.companyRequired)
    .max(MAX_COMPANY_NAME, m.companyTooLong),
  partnershipType: z.enum(partnershipTypes, { error: m.partnershipTypeRequired }),
  description: z
    .string(m.proposalTooShort)
    .trim()
    .min(MIN_PROPOSAL, m.proposalTooShort)
    .max(MAX_PROPOSAL, m.proposalTooLong),
});
export type PartnershipInput = z.infer<typeof partnershipInput>;

export { email as contactEmail };
