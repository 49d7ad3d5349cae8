ALTER TABLE "photos" ADD COLUMN "people_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- a photo's people_names: its named, shown people, sorted; written only when it changes
CREATE FUNCTION heirloom_photo_people_names(photo integer) RETURNS void LANGUAGE sql AS $$
  UPDATE photos SET people_names = names.list
  FROM (
    SELECT coalesce(array_agg(DISTINCT p.name ORDER BY p.name), '{}'::text[]) AS list
    FROM faces f JOIN people p ON p.id = f.person_id
    WHERE f.photo_id = photo AND p.name IS NOT NULL AND NOT p.hidden
  ) names
  WHERE photos.id = photo AND photos.people_names IS DISTINCT FROM names.list
$$;
--> statement-breakpoint
CREATE FUNCTION heirloom_faces_people_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM heirloom_photo_people_names(OLD.photo_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.photo_id IS DISTINCT FROM OLD.photo_id) THEN
    PERFORM heirloom_photo_people_names(NEW.photo_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faces_people_names AFTER INSERT OR DELETE OR UPDATE OF person_id, photo_id ON faces
  FOR EACH ROW EXECUTE FUNCTION heirloom_faces_people_names();
--> statement-breakpoint
-- a person renamed, hidden or shown again: every photo they are in says so
CREATE FUNCTION heirloom_people_names_of_photos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM heirloom_photo_people_names(f.photo_id) FROM (SELECT DISTINCT photo_id FROM faces WHERE person_id = NEW.id) f;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_names_of_photos AFTER UPDATE OF name, hidden ON people
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.hidden IS DISTINCT FROM NEW.hidden)
  EXECUTE FUNCTION heirloom_people_names_of_photos();
--> statement-breakpoint
UPDATE photos SET people_names = names.list
FROM (
  SELECT f.photo_id, array_agg(DISTINCT p.name ORDER BY p.name) AS list
  FROM faces f JOIN people p ON p.id = f.person_id
  WHERE p.name IS NOT NULL AND NOT p.hidden
  GROUP BY f.photo_id
) names
WHERE photos.id = names.photo_id;--> statement-breakpoint
ALTER TABLE "photos" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('heirloom_simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('heirloom_simple'::regconfig, heirloom_tags_text(tags)), 'B') || setweight(to_tsvector('heirloom_simple'::regconfig, heirloom_tags_text(people_names)), 'B') || setweight(to_tsvector('heirloom_simple'::regconfig, coalesce(location, '')), 'B') || setweight(to_tsvector('heirloom_simple'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('heirloom_simple'::regconfig, heirloom_tags_text(labels)), 'C') || setweight(to_tsvector('heirloom_simple'::regconfig, file_name || ' ' || coalesce(camera_info, '')), 'D')) STORED;--> statement-breakpoint
-- dropping the column dropped its index: made again over the new column
CREATE INDEX "photos_search_idx" ON "photos" USING gin ("search_vector");
