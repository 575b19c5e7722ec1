import type { PayoutIdentityAnswer, StaffPayoutIdentity } from '@shared/payout-identity';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import { formatPixKey, type PixKeyConfirmation, type PixKeyConfirmWith, pixKeyTypeLabels } from '@shared/pix';
import { formatTaxId, maskTaxId, type TaxIdKind } from '@shared/tax-id';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { payoutIdentities, pixKeys, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { QueueMail } from '../../mail/mailer';
import { payoutIdentityMail } from '../../mail/templates/payout-identity';
import { recordAudit } from '../audit/record';

/**
 * The step-up the PIX keys use (pix-keys/confirmation.ts), handed in by app.ts: the same password or two-factor
 * code, the same few tries per window (one counter: guessing here or there spends the same tries).
 */
export interface StepUp {
  confirmWith(userId: string): Promise<PixKeyConfirmWith>;
  confirm(userId: string, input: PixKeyConfirmation, headers: Headers): Promise<void>;
}

/** The step-up's refusals speak of the default PIX key; here they say what was not changed. */
const pixKeySentence = 'A chave PIX padrão não foi alterada.';
const ourWords: Record<string, string> = {
  'Senha incorreta. A chave PIX padrão não foi alterada.': m.passwordWrong,
  'Código inválido. A chave PIX padrão não foi alterada.': m.codeWrong,
  'Sua conta entra pelo Discord e não tem senha. Use "Esqueci minha senha" para criar uma antes de escolher a chave PIX padrão.':
    m.noPassword,
};
const say = (text: string) => ourWords[text] ?? text.replace(pixKeySentence, m.notChanged);
function inOurWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, say(v)]))
    : undefined;
  return new AppError(error.code, say(error.message), fields);
}

const taken = () => new AppError('CONFLICT', m.documentTaken, { document: m.documentTaken });

/**
 * The seller's payout identity (issue 36): the holder's full name and CPF or CNPJ, where the PSP checks that a
 * payout's key belongs to them. Recording it and changing it are confirmed (password or code) the same way a change
 * of the default PIX key is, since both decide where money goes; the owner is mailed and the change audited, in
 * the transaction that makes it.
 */
export function createPayoutIdentityService(deps: {
  db: Db;
  stepUp: StepUp;
  queueMail: QueueMail;
  publicUrl: string;
}) {
  const { db, stepUp } = deps;

  async function read(userId: string): Promise<PayoutIdentityAnswer> {
    const [row] = await db.select().from(payoutIdentities).where(eq(payoutIdentities.userId, userId));
    return {
      identity: row
        ? {
            name: row.fullName,
            kind: row.documentKind,
            document: maskTaxId(row.documentKind, row.document),
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
      confirmWith: await stepUp.confirmWith(userId),
    };
  }

  /** The member's CPF/CNPJ keys of another document: recording this one refuses until they are deleted. */
  async function keysOfOtherDocument(tx: Db, userId: string, document: string) {
    return tx
      .select({ type: pixKeys.type, key: pixKeys.key })
      .from(pixKeys)
      .where(
        and(eq(pixKeys.userId, userId), inArray(pixKeys.type, ['cpf', 'cnpj']), ne(pixKeys.key, document)),
      );
  }

  return {
    read: ({ userId }: Viewer) => read(userId),

    /**
     * Records or changes the identity. Nothing changed: answered without asking for the password. Otherwise the
     * step-up first (better-auth's checks run outside the transaction: PGlite has one connection), then, with the
     * member's row locked (as the PIX keys' changes lock it, so a CPF key cannot be added in between), the row is
     * replaced: `insert … on conflict do nothing` on any unique index, so a document another account holds — or
     * is recording at this very moment, the index waiting for its commit — is the same pt-BR refusal, never a 500.
     */
    async set(
      { userId }: Viewer,
      input: { name: string; document: { kind: TaxIdKind; number: string } } & PixKeyConfirmation,
      headers: Headers,
    ): Promise<PayoutIdentityAnswer> {
      const [before] = await db.select().from(payoutIdentities).where(eq(payoutIdentities.userId, userId));
      if (before && before.fullName === input.name && before.document === input.document.number) {
        return read(userId);
      }
      // Refused before the password is asked for: the answer would be the same after it.
      const [holder] = await db
        .select({ userId: payoutIdentities.userId })
        .from(payoutIdentities)
        .where(
          and(eq(payoutIdentities.document, input.document.number), ne(payoutIdentities.userId, userId)),
        );
      if (holder) throw taken();
      try {
        await stepUp.confirm(userId, input, headers);
      } catch (error) {
        throw inOurWords(error);
      }

      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw AppError.unauthenticated();
        const others = await keysOfOtherDocument(tx, userId, input.document.number);
        if (others.length > 0) {
          const keys = others.map((k) => `${pixKeyTypeLabels[k.type]} ${formatPixKey(k.type, k.key)}`);
          const message = m.keysOfOtherDocument(keys.join(', '));
          throw new AppError('CONFLICT', message, { document: message });
        }
        const [old] = await tx
          .delete(payoutIdentities)
          .where(eq(payoutIdentities.userId, userId))
          .returning();
        const at = new Date();
        const [row] = await tx
          .insert(payoutIdentities)
          .values({
            userId,
            fullName: input.name,
            documentKind: input.document.kind,
            document: input.document.number,
            createdAt: old?.createdAt ?? at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ userId: payoutIdentities.userId });
        if (!row) throw taken();
        await recordAudit(tx, {
          actorId: userId,
          action: old ? 'payout_identity.change' : 'payout_identity.set',
          targetType: 'user',
          targetId: userId,
          // Masked: the audit outlives the account (LGPD), and the sentence only needs to tell documents apart.
          details: {
            document: `${input.document.kind.toUpperCase()} ${maskTaxId(input.document.kind, input.document.number)}`,
            ...(old && old.document !== input.document.number
              ? {
                  previousDocument: `${old.documentKind.toUpperCase()} ${maskTaxId(old.documentKind, old.document)}`,
                }
              : {}),
            ...(old && old.fullName !== input.name ? { nameChanged: true } : {}),
          },
        });
        await deps.queueMail(
          payoutIdentityMail(
            {
              to: user.email,
              name: user.name,
              first: !old,
              kind: input.document.kind,
              document: input.document.number,
              at,
            },
            deps.publicUrl,
          ),
          tx,
        );
      });
      return read(userId);
    },

    /**
     * What staff see of a member's identity: admins (who pay payouts) the document whole, moderators masked.
     * Null when the member recorded none.
     */
    async forStaff(viewer: Viewer, userId: string): Promise<StaffPayoutIdentity | null> {
      if (!viewer.role) throw AppError.forbidden();
      const [row] = await db.select().from(payoutIdentities).where(eq(payoutIdentities.userId, userId));
      if (!row) return null;
      return staffView(viewer, row);
    },
  };
}

/** One identity as staff see it (also for lists already read: the desk's payout cards). */
export function staffView(
  viewer: Pick<Viewer, 'role'>,
  row: { fullName: string; documentKind: TaxIdKind; document: string },
): StaffPayoutIdentity {
  const admin = viewer.role === 'admin';
  return {
    name: row.fullName,
    kind: row.documentKind,
    document: admin ? formatTaxId(row.documentKind, row.document) : maskTaxId(row.documentKind, row.document),
    masked: !admin,
  };
}

export type PayoutIdentityService = ReturnType<typeof createPayoutIdentityService>;
