ALTER TABLE "outbox" ADD COLUMN "recipients" text[];--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "outbox_recipients_idx" ON "outbox" USING gin ("recipients");