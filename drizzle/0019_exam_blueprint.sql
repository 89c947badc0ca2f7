ALTER TABLE "lesson" ADD COLUMN "exam_blueprint" jsonb;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "topic" text;