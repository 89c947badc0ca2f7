ALTER TABLE "question" ADD COLUMN "source_lesson_id" integer;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_source_lesson_id_lesson_id_fk" FOREIGN KEY ("source_lesson_id") REFERENCES "public"."lesson"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_source_lesson_idx" ON "question" USING btree ("source_lesson_id");