CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "category_name_uq" ON "category" USING btree (lower("name"));--> statement-breakpoint
-- The list starts with the catalogue's base categories and every category a course already has.
INSERT INTO "category" ("name")
SELECT DISTINCT ON (lower(trim(name))) trim(name) FROM (
  SELECT unnest(ARRAY['Salud', 'Emergencias', 'Primeros Auxilios']) AS name
  UNION ALL
  SELECT category FROM "course" WHERE trim(category) <> ''
) AS names
ORDER BY lower(trim(name)), name
ON CONFLICT DO NOTHING;
