import {
  type ListingPage,
  type listingSearchQuery,
  MAX_SEARCH_RESULTS,
  type SortOrder,
} from '@shared/listings';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { games, listings } from '../../db/schema';
import { pageByRating } from '../reviews/rating-sort';
import { withSellerBadges } from '../reviews/stats';
import { selectCards, toCard } from './cards';
import { activeListing, publicListing, sellerShopOpenOf } from './open-shop';

export type SearchQuery = z.output<typeof listingSearchQuery>;

/**
 * Counting stops here ('Mais de 1.000 produtos encontrados', pages up to 84): every request counts, and
 * counting every match of a common word in a big catalogue would cost more than the page itself.
 */
const TOTAL_CAP = MAX_SEARCH_RESULTS;
/**
 * How many of the newest matches relevance ranks (see pageByRelevance), and how deep any sort pages:
 * a page past it is empty, so no request reads more than this many rows, whatever its page number.
 */
const RELEVANCE_WINDOW = MAX_SEARCH_RESULTS;
/** How many similar words an empty search offers. */
const SUGGESTIONS = 4;

/**
 * Lower case, no accents, split into words of letters and digits. Hyphens and spaces split, so 'ak-47' and
 * 'AK 47' search 'ak' and '47', and 'ak47' stays whole: the index holds both ways for each title (pieces and
 * joined neighbours, drizzle/0038_search_folded_spellings.sql).
 */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * Replaces each word the listings never use by its nearest known word (trigram similarity over the small
 * `search_words` table, never over listings), nudged towards words many listings use, so a seller's
 * one-off nickname does not capture 'valorat' from 'valorant'. Words with digits or under 3 letters stay,
 * and so does a word some open listing matches as typed ('vbucks', folded from 'V-Bucks'): one probe of
 * the search index, made only for a word the dictionary lacks.
 */
async function correctTerms(db: Db, terms: string[], now: Date) {
  const candidates = terms.filter((t) => t.length >= 3 && !/\d/.test(t));
  if (candidates.length === 0) return terms.map((term) => ({ term, known: false, fixed: term }));
  const rows = await queryRows<{ term: string; known: boolean; nearest: string | null }>(
    db,
    sql`
    select t.term, exact.word is not null as known,
      case when exact.word is null and not exists (
        select 1 from ${listings}
        where ${listings.search} @@ to_tsquery('pt_unaccent', t.term) and ${publicListing(now)}
      ) then
        (select w.word from search_words w where w.word % t.term
          order by similarity(w.word, t.term) * (1 + 0.25 * log(w.uses)) desc, w.word limit 1)
      end as nearest
    from unnest(string_to_array(${candidates.join(' ')}, ' ')) as t(term)
    left join search_words exact on exact.word = t.term`,
  );
  const byTerm = new Map(rows.map((r) => [r.term, r]));
  return terms.map((term) => {
    const row = byTerm.get(term);
    if (!row || row.known || !row.nearest) return { term, known: Boolean(row?.known), fixed: term };
    return { term, known: true, fixed: row.nearest };
  });
}

/**
 * Known words close to a fruitless search's words (the dictionary again, never listings), the most used first:
 * what the empty results offer to search instead.
 */
async function similarWords(db: Db, terms: string[]): Promise<string[]> {
  const candidates = terms.filter((t) => t.length >= 3);
  if (candidates.length === 0) return [];
  const rows = await queryRows<{ word: string }>(
    db,
    sql`
    select near.word from unnest(string_to_array(${candidates.join(' ')}, ' ')) as t(term)
    cross join lateral (
      select w.word, similarity(w.word, t.term) * (1 + 0.25 * log(w.uses)) as score from search_words w
      where w.word % t.term and w.word <> t.term order by score desc, w.word limit 3
    ) near
    order by near.score desc`,
  );
  return [...new Set(rows.map((r) => r.word))].slice(0, SUGGESTIONS);
}

/**
 * The words as a tsquery: every word must match (its Portuguese stem, accents ignored). A word that is
 * neither known nor corrected also matches as a prefix, for half-typed searches ('redl' → 'redline').
 */
function toTsQuery(words: { known: boolean; fixed: string }[]): string {
  return words.map((w) => (w.known ? w.fixed : `${w.fixed}:*`)).join(' & ');
}

