CREATE TABLE "legacy_release_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"key_id" text NOT NULL,
	"threshold" integer NOT NULL,
	"share_count" integer NOT NULL,
	"verifier_contact_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_release_keys" ADD CONSTRAINT "legacy_release_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;