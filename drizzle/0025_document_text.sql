CREATE TYPE "public"."text_status" AS ENUM('pending', 'done', 'failed', 'unsupported');--> statement-breakpoint
ALTER TABLE "vault_files" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_files" ADD COLUMN "text_status" text_status DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_files" ADD COLUMN "text_error" text;--> statement-breakpoint
-- the search column takes the words read from the document (decision 058); made after the column it reads
ALTER TABLE "vault_files" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "vault_files" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('heirloom_simple'::regconfig, original_name), 'A') || setweight(to_tsvector('heirloom_english'::regconfig, original_name), 'A') || setweight(to_tsvector('heirloom_simple'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('heirloom_simple'::regconfig, text), 'D') || setweight(to_tsvector('heirloom_english'::regconfig, text), 'D')) STORED;--> statement-breakpoint
-- dropping the column dropped its index: made again over the new column
CREATE INDEX "vault_files_search_idx" ON "vault_files" USING gin ("search_vector");--> statement-breakpoint
-- every document already stored is read once, in the background, from the next start
CREATE INDEX "vault_files_text_pending_idx" ON "vault_files" USING btree ("id") WHERE text_status = 'pending';
