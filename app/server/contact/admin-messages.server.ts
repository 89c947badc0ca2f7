// /admin/mensajes: contact-form messages (docs/decisions.md B4/B7), newest first, marked handled or not, and
// answered from the page: the answer is mailed to the person and kept with the message.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { contactMessage, contactReply, user } from "../platform/db/schema";
import type { ActionResult } from "~/domain/action-result";
import { CONTACT_REPLY_MAX, contactReplyMessages as R, subjectLabel } from "~/domain/contact-form";
import { withoutControlChars } from "~/domain/plain-text";
import { pageOf, pageWindow } from "../platform/db/pagination.server";
import { now } from "../platform/clock.server";
import { env } from "../platform/env.server";
import { queueMail } from "../platform/outbox/outbox.server";
import { renderMail } from "../platform/mail/render-mail.server";
import { site } from "~/config/site";

export const adminMessageTexts = {
  handled: "Mensaje marcado como atendido.",
  unhandled: "Mensaje marcado como pendiente.",
  notFound: "El mensaje ya no existe.",
} as const;

/** One page, newest first (index on created_at); `hasNext` from one extra row. */
export async function listMessages(page: number) {
  const rows = await db()
    .select()
    .from(contactMessage)
    .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
    .limit(pageWindow(page).limit)
    .offset(pageWindow(page).offset);
  const one = pageOf(rows, page);
  const ids = one.rows.map((m) => m.id);
  // The page's answers in one query, oldest first under each message.
  const replies = ids.length
    ? await db()
        .select({ messageId: contactReply.messageId, body: contactReply.body, sentAt: contactReply.sentAt, by: user.name })
        .from(contactReply)
        .leftJoin(user, eq(user.id, contactReply.byUserId))
        .where(inArray(contactReply.messageId, ids))
        .orderBy(asc(contactReply.sentAt), asc(contactReply.id))
    : [];
  return {
    messages: one.rows.map(({ ip: _ip, ...m }) => ({
      ...m,
      replies: replies.filter((r) => r.messageId === m.id).map((r) => ({ body: r.body, sentAt: r.sentAt, by: r.by ?? "Administración" })),
    })),
    page,
    hasNext: one.hasNext,
  };
}

/** How long the same answer to the same message counts as a repeat of the one already sent. */
const RESEND_WINDOW_MS = 10 * 60 * 1000;

export type ReplyResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string | null; fieldError?: string };

/**
 * Mails an administrator's answer to a message's sender and keeps it, marking the message handled, in one
 * transaction with the mail's outbox row: an answer is never recorded without its mail, nor mailed twice by a
 * double submit (the message row is locked, and the same text again within minutes is taken as sent).
 */
export async function replyToMessage(input: { messageId: number; adminId: string; body: string }): Promise<ReplyResult> {
  const body = withoutControlChars(input.body.replace(/\r\n?/g, "\n"), { multiline: true }).trim();
  if (!body) return { ok: false, status: 400, message: null, fieldError: R.required };
  if (body.length > CONTACT_REPLY_MAX) return { ok: false, status: 400, message: null, fieldError: R.tooLong };
  return db().transaction(async (tx) => {
    const [m] = await tx.select().from(contactMessage).where(eq(contactMessage.id, input.messageId)).for("update");
    if (!m) return { ok: false, status: 404, message: R.notFound };
    const at = now();
    // The same answer again within minutes is a double submit or a replayed form: it was sent already.
    const [last] = await tx
      .select({ body: contactReply.body, sentAt: contactReply.sentAt })
      .from(contactReply)
      .where(eq(contactReply.messageId, m.id))
      .orderBy(desc(contactReply.sentAt), desc(contactReply.id))
      .limit(1);
    if (last && last.body === body && at.getTime() - last.sentAt.getTime() < RESEND_WINDOW_MS) return { ok: true, message: R.sent(m.email) };
    await tx.insert(contactReply).values({ messageId: m.id, body, byUserId: input.adminId, sentAt: at });
    if (!m.handledAt) await tx.update(contactMessage).set({ handledAt: at }).where(eq(contactMessage.id, m.id));
    const mail = await renderMail(
      { kind: "contactReply", name: m.name, subjectLabel: subjectLabel(m.subject), reply: body, message: m.message, writtenAt: m.createdAt },
      { baseUrl: env().PUBLIC_URL },
    );
    // The person answers to the academy's inbox, not to whichever administrator wrote.
    await queueMail({ to: m.email, ...mail, replyTo: env().CONTACT_INBOX ?? site.email }, tx);
    return { ok: true, message: R.sent(m.email) };
  });
}

export async function setMessageHandled(id: number, handled: boolean): Promise<ActionResult> {
  const updated = await db()
    .update(contactMessage)
    .set({ handledAt: handled ? new Date() : null })
    .where(eq(contactMessage.id, id))
    .returning({ id: contactMessage.id });
  if (updated.length === 0) return { ok: false, message: adminMessageTexts.notFound };
  return { ok: true, message: handled ? adminMessageTexts.handled : adminMessageTexts.unhandled };
}
