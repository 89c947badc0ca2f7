ALTER TABLE "certificate" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "validity_months" integer;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_revoked_by_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_valid_until_idx" ON "certificate" USING btree ("valid_until") WHERE "certificate"."valid_until" is not null;