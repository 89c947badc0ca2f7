ALTER TABLE "company_enrolment" ADD COLUMN "sucursal" text;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "faena" text;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "centro_costo" text;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD COLUMN "sucursal" text;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD COLUMN "faena" text;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD COLUMN "centro_costo" text;