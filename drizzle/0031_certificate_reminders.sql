CREATE TABLE "certificate_reminder" (
	"certificate_id" integer NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed" boolean DEFAULT true NOT NULL,
	"company_id" integer,
	"digested_at" timestamp with time zone,
	CONSTRAINT "certificate_reminder_certificate_id_threshold_pk" PRIMARY KEY("certificate_id","threshold")
);
--> statement-breakpoint
ALTER TABLE "certificate_reminder" ADD CONSTRAINT "certificate_reminder_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_reminder" ADD CONSTRAINT "certificate_reminder_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_reminder_digest_idx" ON "certificate_reminder" USING btree ("company_id") WHERE "certificate_reminder"."company_id" is not null and "certificate_reminder"."digested_at" is null;