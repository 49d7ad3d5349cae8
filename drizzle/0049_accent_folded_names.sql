DROP INDEX "contacts_owner_name_page_idx";--> statement-breakpoint
DROP INDEX "tree_persons_user_idx";--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(heirloom_simple_vector(first_name || ' ' || last_name), 'A') || setweight(heirloom_simple_vector(coalesce(family_relation, '')), 'B') || setweight(heirloom_simple_vector(coalesce(notes, '')), 'C') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(notes, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "memories" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(heirloom_simple_vector(title), 'A') || setweight(to_tsvector('heirloom_english'::regconfig, title), 'A') || setweight(heirloom_simple_vector(heirloom_tags_text(tags)), 'B') || setweight(heirloom_simple_vector(coalesce(location, '')), 'B') || setweight(heirloom_simple_vector(content), 'C') || setweight(to_tsvector('heirloom_english'::regconfig, content), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "photos" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(heirloom_simple_vector(coalesce(title, '')), 'A') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(title, '')), 'A') || setweight(heirloom_simple_vector(heirloom_tags_text(tags)), 'B') || setweight(heirloom_simple_vector(heirloom_tags_text(people_names)), 'B') || setweight(heirloom_simple_vector(coalesce(location, '')), 'B') || setweight(heirloom_simple_vector(coalesce(description, '')), 'C') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(description, '')), 'C') || setweight(heirloom_simple_vector(heirloom_tags_text(labels)), 'C') || setweight(heirloom_simple_vector(file_name || ' ' || coalesce(camera_info, '')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "vault_files" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "vault_files" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(heirloom_simple_vector(original_name), 'A') || setweight(to_tsvector('heirloom_english'::regconfig, original_name), 'A') || setweight(heirloom_simple_vector(coalesce(description, '')), 'C') || setweight(to_tsvector('heirloom_english'::regconfig, coalesce(description, '')), 'C') || setweight(heirloom_simple_vector(text), 'D') || setweight(to_tsvector('heirloom_english'::regconfig, text), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "people" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(heirloom_simple_vector(coalesce(name, '')), 'A')) STORED;--> statement-breakpoint
ALTER TABLE "tree_persons" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "tree_persons" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(heirloom_simple_vector(coalesce(given_names, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(birth_surname, '')), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "contacts_owner_name_page_idx" ON "contacts" USING btree ("owner_id",lower("first_name") COLLATE heirloom_names,lower("last_name") COLLATE heirloom_names,"id");--> statement-breakpoint
CREATE INDEX "tree_persons_user_idx" ON "tree_persons" USING btree ("user_id","surname" COLLATE heirloom_names,"given_names" COLLATE heirloom_names,"id");--> statement-breakpoint
-- dropping the columns dropped their indexes: made again over the new columns
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "memories_search_idx" ON "memories" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "photos_search_idx" ON "photos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "vault_files_search_idx" ON "vault_files" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "people_search_idx" ON "people" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tree_persons_search_idx" ON "tree_persons" USING gin ("search_vector");
