CREATE TABLE "legacy_heartbeats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"last_call_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_heartbeats" ADD CONSTRAINT "legacy_heartbeats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;