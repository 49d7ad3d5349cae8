ALTER TABLE "memories" ADD COLUMN "event_date_precision" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "event_date_margin" smallint;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "date_taken_precision" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "date_taken_margin" smallint;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_event_date_precision" CHECK ("memories"."event_date_precision" in ('exact', 'day', 'month', 'year', 'decade', 'about'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_date_taken_precision" CHECK ("photos"."date_taken_precision" in ('exact', 'day', 'month', 'year', 'decade', 'about') and "photos"."date_taken" is not null or "photos"."date_taken_precision" is null);--> statement-breakpoint
-- Decision 067: existing photos. A date equal to the upload time (within a second) that no EXIF date tag gave was the upload's, not the picture's: undated.
UPDATE "photos" SET "date_taken" = NULL
WHERE "date_taken" IS NOT NULL
  AND abs(extract(epoch from ("date_taken" - "created_at"))) < 1
  AND NOT (coalesce("exif_data", '{}'::jsonb) ?| array['DateTimeOriginal', 'CreateDate']);--> statement-breakpoint
-- A date from the file's own metadata (EXIF, a video's creation time, an import's archive or Takeout) is exact; one the owner picked by hand was a day.
UPDATE "photos" SET "date_taken_precision" = CASE
    WHEN coalesce("exif_data", '{}'::jsonb) ?| array['DateTimeOriginal', 'CreateDate'] OR "video_playback" IS NOT NULL OR "import_id" IS NOT NULL THEN 'exact'
    ELSE 'day'
  END
WHERE "date_taken" IS NOT NULL AND "date_taken_precision" IS NULL;
