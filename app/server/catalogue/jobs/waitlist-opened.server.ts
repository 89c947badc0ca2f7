// "Avisar a todos" (catalogue/waitlist.server.ts): one job per address claimed, rendered and sent by the worker; an
// address erased meanwhile is skipped.
import { z } from "zod";
import { env } from "../../platform/env.server";
import { renderMail } from "../../platform/mail/render-mail.server";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { waitlistEntry } from "../waitlist.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    waitlistOpened: { waitlistId: number };
  }
}

defineJob("waitlistOpened", {
  payload: z.object({ waitlistId: z.number().int() }),
  async run({ waitlistId }) {
    const entry = await waitlistEntry(waitlistId);
    if (!entry) return;
    const mail = await renderMail({ kind: "waitlistOpened", courseId: entry.courseId, courseTitle: entry.courseTitle }, { baseUrl: env().PUBLIC_URL });
    await deliverMail({ to: entry.email, ...mail });
  },
  resendable: true,
});
