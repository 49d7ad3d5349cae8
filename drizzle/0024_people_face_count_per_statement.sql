-- people.face_count and photos.people_names follow the faces once per statement, not once per face: a statement
-- that moves 100,000 faces (the full regroup, decision 057) updates each person once and each photo once, in one
-- planned query. Per face, one person's row was updated again and again in one transaction (each time stepping
-- over every earlier version of it), and each photo's names were queried with a fresh plan.
DROP TRIGGER faces_people_face_count ON faces;--> statement-breakpoint
DROP FUNCTION heirloom_people_face_count();--> statement-breakpoint
DROP TRIGGER faces_people_names ON faces;--> statement-breakpoint
DROP FUNCTION heirloom_faces_people_names();--> statement-breakpoint
-- photos' people_names: their named, shown people, sorted; written only where they change
CREATE FUNCTION heirloom_photos_people_names(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE photos ph SET people_names = n.list
  FROM (
    SELECT t.photo_id, coalesce((
      SELECT array_agg(DISTINCT p.name ORDER BY p.name) FROM faces f JOIN people p ON p.id = f.person_id
      WHERE f.photo_id = t.photo_id AND p.name IS NOT NULL AND NOT p.hidden), '{}'::text[]) AS list
    FROM unnest(ids) AS t(photo_id)
  ) n
  WHERE ph.id = n.photo_id AND ph.people_names IS DISTINCT FROM n.list
$$;
--> statement-breakpoint
CREATE FUNCTION heirloom_faces_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE people p SET face_count = p.face_count + d.n
    FROM (SELECT person_id, count(*)::int AS n FROM new_faces WHERE person_id IS NOT NULL GROUP BY person_id) d
    WHERE p.id = d.person_id;
    PERFORM heirloom_photos_people_names(array(SELECT DISTINCT photo_id FROM new_faces));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE people p SET face_count = p.face_count - d.n
    FROM (SELECT person_id, count(*)::int AS n FROM old_faces WHERE person_id IS NOT NULL GROUP BY person_id) d
    WHERE p.id = d.person_id;
    PERFORM heirloom_photos_people_names(array(SELECT DISTINCT photo_id FROM old_faces));
  ELSE
    UPDATE people p SET face_count = p.face_count + d.n
    FROM (
      SELECT person_id, sum(n)::int AS n FROM (
        SELECT o.person_id, -1 AS n FROM old_faces o JOIN new_faces w ON w.id = o.id
          WHERE o.person_id IS NOT NULL AND o.person_id IS DISTINCT FROM w.person_id
        UNION ALL
        SELECT w.person_id, 1 FROM old_faces o JOIN new_faces w ON w.id = o.id
          WHERE w.person_id IS NOT NULL AND o.person_id IS DISTINCT FROM w.person_id
      ) moves GROUP BY person_id
    ) d
    WHERE p.id = d.person_id AND d.n <> 0;
    PERFORM heirloom_photos_people_names(array(
      SELECT o.photo_id FROM old_faces o JOIN new_faces w ON w.id = o.id
        WHERE o.person_id IS DISTINCT FROM w.person_id OR o.photo_id IS DISTINCT FROM w.photo_id
      UNION
      SELECT w.photo_id FROM old_faces o JOIN new_faces w ON w.id = o.id
        WHERE o.person_id IS DISTINCT FROM w.person_id OR o.photo_id IS DISTINCT FROM w.photo_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faces_changed_insert AFTER INSERT ON faces
  REFERENCING NEW TABLE AS new_faces FOR EACH STATEMENT EXECUTE FUNCTION heirloom_faces_changed();--> statement-breakpoint
CREATE TRIGGER faces_changed_update AFTER UPDATE ON faces
  REFERENCING OLD TABLE AS old_faces NEW TABLE AS new_faces FOR EACH STATEMENT EXECUTE FUNCTION heirloom_faces_changed();--> statement-breakpoint
CREATE TRIGGER faces_changed_delete AFTER DELETE ON faces
  REFERENCING OLD TABLE AS old_faces FOR EACH STATEMENT EXECUTE FUNCTION heirloom_faces_changed();
