CREATE TABLE "skills_session_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"requested_by" text,
	"people" integer NOT NULL,
	"preferred_dates" text NOT NULL,
	"address" text NOT NULL,
	"comuna" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skills_booking" ADD COLUMN "booked_by" text;--> statement-breakpoint
ALTER TABLE "skills_session_request" ADD CONSTRAINT "skills_session_request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session_request" ADD CONSTRAINT "skills_session_request_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session_request" ADD CONSTRAINT "skills_session_request_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session_request" ADD CONSTRAINT "skills_session_request_session_id_skills_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."skills_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skills_session_request_company_idx" ON "skills_session_request" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "skills_session_request_pending_idx" ON "skills_session_request" USING btree ("created_at") WHERE "skills_session_request"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "skills_booking" ADD CONSTRAINT "skills_booking_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;