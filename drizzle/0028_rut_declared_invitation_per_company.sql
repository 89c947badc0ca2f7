DROP INDEX "user_rut_uq";--> statement-breakpoint
DROP INDEX "company_invitation_open_worker_uq";--> statement-breakpoint
CREATE INDEX "user_rut_idx" ON "user" USING btree ("rut") WHERE "user"."rut" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitation_open_worker_uq" ON "company_invitation" USING btree ("company_id","course_id","email") WHERE "company_invitation"."kind" = 'worker' and "company_invitation"."accepted_at" is null and "company_invitation"."revoked_at" is null;