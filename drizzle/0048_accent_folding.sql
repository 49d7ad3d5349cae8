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
-- The words of a text that hold an umlaut, spelled out: a search column indexes them beside the text itself (which
-- unaccent already makes "muller"), so "Mueller" finds "Müller". Only those words, so a German letter's column
-- grows by a few lexemes, not by a second copy of the letter.
CREATE FUNCTION heirloom_umlaut_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(heirloom_spell_umlauts(w[1]), ' '), '')
  FROM regexp_matches(normalize(coalesce(t, ''), NFC), '\S*[äöüÄÖÜ]\S*', 'g') AS w
$$;
--> statement-breakpoint
-- A list's "name holds" filter: accents, umlauts spelled out and letter case aside, on both sides. strpos, so % and _
-- typed are plain letters; a null name never matches.
CREATE FUNCTION heirloom_name_holds(name text, typed text) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT strpos(lower(unaccent(name) COLLATE heirloom_names), lower(unaccent(typed) COLLATE heirloom_names)) > 0
      OR strpos(lower(unaccent(heirloom_spell_umlauts(name)) COLLATE heirloom_names),
                lower(unaccent(heirloom_spell_umlauts(typed)) COLLATE heirloom_names)) > 0
$$;
