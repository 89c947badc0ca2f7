// The certificate mail, with its PDF: rendered by the worker, not inside the transaction that issued it.
import { z } from "zod";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { certificateMailFor } from "../certificates.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    certificateIssued: { code: string };
  }
}

defineJob("certificateIssued", {
  resendable: true,
  payload: z.object({ code: z.string() }),
  async run({ code }) {
    const mail = await certificateMailFor(code);
    if (mail) await deliverMail(mail);
  },
});
