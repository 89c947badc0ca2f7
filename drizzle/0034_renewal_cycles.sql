CREATE TABLE "enrolment_cycle" (
	"enrolment_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"progress" integer NOT NULL,
	"modules_done" integer[] NOT NULL,
	"exam_passed" boolean NOT NULL,
	"certificate_id" integer,
	"ended_at" timestamp with time zone NOT NULL,
	"renewed_via" text NOT NULL,
	"order_id" integer,
	"company_id" integer,
	"by_user_id" text,
	CONSTRAINT "enrolment_cycle_enrolment_id_cycle_pk" PRIMARY KEY("enrolment_id","cycle")
);
--> statement-breakpoint
CREATE TABLE "enrolment_cycle_lesson" (
	"enrolment_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "enrolment_cycle_lesson_enrolment_id_cycle_lesson_id_pk" PRIMARY KEY("enrolment_id","cycle","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "certificate" DROP CONSTRAINT "certificate_enrolment_id_unique";--> statement-breakpoint
DROP INDEX "exam_attempt_number_uq";--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempt" ADD COLUMN "ended_cycle" integer;--> statement-breakpoint
ALTER TABLE "enrolment_cycle" ADD CONSTRAINT "enrolment_cycle_enrolment_id_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycle" ADD CONSTRAINT "enrolment_cycle_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycle" ADD CONSTRAINT "enrolment_cycle_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycle" ADD CONSTRAINT "enrolment_cycle_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycle" ADD CONSTRAINT "enrolment_cycle_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycle_lesson" ADD CONSTRAINT "enrolment_cycle_lesson_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycle_lesson" ADD CONSTRAINT "enrolment_cycle_lesson_enrolment_id_cycle_enrolment_cycle_enrolment_id_cycle_fk" FOREIGN KEY ("enrolment_id","cycle") REFERENCES "public"."enrolment_cycle"("enrolment_id","cycle") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_enrolment_cycle_uq" ON "certificate" USING btree ("enrolment_id","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempt_ended_number_uq" ON "exam_attempt" USING btree ("user_id","lesson_id","ended_cycle","attempt_number") WHERE "exam_attempt"."ended_cycle" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempt_number_uq" ON "exam_attempt" USING btree ("user_id","lesson_id","attempt_number") WHERE "exam_attempt"."ended_cycle" is null;