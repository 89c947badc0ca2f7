// The one way to build a mail: renderMail(message, { baseUrl }) → { subject, html, text }.
// Sending (and attachments such as the certificate PDF) stays with the caller and mail.server.ts.
import { render } from "@react-email/render";
import { withoutControlChars } from "~/domain/plain-text";
import { mailContext, type MailContent, type MailContext } from "./content.server";
import { MailLayout } from "./layout.server";
import type { MailKind, MailMessage, RenderedMail } from "./messages.server";
import { mailText } from "./plain-text.server";
import { passwordChanged, passwordReset, welcome } from "./templates/account.server";
import {
  orderRejected,
  purchaseReceipt,
  refund,
  transferConfirmed,
  transferInstructions,
} from "./templates/commerce.server";
import { companyEnrolment, companyInvitation, companyManagerAdded, companyManagerInvitation } from "./templates/company.server";
import { contactAutoReply, contactInbox } from "./templates/contact.server";
import { certificate, enrolment } from "./templates/learning.server";

type Templates = { [K in MailKind]: (message: Extract<MailMessage, { kind: K }>, ctx: MailContext) => MailContent };

// A mapped type: adding a kind to MailMessage without its template is a type error here.
const templates: Templates = {
  welcome,
  enrolment,
  certificate,
  contactAutoReply,
  contactInbox,
  passwordReset,
  passwordChanged,
  purchaseReceipt,
  transferInstructions,
  transferConfirmed,
  orderRejected,
  refund,
  companyInvitation,
  companyEnrolment,
  companyManagerInvitation,
  companyManagerAdded,
};

export async function renderMail(message: MailMessage, options: { baseUrl: string }): Promise<RenderedMail> {
  const ctx = mailContext(options.baseUrl);
  const template = templates[message.kind] as (m: MailMessage, ctx: MailContext) => MailContent;
  const content = template(message, ctx);
  const html = await render(<MailLayout content={content} ctx={ctx} />);
  // A course title or company name reaches the Subject header: one line, no control characters.
  const subject = withoutControlChars(content.subject).replace(/\s+/g, " ").trim();
  return { subject, html, text: mailText(content, ctx) };
}
