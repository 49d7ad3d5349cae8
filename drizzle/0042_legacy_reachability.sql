CREATE TABLE "legacy_reachability" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_reachability_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "legacy_reachability" ADD CONSTRAINT "legacy_reachability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_reachability" ADD CONSTRAINT "legacy_reachability_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_reachability_token_idx" ON "legacy_reachability" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "legacy_reachability_contact_idx" ON "legacy_reachability" USING btree ("user_id","contact_id","asked_at");