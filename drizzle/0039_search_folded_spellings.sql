-- Gamer spellings fold together: 'AK-47', 'AK 47' and 'ak47', 'V-Bucks' and 'vbucks'. Each listing's search
-- vector also holds its title's and game's pieces (runs of letters or of digits: 'ak', '47') and each pair of
-- neighbouring pieces joined ('ak47', 'vbucks'). A query's words then match whatever way they were typed:
-- 'ak47' the joined pair, 'AK 47' and 'ak-47' the pieces. Folded at write time, in plain SQL, so PGlite and
-- PostgreSQL index the same terms with no extra extension.
CREATE FUNCTION search_folded_terms(text) RETURNS text LANGUAGE sql STABLE AS $$
  WITH pieces AS (
    SELECT m.piece[1] AS piece, m.n
    FROM regexp_matches(lower(unaccent($1)), '[a-z]+|[0-9]+', 'g') WITH ORDINALITY AS m(piece, n)
  )
  SELECT coalesce(string_agg(p.piece || coalesce(' ' || p.piece || next.piece, ''), ' ' ORDER BY p.n), '')
  FROM pieces p LEFT JOIN pieces next ON next.n = p.n + 1
$$;
--> statement-breakpoint
CREATE FUNCTION listing_search_vector(title text, description text, game_words text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('pt_unaccent', title), 'A') ||
    setweight(to_tsvector('pt_unaccent', coalesce(game_words, '')), 'A') ||
    setweight(to_tsvector('pt_unaccent', search_folded_terms(title || ' ' || coalesce(game_words, ''))), 'B') ||
    setweight(to_tsvector('pt_unaccent', description), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listings_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  game_words text;
BEGIN
  SELECT name || ' ' || slug || ' ' || array_to_string(aliases, ' ') INTO game_words FROM games WHERE id = NEW.game_id;
  NEW.search := listing_search_vector(NEW.title, NEW.description, game_words);
  INSERT INTO search_words AS known (word)
    SELECT DISTINCT w
    FROM regexp_split_to_table(lower(unaccent(NEW.title || ' ' || coalesce(game_words, ''))), '[^a-z0-9]+') AS w
    WHERE length(w) >= 3
  ON CONFLICT (word) DO UPDATE SET uses = known.uses + 1 WHERE known.uses < 1000;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Listings written before this migration get the folded terms too (search only: the word counts stay).
UPDATE listings SET search = listing_search_vector(
  title, description,
  (SELECT name || ' ' || slug || ' ' || array_to_string(aliases, ' ') FROM games WHERE games.id = listings.game_id)
);
