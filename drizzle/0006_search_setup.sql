-- Search (decision 030): accent-insensitive text search configurations. The unaccent dictionary runs before
-- the word dictionary, so "José" is indexed, queried and highlighted as "jose" by every text search function.
-- heirloom_simple keeps words whole (names, places, tags, prefixes as you type); heirloom_english stems prose.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION heirloom_simple (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION heirloom_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION heirloom_english (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION heirloom_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
-- array_to_string is only STABLE (it could call any element type's output function); for text[] it is
-- immutable, and a generated column needs that said.
CREATE FUNCTION heirloom_tags_text(tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(tags, ' ') $$;
