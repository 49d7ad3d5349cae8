ALTER TABLE "collections" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "include_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_person_idx" ON "collections" USING btree ("person_id");