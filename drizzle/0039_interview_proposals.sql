ALTER TABLE "interviews" DROP CONSTRAINT "interviews_status_check";--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "proposed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "proposed_by_name" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interviews_proposed_by_idx" ON "interviews" USING btree ("proposed_by_user_id");--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" IN ('proposed', 'active', 'paused', 'stopped', 'finished'));