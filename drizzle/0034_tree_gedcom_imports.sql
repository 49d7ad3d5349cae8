CREATE TABLE "tree_gedcom_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tree_gedcom_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" "import_status" DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"source" "bytea",
	"persons_done" integer DEFAULT 0 NOT NULL,
	"persons_total" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tree_match_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tree_match_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"import_id" integer,
	"imported_id" integer NOT NULL,
	"existing_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tree_match_suggestions_status" CHECK ("tree_match_suggestions"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "tree_gedcom_imports" ADD CONSTRAINT "tree_gedcom_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_match_suggestions" ADD CONSTRAINT "tree_match_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_match_suggestions" ADD CONSTRAINT "tree_match_suggestions_import_id_tree_gedcom_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."tree_gedcom_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_match_suggestions" ADD CONSTRAINT "tree_match_suggestions_imported_id_tree_persons_id_fk" FOREIGN KEY ("imported_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_match_suggestions" ADD CONSTRAINT "tree_match_suggestions_existing_id_tree_persons_id_fk" FOREIGN KEY ("existing_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_gedcom_imports_user_idx" ON "tree_gedcom_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tree_match_suggestions_pair_idx" ON "tree_match_suggestions" USING btree ("imported_id","existing_id");--> statement-breakpoint
CREATE INDEX "tree_match_suggestions_user_idx" ON "tree_match_suggestions" USING btree ("user_id","status");