// The welcome mail of a new account, queued right after sign-up.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../platform/db/client.server";
import { user } from "../../platform/db/schema";
import { env } from "../../platform/env.server";
import { renderMail } from "../../platform/mail/render-mail.server";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import "../mail.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    welcome: { userId: string };
  }
}

defineJob("welcome", {
  resendable: true,
  payload: z.object({ userId: z.string() }),
  async run({ userId }) {
    const [row] = await db().select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
    if (!row) return;
    const mail = await renderMail({ kind: "welcome", name: row.name }, { baseUrl: env().PUBLIC_URL });
    await deliverMail({ to: row.email, ...mail });
  },
});
