// Someone tried to register with an address that already has an account. Sign-up answers them as it answers a
// new address (docs/decisions.md B12); the owner is told here, with the way in (sign in, or reset the password).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../platform/db/client.server";
import { user } from "../../platform/db/schema";
import { env } from "../../platform/env.server";
import { renderMail } from "../../platform/mail/render-mail.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { queueMail } from "../../platform/outbox/outbox.server";
import "../mail.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    signUpAttemptNotice: { userId: string; attemptedAt: Date };
  }
}

defineJob("signUpAttemptNotice", {
  payload: z.object({ userId: z.string(), attemptedAt: z.coerce.date() }),
  async run({ userId, attemptedAt }) {
    const [row] = await db().select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
    if (!row) return;
    const mail = await renderMail({ kind: "signUpAttempt", name: row.name, attemptedAt }, { baseUrl: env().PUBLIC_URL });
    await queueMail({ to: row.email, ...mail });
  },
});
