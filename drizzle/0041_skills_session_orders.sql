ALTER TABLE "orders" ADD COLUMN "skills_session_id" integer;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_skills_session_id_skills_session_id_fk" FOREIGN KEY ("skills_session_id") REFERENCES "public"."skills_session"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_booking" ADD CONSTRAINT "skills_booking_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_skills_session_idx" ON "orders" USING btree ("skills_session_id") WHERE "orders"."skills_session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_booking_order_uq" ON "skills_booking" USING btree ("order_id") WHERE "skills_booking"."order_id" is not null;