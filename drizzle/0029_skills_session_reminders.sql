ALTER TABLE "skills_booking" ADD COLUMN "reminder_48h_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD COLUMN "reminder_2h_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "skills_session_open_start_idx" ON "skills_session" USING btree ("starts_at") WHERE "skills_session"."status" = 'open';