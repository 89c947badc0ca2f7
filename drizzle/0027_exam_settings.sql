ALTER TABLE "lesson" ADD COLUMN "exam_settings" jsonb;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "kind" text DEFAULT 'choice' NOT NULL;