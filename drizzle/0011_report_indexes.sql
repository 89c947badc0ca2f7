CREATE TABLE "enrolment_day_stat" (
	"course_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "enrolment_day_stat_kind_day_course_id_slot_pk" PRIMARY KEY("kind","day","course_id","slot")
);
--> statement-breakpoint
CREATE TABLE "exam_answer_stat" (
	"lesson_id" integer NOT NULL,
	"day" date NOT NULL,
	"question_id" integer NOT NULL,
	"chosen" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_answer_stat_lesson_id_day_question_id_chosen_pk" PRIMARY KEY("lesson_id","day","question_id","chosen")
);
--> statement-breakpoint
CREATE TABLE "exam_attempt_day_stat" (
	"lesson_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_attempt_day_stat_lesson_id_day_kind_value_pk" PRIMARY KEY("lesson_id","day","kind","value")
);
--> statement-breakpoint
CREATE INDEX "certificate_issued_at_idx" ON "certificate" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "exam_attempt_lesson_submitted_idx" ON "exam_attempt" USING btree ("lesson_id","submitted_at");--> statement-breakpoint
CREATE INDEX "exam_attempt_submitted_idx" ON "exam_attempt" USING btree ("submitted_at");