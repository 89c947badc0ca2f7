// A document's mail, rendered when it is delivered (the PDF is read then, not stored in the job): the order's
// receipt with the document attached (or saying it follows), or the document on its own.
import { z } from "zod";
import { deliverMail } from "../../../platform/mail/transport.server";
import { defineJob } from "../../../platform/outbox/jobs.server";
import { documentMailFor } from "../jobs.server";

declare module "../../../platform/outbox/jobs.server" {
  interface JobKinds {
    taxDocumentMail: { documentId: number; receipt: boolean };
  }
}

defineJob("taxDocumentMail", {
  resendable: true,
  payload: z.object({ documentId: z.number().int().positive(), receipt: z.boolean() }),
  async run({ documentId, receipt }) {
    const mail = await documentMailFor(documentId, receipt);
    if (mail) await deliverMail(mail);
  },
});
