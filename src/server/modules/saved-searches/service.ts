import {
  MAX_SAVED_SEARCHES,
  savedSearchMessages as m,
  type SavedSearch,
  type SavedSearchChange,
  type SavedSearchFilters,
  type SavedSearchList,
  type savedSearchCreate,
} from '@shared/saved-searches';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { games, savedSearches, users } from '../../db/schema';
import { AppError } from '../../errors';
import { searchTerms } from '../listings/search';

type Create = z.output<typeof savedSearchCreate>;

/**
 * The words as the matcher's tsquery: every word must match its Portuguese stem, accents ignored (the listings'
 * own index configuration). Unlike the marketplace, no typo correction: the dictionary changes with the listings,
 * and an alert should keep meaning what the member saved. A query of stop words only is no query (null).
 */
export function queryOf(filters: SavedSearchFilters) {
  const terms = searchTerms(filters.q);
  if (terms.length === 0) return null;
  return sql`(select case when numnode(q) = 0 then null else q end
    from to_tsquery('pt_unaccent', ${terms.join(' & ')}) as q)`;
}

const columns = {
  id: savedSearches.id,
  name: savedSearches.name,
  filters: savedSearches.filters,
  gameName: games.name,
  paused: savedSearches.paused,
  email: savedSearches.email,
  createdAt: savedSearches.createdAt,
  lastMatchedAt: savedSearches.lastMatchedAt,
};

type Row = {
  id: number;
  name: string;
  filters: SavedSearchFilters;
  gameName: string | null;
  paused: boolean;
  email: boolean;
  createdAt: Date;
  lastMatchedAt: Date | null;
};

const toSavedSearch = (row: Row): SavedSearch => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastMatchedAt: row.lastMatchedAt?.toISOString() ?? null,
});

/** A member's saved searches ('Me avise'): only their owner reads or changes them; staff get 404 like anyone else. */
export function createSavedSearchesService(db: Db) {
  const read = (userId: string, id?: number) =>
    db
      .select(columns)
      .from(savedSearches)
      .leftJoin(games, eq(games.id, savedSearches.gameId))
      .where(and(eq(savedSearches.userId, userId), id === undefined ? undefined : eq(savedSearches.id, id)))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));

  async function one(viewer: Viewer, id: number): Promise<SavedSearch> {
    const [row] = await read(viewer.userId, id);
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    return toSavedSearch(row);
  }

  return {
    async list(viewer: Viewer): Promise<SavedSearchList> {
      const rows = await read(viewer.userId);
      return { items: rows.map(toSavedSearch), max: MAX_SAVED_SEARCHES };
    },

    /**
     * Saves the filters under a name. The member's row is locked first, so two saves at once count one after the
     * other and the maximum holds.
     */
    async create(viewer: Viewer, input: Create): Promise<SavedSearch> {
      const { filters } = input;
      const id = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.userId)).for('update');
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(savedSearches)
          .where(eq(savedSearches.userId, viewer.userId));
        if ((count?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new AppError('CONFLICT', m.tooMany);
        let gameId: number | null = null;
        if (filters.game) {
          const [game] = await tx
            .select({ id: games.id })
            .from(games)
            .where(or(eq(games.slug, filters.game), sql`${filters.game} = any(${games.aliases})`))
            .limit(1);
          if (!game) throw new AppError('VALIDATION', m.unknownGame, { 'filters.game': m.unknownGame });
          gameId = game.id;
        }
        const [created] = await tx
          .insert(savedSearches)
          .values({
            userId: viewer.userId,
            name: input.name,
            filters,
            gameId,
            kind: filters.kind ?? null,
            minPriceCents: filters.minPriceCents ?? null,
            maxPriceCents: filters.maxPriceCents ?? null,
            query: queryOf(filters) ?? null,
            email: input.email,
          })
          .returning({ id: savedSearches.id });
        if (!created) throw new Error('insert returned no row');
        return created.id;
      });
      return one(viewer, id);
    },

    /** Renames, pauses or resumes, turns the e-mail on or off: the owner's only. */
    async change(viewer: Viewer, id: number, change: SavedSearchChange): Promise<SavedSearch> {
      const [own] = await db
        .update(savedSearches)
        .set(change)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, viewer.userId)))
        .returning({ id: savedSearches.id });
      if (!own) throw new AppError('NOT_FOUND', m.notFound);
      return one(viewer, id);
    },

    /** Deletes it, with its alerts (ON DELETE CASCADE); the owner's only. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const [gone] = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, viewer.userId)))
        .returning({ id: savedSearches.id });
      if (!gone) throw new AppError('NOT_FOUND', m.notFound);
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
