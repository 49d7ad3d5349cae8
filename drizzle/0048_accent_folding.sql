-- Accents in search and sorting (decision 080).
-- Names sort in the Unicode root order (ICU "und"): "Ärzte" with the A's, "Ñúñez" right after "Nunez", letter case
-- aside. A PostgreSQL built without ICU still migrates, sorting by code point as before.
DO $$
BEGIN
  CREATE COLLATION heirloom_names (provider = icu, locale = 'und');
EXCEPTION WHEN feature_not_supported THEN
  RAISE WARNING 'PostgreSQL has no ICU: names sort by code point ("Ä" after "Z")';
  CREATE COLLATION heirloom_names FROM "C";
END $$;
--> statement-breakpoint
-- German writes "ü" as "ue" where there is no "ü" (a passport, a keyboard): "Mueller" is "Müller".
CREATE FUNCTION heirloom_spell_umlauts(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(replace(normalize(t, NFC),
    'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue')
$$;
--> statement-breakpoint
-- A search column's words kept whole (heirloom_simple) and, where the text has an umlaut, its words spelled out too
-- ("mueller" beside "muller", which unaccent makes of "Müller"), at the same positions: "Mueller" and the phrase
-- "Hans Mueller" find "Hans Müller". Only the lexemes the spelling adds are added, not a second copy of the text.
-- tsvector || tsvector would shift the second one's positions, so the two are joined as text.
CREATE FUNCTION heirloom_simple_vector(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN normalize(t, NFC) ~ '[äöüÄÖÜ]'
    THEN (plain::text || ' ' || ts_delete(to_tsvector('heirloom_simple'::regconfig, heirloom_spell_umlauts(t)), tsvector_to_array(plain))::text)::tsvector
    ELSE plain END
  FROM (SELECT to_tsvector('heirloom_simple'::regconfig, t) AS plain) words
$$;
--> statement-breakpoint
-- A list's "name holds" filter: accents, umlauts spelled out and letter case aside, on both sides. strpos, so % and _
-- typed are plain letters; a null name never matches.
CREATE FUNCTION heirloom_name_holds(name text, typed text) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT strpos(lower(unaccent(name) COLLATE heirloom_names), lower(unaccent(typed) COLLATE heirloom_names)) > 0
      OR strpos(lower(unaccent(heirloom_spell_umlauts(name)) COLLATE heirloom_names),
                lower(unaccent(heirloom_spell_umlauts(typed)) COLLATE heirloom_names)) > 0
$$;
