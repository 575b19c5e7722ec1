-- Forum search matches any part of a word, accents and case aside ('coracoes' finds 'CORAÇÕES'). unaccent() is
-- only STABLE (its dictionary could change), so an index needs an IMMUTABLE wrapper naming the dictionary.
CREATE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint
CREATE INDEX community_posts_text_trgm_idx ON community_posts
  USING gin (f_unaccent(lower(title || ' ' || content)) gin_trgm_ops);
