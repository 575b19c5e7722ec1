import { taxIdKinds } from '@shared/tax-id';
import { pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';

// The seller's payout identity (issue 36): who the PSP pays, so a payout goes only to a key of that document.

export const taxIdKind = pgEnum('tax_id_kind', taxIdKinds);

/**
 * One per member who receives payouts: the holder's full name and CPF or CNPJ, stored normalised (11 digits, or
 * 14 characters upper case: src/shared/tax-id.ts). A document pays out into one account only (the unique index,
 * which also settles two accounts recording it at once); deleting the account frees it.
 */
export const payoutIdentities = pgTable(
  'payout_identities',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    documentKind: taxIdKind('document_kind').notNull(),
    document: text('document').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payout_identities_document_idx').on(t.document)],
);
