// The answer to a deletion that was carried out: the person's address has just been erased everywhere, yet the
// answer must reach it. The mail waits in the outbox like any other, and its row is deleted once delivered (or
// failed for good), so no copy of the address or the name stays behind as a sent mail would.
import { z } from "zod";
import { deliverMail, type Mail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    privacyErasedAnswer: { mail: Mail };
  }
}

defineJob("privacyErasedAnswer", {
  payload: z.object({ mail: z.object({ to: z.string().min(1), subject: z.string(), text: z.string(), html: z.string().optional() }) }),
  run: ({ mail }) => deliverMail(mail),
  forgetWhenDone: true,
});
