ALTER TABLE "certificate" ADD COLUMN "holder_rut" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "rut" text;--> statement-breakpoint
CREATE UNIQUE INDEX "user_rut_uq" ON "user" USING btree ("rut") WHERE "user"."rut" is not null;