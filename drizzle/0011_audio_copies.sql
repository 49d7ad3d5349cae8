CREATE TYPE "public"."audio_copy" AS ENUM('ready', 'unavailable');--> statement-breakpoint
ALTER TABLE "memory_attachments" ADD COLUMN "audio_copy" "audio_copy";