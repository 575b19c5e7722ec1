-- Accent-insensitive Portuguese full-text search and trigram typo tolerance (pg_trgm and unaccent are
-- trusted extensions on PostgreSQL ≥ 13; PGlite loads them in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION pt_unaccent (COPY = portuguese);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pt_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
