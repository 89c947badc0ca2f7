// The contact form's server side (docs/decisions.md B7): validate, rate-limit, store, tell the academy.
import { site } from "~/config/site";
import { z } from "zod";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SUBJECTS,
  EMPTY_CONTACT_VALUES,
  HONEYPOT_FIELD,
  contactValuesFrom,
  subjectLabel,
  type ContactField,
  type ContactFieldErrors,
  type ContactInput,
  type ContactSubject,
  type ContactValues,
} from "~/domain/contact-form";
import { fieldErrorsOf } from "~/domain/form-parse";
import { withoutControlChars } from "~/domain/plain-text";
import { db } from "../platform/db/client.server";
import { contactMessage } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { clientIp, LIMITS, takeQuota } from "../platform/rate-limit.server";
import { logger } from "../platform/logger.server";
import { queueMail } from "../platform/outbox/outbox.server";
import { readForm } from "../platform/http/request-body.server";
import { renderMail } from "../platform/mail/render-mail.server";

const m = CONTACT_MESSAGES;
// Characters, not UTF-16 units: an emoji counts once, as the person typing it expects.
const chars = (s: string) => [...s].length;

const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, m.nameRequired)
    .refine((s) => chars(s) <= CONTACT_LIMITS.name, m.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, m.emailRequired)
    .max(CONTACT_LIMITS.email, m.emailTooLong)
    .pipe(z.email(m.emailInvalid)),
  phone: z
    .string()
    .trim()
    .refine((s) => chars(s) <= CONTACT_LIMITS.phone, m.phoneTooLong)
    .refine((s) => s === "" || /^[0-9+\-() ]+$/.test(s), m.phoneInvalid),
  subject: z.enum(CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]], m.subjectRequired),
  message: z
    .string()
    .trim()
    .min(1, m.messageRequired)
    .refine((s) => chars(s) <= CONTACT_LIMITS.message, m.messageTooLong),
});

export function parseContact(
  values: ContactValues,
): { ok: true; data: ContactInput } | { ok: false; fieldErrors: ContactFieldErrors } {
  // Control characters never reach the database (a NUL would make PostgreSQL fail): see plain-text.ts.
  const cleaned = { ...values, name: withoutControlChars(values.name), message: withoutControlChars(values.message, { multiline: true }) };
  const result = contactSchema.safeParse(cleaned);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fieldErrors: fieldErrorsOf<ContactField>(result.error) };
}

export type ContactResult =
  | { status: "success"; values: ContactValues; message: string }
  | { status: "invalid"; values: ContactValues; fieldErrors: ContactFieldErrors; message: string }
  | { status: "rate_limited"; values: ContactValues; message: string }
  | { status: "error"; values: ContactValues; message: string };

/**
 * Stores the message and queues the academy's copy and the sender's acknowledgement in one transaction,
 * within the sender's limit: the mails exist exactly when the message does, and the outbox delivers them
 * even if SMTP is down right now.
 */
async function storeWithinLimit(input: ContactInput, ip: string | null): Promise<"stored" | "rate_limited"> {
  // Without a known address (a direct call), the e-mail address is the sender's identity.
  const key = ip ? `contact-ip:${ip}` : `contact-email:${input.email.toLowerCase()}`;
  if (!(await takeQuota(key, LIMITS.contactPerAddress))) return "rate_limited";
  const [inbox, autoReply] = await Promise.all([notificationFor(input), autoReplyFor(input)]);
  await db().transaction(async (tx) => {
    await tx.insert(contactMessage).values({
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      subject: input.subject,
      message: input.message,
      ip,
    });
    await queueMail(inbox, tx);
    await queueMail(autoReply, tx);
  });
  return "stored";
}

async function autoReplyFor(input: ContactInput) {
  const mail = await renderMail(
    { kind: "contactAutoReply", name: input.name, subjectLabel: subjectLabel(input.subject), message: input.message },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: input.email, ...mail };
}

async function notificationFor(input: ContactInput) {
  const mail = await renderMail(
    {
      kind: "contactInbox",
      name: input.name,
      email: input.email,
      phone: input.phone,
      subjectLabel: subjectLabel(input.subject),
      message: input.message,
      receivedAt: new Date(),
    },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: env().CONTACT_INBOX ?? site.email, ...mail, replyTo: input.email };
}

/** The whole submission: what the contact route's action returns (its HTTP status follows `status`). */
export async function submitContactForm(request: Request): Promise<ContactResult> {
  const read = await readForm(request);
  if (!read.ok) {
    const message = read.status === 413 ? CONTACT_MESSAGES.tooLarge : CONTACT_MESSAGES.invalid;
    return { status: "invalid", values: EMPTY_CONTACT_VALUES, fieldErrors: {}, message };
  }
  const form = read.form;

  const values = contactValuesFrom(form);
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    // Answer a bot as if it had succeeded, so it learns nothing; store and send nothing.
    logger.info({ ip: clientIp(request) }, "contact form honeypot filled: message discarded");
    return { status: "success", values: EMPTY_CONTACT_VALUES, message: CONTACT_MESSAGES.success };
  }

  const parsed = parseContact(values);
  if (!parsed.ok) {
    return { status: "invalid", values, fieldErrors: parsed.fieldErrors, message: CONTACT_MESSAGES.invalid };
  }

  const ip = clientIp(request);
  let outcome: "stored" | "rate_limited";
  try {
    outcome = await storeWithinLimit(parsed.data, ip);
  } catch (error) {
    logger.error({ err: error }, "contact message could not be stored");
    return { status: "error", values, message: CONTACT_MESSAGES.serverError };
  }
  if (outcome === "rate_limited") {
    logger.warn({ ip }, "contact form rate limit reached");
    return { status: "rate_limited", values, message: CONTACT_MESSAGES.rateLimited };
  }

  return { status: "success", values: EMPTY_CONTACT_VALUES, message: CONTACT_MESSAGES.success };
}
