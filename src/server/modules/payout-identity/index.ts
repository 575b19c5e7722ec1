import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import type { PixKeyType } from '@shared/pix';
import { formatTaxId, type TaxIdKind } from '@shared/tax-id';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutIdentities } from '../../db/schema';
import { AppError } from '../../errors';

/** The seller's payout identity as a PSP's send takes it (`favorecido.cpf`/`cnpj`): the number normalised. */
export interface PayoutHolder {
  name: string;
  document: { kind: TaxIdKind; number: string };
}

/**
 * The payout identity of a member, or null when they recorded none (then no automatic payout: the PSP could not
 * check the key). Read in the caller's transaction, so the payout process sees what it locks against.
 */
export async function payoutIdentityOf(
  tx: Db,
  userId: string,
): Promise<{ name: string; document: { kind: 'cpf' | 'cnpj'; number: string } } | null> {
  const [row] = await tx
    .select({
      name: payoutIdentities.fullName,
      kind: payoutIdentities.documentKind,
      number: payoutIdentities.document,
    })
    .from(payoutIdentities)
    .where(eq(payoutIdentities.userId, userId));
  return row ? { name: row.name, document: { kind: row.kind, number: row.number } } : null;
}

/**
 * A PIX key of type CPF or CNPJ must be the member's own document (issue 36): called by the pix-keys service in
 * its transaction, after it locked the member's row (as recording the identity does), so the two cannot cross.
 * Without a recorded identity there is nothing to compare with: the key is kept, and recording the identity later
 * refuses while such a key of another document remains (service.ts). Other types are checked by the PSP per payout.
 */
export async function assertKeyOfOwnDocument(tx: Db, userId: string, key: { type: PixKeyType; key: string }) {
  if (key.type !== 'cpf' && key.type !== 'cnpj') return;
  const identity = await payoutIdentityOf(tx, userId);
  if (!identity || identity.document.number === key.key) return;
  const message = m.keyNotDocument(formatTaxId(identity.document.kind, identity.document.number));
  throw new AppError('VALIDATION', message, { key: message });
}

export type { PayoutIdentityService } from './service';
export { createPayoutIdentityService } from './service';
