CREATE TABLE "instructor" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"title" text NOT NULL,
	"credential" text NOT NULL,
	"credential_expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills_booking" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"booked_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"attendance" text,
	"attendance_at" timestamp with time zone,
	"result" text,
	"result_note" text DEFAULT '' NOT NULL,
	"assessed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "skills_check" (
	"booking_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"label" text NOT NULL,
	"guideline" text NOT NULL,
	"passed" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "skills_check_booking_id_item_key_pk" PRIMARY KEY("booking_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "skills_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_min" integer NOT NULL,
	"place_kind" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"comuna" text DEFAULT '' NOT NULL,
	"place_notes" text DEFAULT '' NOT NULL,
	"company_id" integer,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"instructor_id" text NOT NULL,
	"price_clp" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"cancel_hours_before" integer DEFAULT 24 NOT NULL,
	"offer_hours" integer DEFAULT 24 NOT NULL,
	"signed_off_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_session_seats_ck" CHECK ("skills_session"."seats_taken" >= 0 and "skills_session"."seats_taken" <= "skills_session"."capacity")
);
--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "kind" text DEFAULT 'theory' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "skills" jsonb;--> statement-breakpoint
ALTER TABLE "instructor" ADD CONSTRAINT "instructor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD CONSTRAINT "skills_booking_session_id_skills_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."skills_session"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD CONSTRAINT "skills_booking_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD CONSTRAINT "skills_booking_enrolment_id_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD CONSTRAINT "skills_booking_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_check" ADD CONSTRAINT "skills_check_booking_id_skills_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."skills_booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session" ADD CONSTRAINT "skills_session_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session" ADD CONSTRAINT "skills_session_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session" ADD CONSTRAINT "skills_session_instructor_id_instructor_user_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructor"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_session" ADD CONSTRAINT "skills_session_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skills_booking_session_idx" ON "skills_booking" USING btree ("session_id","status","created_at");--> statement-breakpoint
CREATE INDEX "skills_booking_user_idx" ON "skills_booking" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_booking_live_uq" ON "skills_booking" USING btree ("user_id","course_id") WHERE "skills_booking"."status" in ('booked', 'waiting', 'offered');--> statement-breakpoint
CREATE INDEX "skills_session_course_idx" ON "skills_session" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "skills_session_instructor_idx" ON "skills_session" USING btree ("instructor_id","starts_at");