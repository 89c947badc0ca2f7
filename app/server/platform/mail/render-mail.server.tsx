// The one way to build a mail: renderMail(message, { baseUrl }) → { subject, html, text }.
// Sending (and attachments such as the certificate PDF) stays with the caller and platform/mail/transport.server.ts.
import { renderToStaticMarkup } from "react-dom/server";
import { withoutControlChars } from "~/domain/plain-text";
import { mailContext, type MailContent, type MailContext } from "./content.server";
import { MailLayout } from "./layout.server";
import type { MailMessage, RenderedMail } from "./messages.server";
import { mailText } from "./plain-text.server";
import { mailTemplate } from "./templates.server";

export async function renderMail(message: MailMessage, options: { baseUrl: string }): Promise<RenderedMail> {
  const { ctx, content, element } = mailElement(message, options);
  const html = renderHtml(element);
  // A course title or company name reaches the Subject header: one line, no control characters.
  const subject = withoutControlChars(content.subject).replace(/\s+/g, " ").trim();
  return { subject, html, text: mailText(content, ctx) };
}

/** The React tree of a mail's HTML part (exported so a test can render it the way react-email does). */
export function mailElement(message: MailMessage, options: { baseUrl: string }) {
  const ctx = mailContext(options.baseUrl);
  const template = mailTemplate(message.kind) as (m: MailMessage, ctx: MailContext) => MailContent;
  const content = template(message, ctx);
  return { ctx, content, element: <MailLayout content={content} ctx={ctx} /> };
}

/**
 * The document @react-email/render makes, at a fraction of its CPU (docs/performance-log.md): it streams through
 * web streams and waits for Suspense, which these mails never
 * use, so React's one-pass static render gives the same markup. Like it, the XHTML doctype mail clients
 * expect, and without the image preload React puts in <head> (no mail client preloads).
 */
export function renderHtml(element: React.ReactElement): string {
  const markup = renderToStaticMarkup(element).replace(/<link rel="preload" as="image"[^>]*>/g, "");
  return `${XHTML_DOCTYPE}${markup}`;
}

const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
