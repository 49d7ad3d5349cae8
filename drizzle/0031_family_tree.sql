CREATE TYPE "public"."partnership_end" AS ENUM('divorce', 'separation', 'death');--> statement-breakpoint
CREATE TYPE "public"."tree_relation_kind" AS ENUM('parent', 'partner');--> statement-breakpoint
CREATE TYPE "public"."tree_relation_type" AS ENUM('birth', 'adoptive', 'step', 'foster', 'married', 'partners');--> statement-breakpoint
CREATE TYPE "public"."tree_sex" AS ENUM('female', 'male', 'other', 'unknown');--> statement-breakpoint
CREATE TABLE "tree_persons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tree_persons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"given_names" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"birth_surname" text,
	"sex" "tree_sex" DEFAULT 'unknown' NOT NULL,
	"gender" text,
	"birth_date" text,
	"birth_place" text,
	"died" boolean DEFAULT false NOT NULL,
	"death_date" text,
	"death_place" text,
	"living" boolean,
	"contact_id" integer,
	"person_id" integer,
	"note" text,
	"import_id" integer,
	"gedcom_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('heirloom_simple'::regconfig, coalesce(given_names, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(birth_surname, '')), 'A')) STORED
);
--> statement-breakpoint
CREATE TABLE "tree_relations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tree_relations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "tree_relation_kind" NOT NULL,
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"type" "tree_relation_type" NOT NULL,
	"start_date" text,
	"end_date" text,
	"end_reason" "partnership_end",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tree_relations_not_self" CHECK ("tree_relations"."from_id" <> "tree_relations"."to_id"),
	CONSTRAINT "tree_relations_type_fits_kind" CHECK (("tree_relations"."kind" = 'parent') = ("tree_relations"."type" in ('birth', 'adoptive', 'step', 'foster')))
);
--> statement-breakpoint
ALTER TABLE "tree_persons" ADD CONSTRAINT "tree_persons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_persons" ADD CONSTRAINT "tree_persons_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_persons" ADD CONSTRAINT "tree_persons_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_relations" ADD CONSTRAINT "tree_relations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_relations" ADD CONSTRAINT "tree_relations_from_id_tree_persons_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_relations" ADD CONSTRAINT "tree_relations_to_id_tree_persons_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_persons_user_idx" ON "tree_persons" USING btree ("user_id","surname","given_names","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tree_persons_owner_idx" ON "tree_persons" USING btree ("user_id") WHERE "tree_persons"."is_owner";--> statement-breakpoint
CREATE UNIQUE INDEX "tree_persons_contact_idx" ON "tree_persons" USING btree ("contact_id") WHERE "tree_persons"."contact_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tree_persons_person_idx" ON "tree_persons" USING btree ("person_id") WHERE "tree_persons"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "tree_persons_search_idx" ON "tree_persons" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "tree_relations_pair_idx" ON "tree_relations" USING btree ("user_id","kind","from_id","to_id");--> statement-breakpoint
CREATE INDEX "tree_relations_from_idx" ON "tree_relations" USING btree ("from_id");--> statement-breakpoint
CREATE INDEX "tree_relations_to_idx" ON "tree_relations" USING btree ("to_id");