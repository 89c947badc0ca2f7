CREATE TABLE "lesson_study" (
	"enrolment_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"visit_started_at" timestamp with time zone NOT NULL,
	"visit_seconds" integer DEFAULT 0 NOT NULL,
	"credited_until" timestamp with time zone NOT NULL,
	"reached_end" boolean DEFAULT false NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_seconds" double precision,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_study_enrolment_id_cycle_lesson_id_pk" PRIMARY KEY("enrolment_id","cycle","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_study" ADD CONSTRAINT "lesson_study_enrolment_id_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_study" ADD CONSTRAINT "lesson_study_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE cascade ON UPDATE no action;