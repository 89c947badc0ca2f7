// The enrolment confirmation with the first lesson's link, queued in the enrolment's transaction.
import { z } from "zod";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { enrolmentMailFor } from "../enrolments.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    enrolmentConfirmation: { enrolmentId: number };
  }
}

defineJob("enrolmentConfirmation", {
  resendable: true,
  payload: z.object({ enrolmentId: z.number().int() }),
  async run({ enrolmentId }) {
    const mail = await enrolmentMailFor(enrolmentId);
    if (mail) await deliverMail(mail);
  },
});
