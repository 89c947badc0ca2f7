CREATE TABLE "privacy_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"subject_user_id" text,
	"subject_company_id" integer,
	"action" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_breach" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"detected_at" timestamp with time zone NOT NULL,
	"affected" text NOT NULL,
	"measures" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone,
	"people_notified_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"answered_at" timestamp with time zone,
	"answer" text,
	"kept_items" jsonb,
	"opened_by" text,
	"answered_by" text
);
--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "holder_withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_breach" ADD CONSTRAINT "privacy_breach_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_answered_by_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_access_log_subject_idx" ON "privacy_access_log" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "privacy_access_log_at_idx" ON "privacy_access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "privacy_breach_detected_idx" ON "privacy_breach" USING btree ("detected_at");--> statement-breakpoint
CREATE INDEX "privacy_request_status_idx" ON "privacy_request" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "privacy_request_user_idx" ON "privacy_request" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_request_pending_uq" ON "privacy_request" USING btree ("user_id","kind") WHERE "privacy_request"."status" = 'pending' and "privacy_request"."user_id" is not null;