DROP INDEX "faces_person_idx";--> statement-breakpoint
CREATE INDEX "faces_person_idx" ON "faces" USING btree ("person_id","score" desc nulls last,"id") WHERE "faces"."person_id" is not null;