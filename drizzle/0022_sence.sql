CREATE TABLE "sence_action" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"cod_sence" text NOT NULL,
	"codigo_curso" text NOT NULL,
	"line" integer DEFAULT 3 NOT NULL,
	"environment" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sence_callback" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"arrival" text NOT NULL,
	"session_id" integer,
	"fields" jsonb,
	"result" text NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "sence_config" (
	"id" text PRIMARY KEY NOT NULL,
	"rut_otec" text NOT NULL,
	"token_sealed" text NOT NULL,
	"token_last4" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sence_participant" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"enrolment_id" integer,
	"user_id" text,
	"run" text NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text
);
--> statement-breakpoint
CREATE TABLE "sence_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"correlation_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"environment" text NOT NULL,
	"run_alumno" text NOT NULL,
	"cod_sence" text NOT NULL,
	"codigo_curso" text NOT NULL,
	"line" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"sence_session_id" text,
	"started_at" timestamp with time zone,
	"sence_started_at" text,
	"zona_horaria" text,
	"close_requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"sence_closed_at" text,
	"failed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"error_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "sence_session_correlation_id_unique" UNIQUE("correlation_id")
);
--> statement-breakpoint
ALTER TABLE "sence_action" ADD CONSTRAINT "sence_action_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_action" ADD CONSTRAINT "sence_action_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_action" ADD CONSTRAINT "sence_action_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_config" ADD CONSTRAINT "sence_config_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_participant" ADD CONSTRAINT "sence_participant_action_id_sence_action_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."sence_action"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_participant" ADD CONSTRAINT "sence_participant_enrolment_id_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_participant" ADD CONSTRAINT "sence_participant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_participant" ADD CONSTRAINT "sence_participant_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_participant" ADD CONSTRAINT "sence_participant_removed_by_user_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_session" ADD CONSTRAINT "sence_session_participant_id_sence_participant_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."sence_participant"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sence_action_company_idx" ON "sence_action" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sence_action_code_uq" ON "sence_action" USING btree ("environment","codigo_curso") WHERE "sence_action"."codigo_curso" <> '-1';--> statement-breakpoint
CREATE INDEX "sence_callback_session_idx" ON "sence_callback" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "sence_callback_received_idx" ON "sence_callback" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sence_participant_action_enrolment_uq" ON "sence_participant" USING btree ("action_id","enrolment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sence_participant_active_uq" ON "sence_participant" USING btree ("enrolment_id") WHERE "sence_participant"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "sence_participant_action_idx" ON "sence_participant" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "sence_session_participant_idx" ON "sence_session" USING btree ("participant_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sence_session_live_uq" ON "sence_session" USING btree ("participant_id") WHERE "sence_session"."status" in ('pending', 'open');