ALTER TABLE "user" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "privacy_notice_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_consent_at" timestamp with time zone;