const recent = [desc(listings.createdAt), desc(listings.id)];

async function pageInOrder(
  db: Db,
  condition: SQL | undefined,
  sort: Exclude<SortOrder, 'rating'>,
  offset: number,
  limit: number,
) {
  const orderBy = {
    recent,
    relevance: recent,
    price_asc: [asc(listings.priceCents), ...recent],
    price_desc: [desc(listings.priceCents), ...recent],
    popular: [desc(listings.views), ...recent],
  }[sort];
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(condition)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/**
 * Relevance (ts_rank), then recency, among the newest RELEVANCE_WINDOW matches: a common word matches a
 * large share of a big catalogue, and ranking every match would read every one of their documents.
 */
async function pageByRelevance(
  db: Db,
  condition: SQL | undefined,
  tsquery: SQL,
  offset: number,
  limit: number,
) {
  const newest = db
    .select({ id: listings.id, search: listings.search, createdAt: listings.createdAt })
    .from(listings)
    .where(condition)
    .orderBy(...recent)
    .limit(RELEVANCE_WINDOW)
    .as('newest');
  const rows = await db
    .select({ id: newest.id })
    .from(newest)
    .orderBy(desc(sql`ts_rank(${newest.search}, ${tsquery})`), desc(newest.createdAt), desc(newest.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

const gameBySlug = (slug: string) =>
  sql`(select ${games.id} from ${games} where ${games.slug} = ${slug} or ${slug} = any(${games.aliases}) limit 1)`;

/** Active listings matching the query, one page of cards, ranked and counted on the server. */
export async function searchListings(db: Db, query: SearchQuery): Promise<ListingPage> {
  const now = new Date();
  const terms = searchTerms(query.q);
  const words = terms.length ? await correctTerms(db, terms, now) : [];
  const tsquery = words.length ? sql`to_tsquery('pt_unaccent', ${toTsQuery(words)})` : null;

  // Active listings of open shops only (decision 023: a suspended seller's listings are out of every public read).
  const filters: SQL[] = [];
  if (tsquery) filters.push(sql`${listings.search} @@ ${tsquery}`);
  if (query.game) filters.push(eq(listings.gameId, gameBySlug(query.game)));
  if (query.kind) filters.push(eq(listings.kind, query.kind));
  if (query.minPriceCents !== undefined) filters.push(gte(listings.priceCents, query.minPriceCents));
  if (query.maxPriceCents !== undefined) filters.push(lte(listings.priceCents, query.maxPriceCents));
  const condition = and(publicListing(now), ...filters);

  const sort = query.sort ?? (tsquery ? 'relevance' : 'recent');
  // Pages reach the first MAX_SEARCH_RESULTS matches: the last one may be partial, any later one is empty.
  const offset = (query.page - 1) * query.pageSize;
  const limit = Math.min(query.pageSize, MAX_SEARCH_RESULTS - offset);
  const [ids, counted] = await Promise.all([
    limit <= 0
      ? []
      : tsquery && sort === 'relevance'
        ? pageByRelevance(db, condition, tsquery, offset, limit)
        : sort === 'rating'
          ? // Read from the per-seller figures (decision 024), never scored per listing; the shop checked per seller.
            pageByRating(
              db,
              {
                listings: and(activeListing, ...filters) as SQL,
                shopOpen: (sellerId) => sellerShopOpenOf(sellerId, now),
              },
              offset,
              limit,
            )
          : pageInOrder(db, condition, sort, offset, limit),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (select 1 from ${listings} where ${condition} limit ${TOTAL_CAP + 1}) capped`,
    ),
  ]);
  // The page's ids come from listings alone (ordered through its indexes); only those twelve are joined.
  const rows = ids.length ? await selectCards(db).where(inArray(listings.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = await withSellerBadges(
    db,
    ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCard(row)] : [];
    }),
  );
  const total = Number(counted[0]?.total ?? 0);
  const corrected = words.some((w) => w.fixed !== w.term) ? words.map((w) => w.fixed).join(' ') : null;
  const suggestions = total === 0 && terms.length ? await similarWords(db, terms) : [];

  return {
    items,
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
    page: query.page,
    pageSize: query.pageSize,
    correctedQuery: corrected,
    ...(suggestions.length > 0 && { suggestions }),
  };
}
