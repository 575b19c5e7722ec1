import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds: a larger one is simply not found. */
export const MAX_ID = 2_147_483_647;

/** A numeric id in the path, e.g. `/api/listings/{id}`. */
export const id = z.coerce.number().int().positive().max(MAX_ID);
export const idParams = z.object({ id });

/** The answer to a create or an edit: the row's id. */
export const created = z.object({ id: z.number().int() });
export type Created = z.infer<typeof created>;
