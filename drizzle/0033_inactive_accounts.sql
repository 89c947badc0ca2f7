ALTER TABLE "user" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "inactivity_warned_at" timestamp with time zone;--> statement-breakpoint
-- An existing account's last sign-in is its newest session still on record (older ones were removed by retention);
-- without one, the inactivity count starts from the account's creation.
UPDATE "user" SET "last_sign_in_at" = (SELECT max("created_at") FROM "session" WHERE "session"."user_id" = "user"."id");
