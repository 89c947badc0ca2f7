// Outgoing mail: SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as .eml.
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { site } from "~/config/site";
import { env } from "./env.server";
import { logger } from "./logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

let transport: Transporter | undefined;
let transportKey: string | undefined;

function getTransport(): Transporter {
  const key = env().SMTP_URL ?? "outbox";
  if (!transport || transportKey !== key) {
    transport = env().SMTP_URL
      ? nodemailer.createTransport(env().SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transportKey = key;
  }
  return transport;
}

export function mailFrom() {
  return env().MAIL_FROM ?? `"${site.name}" <${site.email}>`;
}

export async function sendMail(mail: Mail): Promise<void> {
  const info = await getTransport().sendMail({ from: mailFrom(), ...mail });
  if (!env().SMTP_URL) {
    const dir = path.join(env().DATA_DIR, "outbox");
    await fs.promises.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-z0-9]/gi, "").slice(0, 16)}.eml`);
    await fs.promises.writeFile(file, (info as unknown as { message: Buffer }).message);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    logger.info({ to: mail.to, subject: mail.subject, file, links }, "mail written to outbox (no SMTP_URL)");
  } else {
    logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
  }
}
