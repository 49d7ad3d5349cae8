CREATE TABLE "books" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "books_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"dedication" text,
	"page_size" text NOT NULL,
	"chapters" text NOT NULL,
	"selection" jsonb NOT NULL,
	"include_photos" boolean DEFAULT true NOT NULL,
	"cover_photo_id" integer,
	"voice_links_expire_at" timestamp with time zone,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"page_count" integer,
	"file_key" text,
	"file_size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "books_status" CHECK ("books"."status" in ('queued', 'building', 'ready', 'failed')),
	CONSTRAINT "books_page_size" CHECK ("books"."page_size" in ('A4', 'Letter', '6x9')),
	CONSTRAINT "books_chapters" CHECK ("books"."chapters" in ('period', 'theme')),
	CONSTRAINT "books_progress" CHECK ("books"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "book_id" integer;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_user_idx" ON "books" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grants_book_idx" ON "grants" USING btree ("book_id");