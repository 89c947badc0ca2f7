CREATE TABLE "enrolment_cohort_stat" (
	"course_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "enrolment_cohort_stat_course_id_day_kind_value_slot_pk" PRIMARY KEY("course_id","day","kind","value","slot")
);
--> statement-breakpoint
ALTER TABLE "enrolment" ADD COLUMN "modules_done" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment" ADD COLUMN "exam_passed" boolean DEFAULT false NOT NULL;