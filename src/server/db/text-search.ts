import { or, type SQL, sql } from 'drizzle-orm';
import { profiles, users } from './schema';

/** Accented letters and what they fold to: the same on PGlite and PostgreSQL, with no `unaccent` extension. */
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñý';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucny';

/** Lower case without accents, as the database folds a column for `matchesText`. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const foldColumn = (column: SQL | SQL.Aliased | unknown) =>
  sql`translate(lower(coalesce(${column}, '')), ${ACCENTED}, ${PLAIN})`;

/**
 * A staff list's text search: true when any of `columns` contains `query`, case- and accent-insensitive. The
 * query is a bound parameter and its `%`, `_` and `\` are escaped, so they match themselves.
 */
export function matchesText(query: string, columns: readonly unknown[]): SQL {
  const pattern = `%${foldText(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`${foldColumn(column)} ilike ${pattern}`)) as SQL;
}

/** The number in a search for an id ('12' or '#12'), or null when the search is not one (or past `integer`). */
export function searchedId(query: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(query.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * What a search matches of the member a row points at (by a user id column): their account name, e-mail and
 * username, each read by a subquery so the list and its count share one WHERE.
 */
export const memberSearchColumns = (userId: unknown) => [
  sql`(select ${users.name} from ${users} where ${users.id} = ${userId})`,
  sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`,
  sql`(select ${profiles.username} from ${profiles} where ${profiles.id} = ${userId})`,
];

/**
 * A search by number ('12') finds the row with that id besides the rows whose text contains it; '#12' asks for
 * that id alone (as the queues write their ids).
 */
export function searchWhere(
  q: string | undefined,
  id: unknown,
  columns: readonly unknown[],
): SQL | undefined {
  if (!q) return undefined;
  const asId = searchedId(q);
  if (asId !== null && q.trim().startsWith('#')) return sql`${id} = ${asId}`;
  const text = matchesText(q, columns);
  return asId === null ? text : (or(sql`${id} = ${asId}`, text) as SQL);
}
