// "Your password was changed": queued when it changes, rendered and queued as a mail by the worker.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../platform/db/client.server";
import { user } from "../../platform/db/schema";
import { env } from "../../platform/env.server";
import { renderMail } from "../../platform/mail/render-mail.server";
import { now } from "../../platform/clock.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { queueMail } from "../../platform/outbox/outbox.server";
import "../mail.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    passwordChangedNotice: { userId: string };
  }
}

defineJob("passwordChangedNotice", {
  payload: z.object({ userId: z.string() }),
  async run({ userId }) {
    const [row] = await db().select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
    if (!row) return;
    const mail = await renderMail({ kind: "passwordChanged", name: row.name, changedAt: now() }, { baseUrl: env().PUBLIC_URL });
    await queueMail({ to: row.email, ...mail });
  },
});
