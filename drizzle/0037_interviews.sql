CREATE TABLE "interview_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"question_id" integer,
	"token_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"question_text" text NOT NULL,
	"storyteller_first_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"interview_id" integer NOT NULL,
	"text" text NOT NULL,
	"theme" text,
	"library_id" text,
	"position" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"last_reminder_at" timestamp with time zone,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"answered_memory_id" integer,
	"follow_up_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_questions_status_check" CHECK ("interview_questions"."status" IN ('waiting', 'sent', 'answered', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "interview_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"interview_id" integer NOT NULL,
	"suggested_by_user_id" integer NOT NULL,
	"suggested_by_name" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_suggestions_status_check" CHECK ("interview_suggestions"."status" IN ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"storyteller_contact_id" integer,
	"storyteller_kind" text DEFAULT 'contact' NOT NULL,
	"storyteller_name" text NOT NULL,
	"weekday" smallint,
	"hour" smallint,
	"time_zone" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" IN ('active', 'paused', 'stopped', 'finished')),
	CONSTRAINT "interviews_storyteller_kind_check" CHECK ("interviews"."storyteller_kind" IN ('contact', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "storyteller_contact_id" integer;--> statement-breakpoint
ALTER TABLE "interview_links" ADD CONSTRAINT "interview_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_links" ADD CONSTRAINT "interview_links_question_id_interview_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."interview_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_questions" ADD CONSTRAINT "interview_questions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_questions" ADD CONSTRAINT "interview_questions_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_questions" ADD CONSTRAINT "interview_questions_answered_memory_id_memories_id_fk" FOREIGN KEY ("answered_memory_id") REFERENCES "public"."memories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_questions" ADD CONSTRAINT "interview_questions_follow_up_of_interview_questions_id_fk" FOREIGN KEY ("follow_up_of") REFERENCES "public"."interview_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_suggestions" ADD CONSTRAINT "interview_suggestions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_suggestions" ADD CONSTRAINT "interview_suggestions_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_suggestions" ADD CONSTRAINT "interview_suggestions_suggested_by_user_id_users_id_fk" FOREIGN KEY ("suggested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_storyteller_contact_id_contacts_id_fk" FOREIGN KEY ("storyteller_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_links_token_idx" ON "interview_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "interview_links_question_idx" ON "interview_links" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "interview_links_owner_idx" ON "interview_links" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "interview_questions_interview_idx" ON "interview_questions" USING btree ("interview_id","position");--> statement-breakpoint
CREATE INDEX "interview_questions_owner_idx" ON "interview_questions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "interview_suggestions_interview_idx" ON "interview_suggestions" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "interview_suggestions_owner_idx" ON "interview_suggestions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "interviews_owner_idx" ON "interviews" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_storyteller_contact_id_contacts_id_fk" FOREIGN KEY ("storyteller_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;