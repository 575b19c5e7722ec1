import { zodResolver } from '@hookform/resolvers/zod';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  cancelInput,
  type confirmValueInput,
  decideDisputeInput,
  endToEndId,
  markDeliveredInput,
  recommendDecisionInput,
  type releaseInput,
  type takeOverInput,
} from '@shared/trades';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * The forms of the room whose browser check is stricter than the route's schema (tradeActionMap, which the other
 * forms use as it is), and the fields each form holds. The forms send what the user typed (the server parses it
 * again); only blank optional fields are left out.
 */
export type ValueFields = z.input<typeof confirmValueInput>;

/** An optional E2E id: blank is fine, anything else must be one. */
const optionalEndToEndId = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), endToEndId]))
  .transform((value) => value || undefined);

export const paymentForm = z.object({ endToEndId: optionalEndToEndId });
export type PaymentFields = z.input<typeof paymentForm>;

export const deliveryForm = markDeliveredInput.refine((value) => value.note || value.credentials, {
  message: m.deliveryEmpty,
  path: ['note'],
});
export type DeliveryFields = { note: string; credentials: string };

export type ReleaseFields = z.input<typeof releaseInput>;

/** Staff cancelling a paid trade refund the buyer: the refund's E2E id is then required. */
export const cancelForm = (isRefund: boolean) =>
  z.object({
    reason: cancelInput.shape.reason,
    endToEndId: isRefund ? endToEndId : z.string().transform(() => undefined),
  });
export type CancelFields = { reason: string; endToEndId: string };

const decisionChoice = z.enum(['release', 'refund'], {
  error: 'Escolha entre liberar o pagamento e reembolsar.',
});

/**
 * Deciding for the seller makes the payout due (paid later with its own E2E id); deciding for a refund records
 * the refund's transfer, whose E2E id is then required.
 */
export const decisionForm = z
  .object({ decision: decisionChoice, reason: decideDisputeInput.shape.reason, endToEndId: z.string() })
  .transform((value, ctx) => {
    if (value.decision === 'release') return { ...value, endToEndId: undefined };
    const parsed = endToEndId.safeParse(value.endToEndId);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['endToEndId'], message: m.endToEndInvalid });
      return z.NEVER;
    }
    return { ...value, endToEndId: parsed.data };
  });
export type DecisionFields = { decision: 'release' | 'refund' | ''; reason: string; endToEndId: string };
export type DecisionBody = {
  decision: 'release' | 'refund';
  reason: string;
  endToEndId?: string | undefined;
};

export const recommendationForm = recommendDecisionInput.extend({ decision: decisionChoice });
export type RecommendationFields = { decision: 'release' | 'refund' | ''; reason: string };

export type TakeOverFields = z.input<typeof takeOverInput>;

/** 34990 → '349,90': the amount as the user types it. */
export const centsToReais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** react-hook-form's resolver for a schema whose output differs from what the form holds. */
export function formResolver<Fields extends FieldValues, Output>(
  schema: z.ZodType<Output>,
): Resolver<Fields, unknown, Output> {
  return zodResolver(schema as never) as unknown as Resolver<Fields, unknown, Output>;
}
