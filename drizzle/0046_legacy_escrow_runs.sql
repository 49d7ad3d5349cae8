CREATE TABLE "legacy_escrow_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_escrow_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"heir_id" integer NOT NULL,
	"object_key" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"fingerprint" text NOT NULL,
	"heir_public_key" text NOT NULL,
	"release_public_key" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"check_error" text
);
--> statement-breakpoint
CREATE TABLE "legacy_escrow_runs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"running_since" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"error" text,
	"opener_sha256" text
);
--> statement-breakpoint
ALTER TABLE "legacy_escrow_bundles" ADD CONSTRAINT "legacy_escrow_bundles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_escrow_runs" ADD CONSTRAINT "legacy_escrow_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_escrow_bundles_heir_idx" ON "legacy_escrow_bundles" USING btree ("user_id","heir_id");