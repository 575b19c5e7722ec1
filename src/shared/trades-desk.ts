import { z } from 'zod';
import { tradeStates } from './trades';

/** What a trade waits on staff for (issue 13's trades desk). */
export const deskReasons = ['payment', 'release', 'dispute', 'flagged'] as const;
export type DeskReason = (typeof deskReasons)[number];
export const deskReasonLabels: Record<DeskReason, string> = {
  payment: 'Pagamento a confirmar',
  release: 'Liberação a fazer',
  dispute: 'Disputa',
  flagged: 'Prazo vencido',
};

export const TRADES_DESK_PAGE_SIZE = 20;

export const tradesDeskQuery = z.object({
  reason: z.enum(deskReasons).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TradesDeskQuery = z.infer<typeof tradesDeskQuery>;

export const deskTrade = z.object({
  id: z.number().int(),
  listingTitle: z.string(),
  state: z.enum(tradeStates),
  reason: z.enum(deskReasons),
  amountCents: z.number().int(),
  buyerName: z.string(),
  sellerName: z.string(),
  intermediaryId: z.string().nullable(),
  intermediaryName: z.string().nullable(),
  /** Since when it waits on staff: the state's start, or when its timer passed. */
  waitingSince: z.string(),
  deadlineAt: z.string().nullable(),
});
export type DeskTrade = z.infer<typeof deskTrade>;

export const tradesDeskPage = z.object({
  trades: z.array(deskTrade),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TradesDeskPage = z.infer<typeof tradesDeskPage>;

export const reconciliationResult = z.object({
  figures: z.record(z.string(), z.number()),
  problems: z.array(z.string()),
  checkedAt: z.string(),
});
export type ReconciliationResult = z.infer<typeof reconciliationResult>;
