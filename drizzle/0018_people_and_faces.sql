CREATE TYPE "public"."face_source" AS ENUM('detected', 'imported', 'manual');--> statement-breakpoint
CREATE TYPE "public"."face_status" AS ENUM('pending', 'done', 'failed', 'skipped');--> statement-breakpoint
CREATE TABLE "faces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"person_id" integer,
	"suggested_person_id" integer,
	"similarity" real,
	"box_x" real NOT NULL,
	"box_y" real NOT NULL,
	"box_width" real NOT NULL,
	"box_height" real NOT NULL,
	"score" real,
	"embedding" real[],
	"source" "face_source" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text,
	"contact_id" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"centroid" real[],
	"centroid_faces" integer DEFAULT 0 NOT NULL,
	"face_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "face_status" "face_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "faces_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "faces" ADD CONSTRAINT "faces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faces" ADD CONSTRAINT "faces_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faces" ADD CONSTRAINT "faces_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faces" ADD CONSTRAINT "faces_suggested_person_id_people_id_fk" FOREIGN KEY ("suggested_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faces_photo_idx" ON "faces" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "faces_user_person_idx" ON "faces" USING btree ("user_id","person_id");--> statement-breakpoint
CREATE INDEX "faces_user_suggested_idx" ON "faces" USING btree ("user_id","suggested_person_id");--> statement-breakpoint
CREATE INDEX "people_user_idx" ON "people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photos_faces_pending_idx" ON "photos" USING btree ("user_id","id") WHERE face_status = 'pending';--> statement-breakpoint
-- people.face_count (the people list's order) follows every face that is added, removed or moved, whatever does
-- it: a photo deleted (its faces go with it), an account's switch turned off, a face given to someone else.
CREATE FUNCTION heirloom_people_face_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.person_id IS NOT NULL THEN
    UPDATE people SET face_count = face_count - 1 WHERE id = OLD.person_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.person_id IS NOT NULL THEN
    UPDATE people SET face_count = face_count + 1 WHERE id = NEW.person_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faces_people_face_count AFTER INSERT OR DELETE OR UPDATE OF person_id ON faces
  FOR EACH ROW EXECUTE FUNCTION heirloom_people_face_count();
