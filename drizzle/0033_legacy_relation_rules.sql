CREATE TABLE "legacy_relation_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_relation_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"relation" text NOT NULL,
	"collection_id" integer,
	"photo_id" integer,
	"memory_id" integer,
	"vault_file_id" integer,
	"release_condition" "release_condition" NOT NULL,
	"release_at" timestamp with time zone,
	"release_age" integer,
	"include_names" boolean DEFAULT false NOT NULL,
	"told_person_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_relation_rules_one_target" CHECK (num_nonnulls("legacy_relation_rules"."collection_id", "legacy_relation_rules"."photo_id", "legacy_relation_rules"."memory_id", "legacy_relation_rules"."vault_file_id") = 1),
	CONSTRAINT "legacy_relation_rules_relation" CHECK ("legacy_relation_rules"."relation" in ('children', 'grandchildren', 'descendants', 'partner')),
	CONSTRAINT "legacy_relation_rules_not_now" CHECK ("legacy_relation_rules"."release_condition"::text <> 'now')
);
--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "relation_rule_id" integer;--> statement-breakpoint
ALTER TABLE "legacy_relation_rules" ADD CONSTRAINT "legacy_relation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_relation_rules" ADD CONSTRAINT "legacy_relation_rules_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_relation_rules" ADD CONSTRAINT "legacy_relation_rules_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_relation_rules" ADD CONSTRAINT "legacy_relation_rules_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_relation_rules" ADD CONSTRAINT "legacy_relation_rules_vault_file_id_vault_files_id_fk" FOREIGN KEY ("vault_file_id") REFERENCES "public"."vault_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legacy_relation_rules_user_idx" ON "legacy_relation_rules" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_relation_rule_id_legacy_relation_rules_id_fk" FOREIGN KEY ("relation_rule_id") REFERENCES "public"."legacy_relation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grants_relation_rule_heir_idx" ON "grants" USING btree ("relation_rule_id","heir_id") WHERE relation_rule_id is not null;