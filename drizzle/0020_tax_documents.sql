CREATE TABLE "tax_buyer" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"receipt" text NOT NULL,
	"rut" text,
	"business_name" text,
	"giro" text,
	"address" text,
	"comuna" text,
	"purchase_order" text,
	"sence_action_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"draft" jsonb NOT NULL,
	"total_clp" integer NOT NULL,
	"folio" integer,
	"provider_token" text,
	"sii_status" text,
	"issued_at" timestamp with time zone,
	"pdf_asset_id" integer,
	"credits_document_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"uncertain_since" timestamp with time zone,
	"buyer_notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_document_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "tax_document_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"event" text NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "comuna" text;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "tax_treatment" text DEFAULT 'exempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_buyer" ADD CONSTRAINT "tax_buyer_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document" ADD CONSTRAINT "tax_document_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document" ADD CONSTRAINT "tax_document_pdf_asset_id_asset_id_fk" FOREIGN KEY ("pdf_asset_id") REFERENCES "public"."asset"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document" ADD CONSTRAINT "tax_document_credits_document_id_tax_document_id_fk" FOREIGN KEY ("credits_document_id") REFERENCES "public"."tax_document"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_event" ADD CONSTRAINT "tax_document_event_document_id_tax_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_document"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_event" ADD CONSTRAINT "tax_document_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_document_order_kind_uq" ON "tax_document" USING btree ("order_id","kind") WHERE "tax_document"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "tax_document_state_idx" ON "tax_document" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "tax_document_event_document_idx" ON "tax_document_event" USING btree ("document_id","id");