-- The search document of a listing: title and game (name, slug and aliases: 'cs2', 'lol', 'freefire')
-- weigh most, then the description. Those words also feed search_words, the dictionary typo correction
-- picks from.
CREATE FUNCTION listings_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  game_words text;
BEGIN
  SELECT name || ' ' || slug || ' ' || array_to_string(aliases, ' ') INTO game_words FROM games WHERE id = NEW.game_id;
  NEW.search :=
    setweight(to_tsvector('pt_unaccent', NEW.title), 'A') ||
    setweight(to_tsvector('pt_unaccent', coalesce(game_words, '')), 'A') ||
    setweight(to_tsvector('pt_unaccent', NEW.description), 'C');
  INSERT INTO search_words (word)
    SELECT DISTINCT w
    FROM regexp_split_to_table(lower(unaccent(NEW.title || ' ' || coalesce(game_words, ''))), '[^a-z0-9]+') AS w
    WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_refresh
  BEFORE INSERT OR UPDATE OF title, description, game_id ON listings
  FOR EACH ROW EXECUTE FUNCTION listings_search_refresh();
