CREATE TABLE "stat_counter" (
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_counter_key_slot_pk" PRIMARY KEY("key","slot")
);
--> statement-breakpoint
CREATE INDEX "enrolment_status_idx" ON "enrolment" USING btree (("completed_at" is null),"enrolled_at");--> statement-breakpoint
CREATE INDEX "enrolment_course_status_idx" ON "enrolment" USING btree ("course_id",("completed_at" is null),"enrolled_at");--> statement-breakpoint
CREATE INDEX "user_name_search_idx" ON "user" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);