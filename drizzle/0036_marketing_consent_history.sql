CREATE TABLE "marketing_consent_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"given" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_consent_event" ADD CONSTRAINT "marketing_consent_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_event_user_idx" ON "marketing_consent_event" USING btree ("user_id","at");--> statement-breakpoint
-- The history is append-only: a row says what the person chose and when, and never changes. Deleting rows stays
-- possible, since erasing the person (their suppression request, or an inactive account) deletes their history.
CREATE FUNCTION marketing_consent_event_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'marketing consent history is append-only: event % cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketing_consent_event_guard BEFORE UPDATE ON marketing_consent_event FOR EACH ROW EXECUTE FUNCTION marketing_consent_event_guard();
