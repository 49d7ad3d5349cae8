ALTER TABLE "users" ADD COLUMN "family_dates_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_dates_time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_dates_sent_week" date;