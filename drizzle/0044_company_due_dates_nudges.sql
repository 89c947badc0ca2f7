CREATE TABLE "company_completion_digest" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_completion_digest_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "company_nudge" (
	"enrolment_id" integer NOT NULL,
	"rule" text NOT NULL,
	"company_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"mailed" boolean DEFAULT true NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "company_nudge_enrolment_id_rule_pk" PRIMARY KEY("enrolment_id","rule")
);
--> statement-breakpoint
CREATE TABLE "company_nudge_setting" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"inactive_days" integer,
	"before_due_days" integer,
	"overdue" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "company_manager" ADD COLUMN "completion_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company_completion_digest" ADD CONSTRAINT "company_completion_digest_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_nudge" ADD CONSTRAINT "company_nudge_enrolment_id_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_nudge" ADD CONSTRAINT "company_nudge_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_nudge_setting" ADD CONSTRAINT "company_nudge_setting_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_nudge_setting" ADD CONSTRAINT "company_nudge_setting_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_nudge_digest_idx" ON "company_nudge" USING btree ("company_id") WHERE "company_nudge"."rule" = 'completed' and "company_nudge"."digested_at" is null;