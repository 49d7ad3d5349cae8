CREATE TABLE "legacy_escrow_targets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"bucket" text NOT NULL,
	"region" text NOT NULL,
	"prefix" text NOT NULL,
	"access_key_id" text NOT NULL,
	"secret_access_key_sealed" text NOT NULL,
	"force_path_style" boolean NOT NULL,
	"last_test_at" timestamp with time zone,
	"last_test_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_escrow_targets" ADD CONSTRAINT "legacy_escrow_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;