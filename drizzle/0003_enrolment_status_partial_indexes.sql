DROP INDEX "enrolment_status_idx";--> statement-breakpoint
DROP INDEX "enrolment_course_status_idx";--> statement-breakpoint
CREATE INDEX "enrolment_completed_idx" ON "enrolment" USING btree ("enrolled_at") WHERE "enrolment"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "enrolment_course_completed_idx" ON "enrolment" USING btree ("course_id","enrolled_at") WHERE "enrolment"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "enrolment_in_progress_idx" ON "enrolment" USING btree ("enrolled_at") WHERE "enrolment"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "enrolment_course_in_progress_idx" ON "enrolment" USING btree ("course_id","enrolled_at") WHERE "enrolment"."completed_at" is null;