ALTER TABLE "certificate" ALTER COLUMN "hours" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "course" ALTER COLUMN "duration_hours" DROP NOT NULL;