CREATE TYPE "public"."legacy_state" AS ENUM('active', 'awaiting_check_in', 'verifying', 'veto', 'released');--> statement-breakpoint
ALTER TYPE "public"."account_token_purpose" ADD VALUE 'legacy_check_in';--> statement-breakpoint
ALTER TYPE "public"."account_token_purpose" ADD VALUE 'legacy_veto';--> statement-breakpoint
ALTER TYPE "public"."link_kind" ADD VALUE 'heir';--> statement-breakpoint
ALTER TYPE "public"."release_condition" ADD VALUE 'after_death';--> statement-breakpoint
ALTER TYPE "public"."release_condition" ADD VALUE 'on_date';--> statement-breakpoint
ALTER TYPE "public"."release_condition" ADD VALUE 'at_age';--> statement-breakpoint
ALTER TYPE "public"."release_condition" ADD VALUE 'never';--> statement-breakpoint
CREATE TABLE "heirs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heirs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"date_of_birth" date,
	"key_code_hash" text,
	"public_key" text,
	"key_code_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"detail" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_plans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"check_in_months" integer DEFAULT 6 NOT NULL,
	"veto_days" integer DEFAULT 30 NOT NULL,
	"verifiers_required" integer DEFAULT 1 NOT NULL,
	"paused_until" timestamp with time zone,
	"state" "legacy_state" DEFAULT 'active' NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_check_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_in_sent_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"veto_ends_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_verifiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_verifiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"token_nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"heir_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"photo_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sealed" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letters_body_or_sealed" CHECK (num_nonnulls("letters"."body", "letters"."sealed") = 1)
);
--> statement-breakpoint
ALTER TABLE "grants" DROP CONSTRAINT "grants_one_target";--> statement-breakpoint
DROP INDEX "grants_collection_contact_idx";--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "letter_id" integer;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "heir_id" integer;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "release_age" integer;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "heirs" ADD CONSTRAINT "heirs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heirs" ADD CONSTRAINT "heirs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_audit" ADD CONSTRAINT "legacy_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_plans" ADD CONSTRAINT "legacy_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_verifiers" ADD CONSTRAINT "legacy_verifiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_verifiers" ADD CONSTRAINT "legacy_verifiers_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_heir_id_heirs_id_fk" FOREIGN KEY ("heir_id") REFERENCES "public"."heirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "heirs_user_contact_idx" ON "heirs" USING btree ("user_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "heirs_key_code_hash_idx" ON "heirs" USING btree ("key_code_hash");--> statement-breakpoint
CREATE INDEX "legacy_audit_user_idx" ON "legacy_audit" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_verifiers_user_contact_idx" ON "legacy_verifiers" USING btree ("user_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_verifiers_token_idx" ON "legacy_verifiers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "letters_heir_idx" ON "letters" USING btree ("heir_id");--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_heir_id_heirs_id_fk" FOREIGN KEY ("heir_id") REFERENCES "public"."heirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grants_heir_idx" ON "grants" USING btree ("heir_id");--> statement-breakpoint
CREATE INDEX "grants_release_due_idx" ON "grants" USING btree ("user_id","release_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_collection_contact_idx" ON "grants" USING btree ("collection_id","contact_id") WHERE link_kind = 'personal';--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_heir_matches_kind" CHECK (("grants"."link_kind"::text = 'heir') = ("grants"."heir_id" is not null));--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_one_target" CHECK (num_nonnulls("grants"."collection_id", "grants"."photo_id", "grants"."memory_id", "grants"."vault_file_id", "grants"."letter_id") = 1);