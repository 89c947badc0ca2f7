CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rut" text NOT NULL,
	"giro" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_rut_unique" UNIQUE("rut")
);
--> statement-breakpoint
CREATE TABLE "company_enrolment" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_enrolment_enrolment_id_unique" UNIQUE("enrolment_id")
);
--> statement-breakpoint
CREATE TABLE "company_invitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"course_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"rut" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "company_manager" (
	"company_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_manager_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_seat_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"by_user_id" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_seat_pool" (
	"company_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_seat_pool_company_id_course_id_pk" PRIMARY KEY("company_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD CONSTRAINT "company_enrolment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD CONSTRAINT "company_enrolment_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD CONSTRAINT "company_enrolment_enrolment_id_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD CONSTRAINT "company_enrolment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD CONSTRAINT "company_enrolment_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_accepted_user_id_user_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_manager" ADD CONSTRAINT "company_manager_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_manager" ADD CONSTRAINT "company_manager_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_manager" ADD CONSTRAINT "company_manager_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_ledger" ADD CONSTRAINT "company_seat_ledger_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_ledger" ADD CONSTRAINT "company_seat_ledger_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_ledger" ADD CONSTRAINT "company_seat_ledger_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_ledger" ADD CONSTRAINT "company_seat_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_pool" ADD CONSTRAINT "company_seat_pool_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_pool" ADD CONSTRAINT "company_seat_pool_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_name_idx" ON "company" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_enrolment_company_course_idx" ON "company_enrolment" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE INDEX "company_invitation_company_idx" ON "company_invitation" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitation_open_worker_uq" ON "company_invitation" USING btree ("course_id","email") WHERE "company_invitation"."kind" = 'worker' and "company_invitation"."accepted_at" is null and "company_invitation"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitation_open_manager_uq" ON "company_invitation" USING btree ("company_id","email") WHERE "company_invitation"."kind" = 'manager' and "company_invitation"."accepted_at" is null and "company_invitation"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "company_manager_user_idx" ON "company_manager" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_seat_ledger_pool_idx" ON "company_seat_ledger" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_seat_ledger_order_uq" ON "company_seat_ledger" USING btree ("order_id") WHERE "company_seat_ledger"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;