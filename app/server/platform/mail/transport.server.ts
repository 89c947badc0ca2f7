// Delivery of one message: SMTP when SMTP_URL is set; otherwise the message is written to DATA_DIR/outbox
// as an .eml file and its links are logged (a laptop needs no mail server). Nothing calls this directly:
// mail is queued in the outbox (outbox.server.ts) and delivered by its worker, with retries.
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { site } from "~/config/site";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { noteDelivered } from "./deliveries.server";

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64: the outbox keeps the message whole until it is delivered. */
  contentBase64: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

/**
 * SMTP_URL as nodemailer options, with time limits: nodemailer's defaults (up to 10 minutes of silence)
 * would hold the outbox worker far longer than its lease on the job.
 */
function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}

let transport: Transporter | undefined;
let transportKey: string | undefined;

function getTransport(): Transporter {
  const key = env().SMTP_URL ?? "outbox";
  if (!transport || transportKey !== key) {
    const url = env().SMTP_URL;
    transport = url
      ? nodemailer.createTransport(smtpOptions(url))
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transportKey = key;
  }
  return transport;
}

export function mailFrom() {
  return env().MAIL_FROM ?? `"${site.name}" <${site.email}>`;
}

/** Sends one message now; throws when the SMTP server or the disk refuses it (the outbox retries). */
export async function deliverMail(mail: Mail): Promise<void> {
  const info = await getTransport().sendMail({
    from: mailFrom(),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, "base64") })),
  });
  noteDelivered({ to: mail.to, subject: mail.subject });
  if (!env().SMTP_URL) {
    const dir = path.join(env().DATA_DIR, "outbox");
    await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-z0-9]/gi, "").slice(0, 16)}.eml`);
    // Owner-only: these files hold password-reset links.
    await fs.promises.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    logger.info({ to: mail.to, subject: mail.subject, file, links }, "mail written to outbox (no SMTP_URL)");
  } else {
    logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
  }
}
