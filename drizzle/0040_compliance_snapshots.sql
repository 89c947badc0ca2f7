CREATE TABLE "compliance_snapshot" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"courses" jsonb NOT NULL,
	"workers" integer NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_snapshot_row" (
	"snapshot_id" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" text,
	"invitation_id" integer,
	"name" text NOT NULL,
	"rut" text,
	"cells" jsonb NOT NULL,
	CONSTRAINT "compliance_snapshot_row_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position")
);
--> statement-breakpoint
ALTER TABLE "compliance_snapshot" ADD CONSTRAINT "compliance_snapshot_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_snapshot_row" ADD CONSTRAINT "compliance_snapshot_row_snapshot_id_compliance_snapshot_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."compliance_snapshot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_snapshot_row" ADD CONSTRAINT "compliance_snapshot_row_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_snapshot_row" ADD CONSTRAINT "compliance_snapshot_row_invitation_id_company_invitation_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."company_invitation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_snapshot_company_month_uq" ON "compliance_snapshot" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "compliance_snapshot_row_user_idx" ON "compliance_snapshot_row" USING btree ("user_id") WHERE "compliance_snapshot_row"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "compliance_snapshot_row_invitation_idx" ON "compliance_snapshot_row" USING btree ("invitation_id") WHERE "compliance_snapshot_row"."invitation_id" is not null;