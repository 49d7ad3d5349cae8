CREATE TABLE "replaced_key_codes" (
	"key_code_hash" text PRIMARY KEY NOT NULL,
	"heir_id" integer NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replaced_key_codes" ADD CONSTRAINT "replaced_key_codes_heir_id_heirs_id_fk" FOREIGN KEY ("heir_id") REFERENCES "public"."heirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replaced_key_codes_heir_idx" ON "replaced_key_codes" USING btree ("heir_id");