ALTER TABLE "course" ADD COLUMN "catalogue_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson" ADD COLUMN "catalogue_key" text;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "retired_at" timestamp with time zone;