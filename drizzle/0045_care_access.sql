ALTER TYPE "public"."link_kind" ADD VALUE 'care';--> statement-breakpoint
CREATE TABLE "care_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"documents" boolean DEFAULT false NOT NULL,
	"collection_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"contacts" boolean DEFAULT false NOT NULL,
	"waiting_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_settings_waiting_days" CHECK ("care_settings"."waiting_days" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "caregivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caregivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"token_nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"asked_at" timestamp with time zone,
	"message" text,
	"opens_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"refuse_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregivers_state" CHECK ("caregivers"."state" in ('idle', 'asked', 'open'))
);
--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caregivers_user_contact_idx" ON "caregivers" USING btree ("user_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caregivers_token_idx" ON "caregivers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "caregivers_refuse_token_idx" ON "caregivers" USING btree ("refuse_token_hash");