CREATE TYPE "public"."grant_role" AS ENUM('viewer', 'contributor');--> statement-breakpoint
CREATE TYPE "public"."link_kind" AS ENUM('personal', 'public');--> statement-breakpoint
CREATE TYPE "public"."release_condition" AS ENUM('now');--> statement-breakpoint
CREATE TABLE "collection_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"photo_id" integer,
	"memory_id" integer,
	"vault_file_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_one_item" CHECK (num_nonnulls("collection_items"."photo_id", "collection_items"."memory_id", "collection_items"."vault_file_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"cover_photo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"collection_id" integer,
	"photo_id" integer,
	"memory_id" integer,
	"vault_file_id" integer,
	"contact_id" integer,
	"link_kind" "link_kind" NOT NULL,
	"role" "grant_role" DEFAULT 'viewer' NOT NULL,
	"release_condition" "release_condition" DEFAULT 'now' NOT NULL,
	"token_nonce" text,
	"token_hash" text,
	"password_hash" text,
	"include_places" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "grants_one_target" CHECK (num_nonnulls("grants"."collection_id", "grants"."photo_id", "grants"."memory_id", "grants"."vault_file_id") = 1),
	CONSTRAINT "grants_recipient_matches_kind" CHECK (("grants"."link_kind" = 'public') = ("grants"."contact_id" is null))
);
--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_vault_file_id_vault_files_id_fk" FOREIGN KEY ("vault_file_id") REFERENCES "public"."vault_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_vault_file_id_vault_files_id_fk" FOREIGN KEY ("vault_file_id") REFERENCES "public"."vault_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_photo_idx" ON "collection_items" USING btree ("collection_id","photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_memory_idx" ON "collection_items" USING btree ("collection_id","memory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_vault_file_idx" ON "collection_items" USING btree ("collection_id","vault_file_id");--> statement-breakpoint
CREATE INDEX "collection_items_user_idx" ON "collection_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collection_items_photo_ref_idx" ON "collection_items" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "collection_items_memory_ref_idx" ON "collection_items" USING btree ("memory_id");--> statement-breakpoint
CREATE INDEX "collection_items_vault_file_ref_idx" ON "collection_items" USING btree ("vault_file_id");--> statement-breakpoint
CREATE INDEX "collections_user_idx" ON "collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_token_hash_idx" ON "grants" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_collection_contact_idx" ON "grants" USING btree ("collection_id","contact_id");--> statement-breakpoint
CREATE INDEX "grants_user_idx" ON "grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "grants_contact_idx" ON "grants" USING btree ("contact_id");