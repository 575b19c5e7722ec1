import { z } from 'zod';
import { payoutIdentityMessages as m } from './payout-identity-messages';
import { pixKeyConfirmation, pixKeyConfirmWith } from './pix';
import { MAX_TAX_ID_INPUT, parseTaxId, taxIdKinds } from './tax-id';

/** Longer than any real name on a CPF or CNPJ (the Receita's company names run to 150 characters). */
export const MAX_PAYOUT_NAME = 150;

/**
 * The form and `PUT /api/payout-identity`: the name trimmed with its spaces collapsed (two words at least, as on
 * the document), the document normalised (src/shared/tax-id.ts), or the pt-BR message under the field. The
 * password or the two-factor code confirm it, as a change of the default PIX key does.
 */
export const payoutIdentityInput = z
  .object({
    name: z
      .string({ error: m.nameRequired })
      .max(MAX_PAYOUT_NAME * 2, m.nameTooLong(MAX_PAYOUT_NAME))
      .transform((name) => name.trim().replace(/\s+/g, ' '))
      .pipe(
        z
          .string()
          .min(1, m.nameRequired)
          .max(MAX_PAYOUT_NAME, m.nameTooLong(MAX_PAYOUT_NAME))
          .refine((name) => name.includes(' '), m.nameShort),
      ),
    document: z.string({ error: m.documentRequired }).max(MAX_TAX_ID_INPUT, m.documentInvalid),
    ...pixKeyConfirmation.shape,
  })
  .transform((input, ctx) => {
    if (!input.document.trim()) {
      ctx.addIssue({ code: 'custom', path: ['document'], message: m.documentRequired });
      return z.NEVER;
    }
    const document = parseTaxId(input.document);
    if (!document) {
      ctx.addIssue({ code: 'custom', path: ['document'], message: m.documentInvalid });
      return z.NEVER;
    }
    return { name: input.name, document, password: input.password, code: input.code };
  });
export type PayoutIdentityInput = z.input<typeof payoutIdentityInput>;

export const taxIdKind = z.enum(taxIdKinds);

/** The identity as its owner's screens show it: the document masked (re-typed whole to change it). */
export const payoutIdentityView = z.object({
  name: z.string(),
  kind: taxIdKind,
  /** Masked: ***.456.789-**. */
  document: z.string(),
  updatedAt: z.string(),
});
export type PayoutIdentityView = z.infer<typeof payoutIdentityView>;

export const payoutIdentityAnswer = z.object({
  identity: payoutIdentityView.nullable(),
  confirmWith: pixKeyConfirmWith,
});
export type PayoutIdentityAnswer = z.infer<typeof payoutIdentityAnswer>;

/** What staff see: admins the document whole (formatted), moderators masked. */
export const staffPayoutIdentity = z.object({
  name: z.string(),
  kind: taxIdKind,
  document: z.string(),
  masked: z.boolean(),
});
export type StaffPayoutIdentity = z.infer<typeof staffPayoutIdentity>;
