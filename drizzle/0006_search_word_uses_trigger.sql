-- As 0003, and each write of a listing also counts the uses of its words (see search_words.uses), up to
-- 1000: past that the log-weighted preference barely moves, and common words are not rewritten (no bloat
-- of hot rows) on every publish.
CREATE OR REPLACE FUNCTION listings_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  game_words text;
BEGIN
  SELECT name || ' ' || slug || ' ' || array_to_string(aliases, ' ') INTO game_words FROM games WHERE id = NEW.game_id;
  NEW.search :=
    setweight(to_tsvector('pt_unaccent', NEW.title), 'A') ||
    setweight(to_tsvector('pt_unaccent', coalesce(game_words, '')), 'A') ||
    setweight(to_tsvector('pt_unaccent', NEW.description), 'C');
  INSERT INTO search_words AS known (word)
    SELECT DISTINCT w
    FROM regexp_split_to_table(lower(unaccent(NEW.title || ' ' || coalesce(game_words, ''))), '[^a-z0-9]+') AS w
    WHERE length(w) >= 3
  ON CONFLICT (word) DO UPDATE SET uses = known.uses + 1 WHERE known.uses < 1000;
  RETURN NEW;
END
$$;
