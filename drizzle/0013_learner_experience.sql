ALTER TABLE "exam_attempt" ADD COLUMN "draft_answers" jsonb;--> statement-breakpoint
ALTER TABLE "lesson" ADD COLUMN "reading_html" text;