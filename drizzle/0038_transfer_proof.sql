CREATE TABLE "transfer_proof" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"filename" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_proof" ADD CONSTRAINT "transfer_proof_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_proof" ADD CONSTRAINT "transfer_proof_asset_id_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."asset"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_proof" ADD CONSTRAINT "transfer_proof_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_proof_order_idx" ON "transfer_proof" USING btree ("order_id","uploaded_at");