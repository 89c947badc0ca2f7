CREATE TABLE "lesson_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"small_width" integer NOT NULL,
	"large_asset_id" integer NOT NULL,
	"small_asset_id" integer NOT NULL,
	"fallback_asset_id" integer NOT NULL,
	"fallback_format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson" ADD COLUMN "doc" jsonb;--> statement-breakpoint
ALTER TABLE "lesson_image" ADD CONSTRAINT "lesson_image_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_image" ADD CONSTRAINT "lesson_image_large_asset_id_asset_id_fk" FOREIGN KEY ("large_asset_id") REFERENCES "public"."asset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_image" ADD CONSTRAINT "lesson_image_small_asset_id_asset_id_fk" FOREIGN KEY ("small_asset_id") REFERENCES "public"."asset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_image" ADD CONSTRAINT "lesson_image_fallback_asset_id_asset_id_fk" FOREIGN KEY ("fallback_asset_id") REFERENCES "public"."asset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_image_lesson_idx" ON "lesson_image" USING btree ("lesson_id");