CREATE TYPE "public"."video_playback" AS ENUM('preparing', 'original', 'copy', 'unavailable');--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "video_playback" "video_playback";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "video_progress" smallint;