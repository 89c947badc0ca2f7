// A company mail, stored as its data and rendered by the worker: a 1 000-row upload then queues its mails in
// two inserts instead of rendering 1 000 of them while it holds the company's seat lock.
import { z } from "zod";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { renderCompanyMail } from "../companies.server";
import type { CompanyMailMessage } from "../mail.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    companyMail: { to: string; message: CompanyMailMessage };
  }
}

const course = z.object({ id: z.number().int(), title: z.string() });
// JSON keeps an invitation's expiry as text: the schema brings the Date back.
const expiresAt = z.coerce.date();
const message = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("companyInvitation"), name: z.string(), companyName: z.string(), course, acceptUrl: z.string(), expiresAt, hasAccount: z.boolean().optional() }),
  z.object({ kind: z.literal("companyEnrolment"), name: z.string(), companyName: z.string(), course, startPath: z.string(), renewal: z.boolean().optional() }),
  z.object({ kind: z.literal("companyManagerInvitation"), name: z.string(), companyName: z.string(), acceptUrl: z.string(), expiresAt }),
  z.object({ kind: z.literal("companyManagerAdded"), name: z.string(), companyName: z.string(), portalPath: z.string() }),
  z.object({ kind: z.literal("companyReminder"), name: z.string(), companyName: z.string(), course, startPath: z.string(), progress: z.string().nullable(), dueOn: z.string().nullable().optional() }),
  z.object({ kind: z.literal("companySeatReleased"), name: z.string(), companyName: z.string(), course }),
]);

defineJob("companyMail", {
  resendable: true,
  payload: z.object({ to: z.string().min(1), message }),
  async run({ to, message }) {
    await deliverMail({ to, ...(await renderCompanyMail(message)) });
  },
});
