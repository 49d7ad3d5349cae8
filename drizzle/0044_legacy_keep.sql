CREATE TABLE "legacy_after_release" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"choice" text NOT NULL,
	"delete_after_months" integer,
	"delete_at" timestamp with time zone,
	"first_notice_at" timestamp with time zone,
	"second_notice_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_after_release_choice" CHECK ("legacy_after_release"."choice" in ('memorial', 'delete')),
	CONSTRAINT "legacy_after_release_months" CHECK (("legacy_after_release"."choice" = 'memorial' and "legacy_after_release"."delete_after_months" is null) or ("legacy_after_release"."choice" = 'delete' and "legacy_after_release"."delete_after_months" between 3 and 24))
);
--> statement-breakpoint
CREATE TABLE "legacy_keeps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_keeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"grant_id" integer NOT NULL,
	"provenance" text NOT NULL,
	"status" text NOT NULL,
	"items_total" integer DEFAULT 0 NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_keeps_status" CHECK ("legacy_keeps"."status" in ('copying', 'kept', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "legacy_kept_items" (
	"keep_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	CONSTRAINT "legacy_kept_items_keep_id_kind_source_id_pk" PRIMARY KEY("keep_id","kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "provenance" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "provenance" text;--> statement-breakpoint
ALTER TABLE "vault_files" ADD COLUMN "provenance" text;--> statement-breakpoint
ALTER TABLE "legacy_after_release" ADD CONSTRAINT "legacy_after_release_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_keeps" ADD CONSTRAINT "legacy_keeps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_kept_items" ADD CONSTRAINT "legacy_kept_items_keep_id_legacy_keeps_id_fk" FOREIGN KEY ("keep_id") REFERENCES "public"."legacy_keeps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_keeps_user_grant_idx" ON "legacy_keeps" USING btree ("user_id","grant_id");