import { z } from 'zod';
import { id } from './api';
import { kindLabel } from './listing-kinds';
import { type ListingKind, listingKind, sortOrder } from './listings';
import { MAX_PRICE_CENTS } from './money';

/** Saved searches that alert ('Me avise', issue 38 part 3): the filter set, the API's shapes, the words. */

/** How many saved searches a member may keep: plenty for real shopping, a ceiling for the matcher's work per member. */
export const MAX_SAVED_SEARCHES = 30;
/** Alerts (bell and e-mail) per member per day (São Paulo's day); the rest wait for that day's digest e-mail. */
export const DAILY_ALERT_CAP = 20;
export const MAX_SAVED_SEARCH_NAME = 60;
/** How long an e-mail's unsubscribe link works. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

export const savedSearchMessages = {
  loginRequired: 'Entre na sua conta para criar e ver seus alertas',
  notFound: 'Alerta não encontrado',
  tooMany: `Você já tem ${MAX_SAVED_SEARCHES} alertas, o máximo. Apague um para criar outro.`,
  nameRequired: 'Dê um nome ao alerta',
  nameTooLong: `O nome pode ter até ${MAX_SAVED_SEARCH_NAME} caracteres`,
  unknownGame: 'Jogo não encontrado',
  invalidPrice: 'Preço inválido',
  priceRange: 'O preço mínimo passa do máximo',
  invalidLink: 'Este link de cancelamento é inválido ou expirou.',
} as const;
const m = savedSearchMessages;

const price = z.number().int().min(0, m.invalidPrice).max(MAX_PRICE_CENTS, m.invalidPrice).optional();

/** The marketplace's filters a saved search keeps (the page and page size are not filters). */
export const savedSearchFilters = z
  .object({
    q: z.string().trim().max(200).optional(),
    /** A game's slug, as the marketplace's `jogo` parameter. */
    game: z.string().trim().max(80).optional(),
    kind: listingKind.optional(),
    minPriceCents: price,
    maxPriceCents: price,
    sort: sortOrder.optional(),
  })
  .refine(
    (f) =>
      f.minPriceCents === undefined || f.maxPriceCents === undefined || f.minPriceCents <= f.maxPriceCents,
    { message: m.priceRange, path: ['minPriceCents'] },
  );
export type SavedSearchFilters = z.infer<typeof savedSearchFilters>;

const name = z.string().trim().min(1, m.nameRequired).max(MAX_SAVED_SEARCH_NAME, m.nameTooLong);

/** `POST /api/alerts`: a name and the filters; e-mail on unless asked otherwise. */
export const savedSearchCreate = z.object({
  name,
  filters: savedSearchFilters,
  email: z.boolean().default(true),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreate>;

/** `PATCH /api/alerts/:id`: rename, pause or resume, e-mail on or off; at least one of them. */
export const savedSearchChange = z
  .object({ name: name.optional(), paused: z.boolean().optional(), email: z.boolean().optional() })
  .refine((c) => c.name !== undefined || c.paused !== undefined || c.email !== undefined, {
    message: 'Nada para mudar',
  });
export type SavedSearchChange = z.infer<typeof savedSearchChange>;

export const savedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: savedSearchFilters,
  /** The game's name, for the words ('Valorant · Contas · até R$ 200'); null when the search names no game. */
  gameName: z.string().nullable(),
  paused: z.boolean(),
  email: z.boolean(),
  createdAt: z.string(),
  lastMatchedAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchList = z.object({ items: z.array(savedSearch), max: z.number().int() });
export type SavedSearchList = z.infer<typeof savedSearchList>;

export const savedSearchParams = z.object({ id });

/** 20000 → 'R$ 200', 1990 → 'R$ 19,90': a filter's price, without cents when it has none. */
function shortPrice(cents: number): string {
  const reais = cents / 100;
  return `R$ ${reais.toLocaleString('pt-BR', {
    minimumFractionDigits: Number.isInteger(reais) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** The filters in words: 'Valorant · Contas · “ak 47” · até R$ 200'; 'Todos os produtos' when there are none. */
export function describeFilters(
  filters: Pick<SavedSearchFilters, 'q' | 'kind' | 'minPriceCents' | 'maxPriceCents'>,
  gameName: string | null,
): string {
  const parts: string[] = [];
  if (gameName) parts.push(gameName);
  if (filters.kind) parts.push(kindLabel(filters.kind as ListingKind));
  if (filters.q) parts.push(`“${filters.q}”`);
  const { minPriceCents: min, maxPriceCents: max } = filters;
  if (min !== undefined && max !== undefined) parts.push(`de ${shortPrice(min)} a ${shortPrice(max)}`);
  else if (max !== undefined) parts.push(`até ${shortPrice(max)}`);
  else if (min !== undefined) parts.push(`a partir de ${shortPrice(min)}`);
  return parts.length ? parts.join(' · ') : 'Todos os produtos';
}

/** A name to offer in the dialog: the filters' words, cut to the name's limit. */
export function suggestedName(filters: SavedSearchFilters, gameName: string | null): string {
  const words = describeFilters(filters, gameName);
  return words.length <= MAX_SAVED_SEARCH_NAME ? words : `${words.slice(0, MAX_SAVED_SEARCH_NAME - 1)}…`;
}
