// /admin/mensajes: contact-form messages (docs/decisions.md B4/B7), newest first, marked handled or not.
import { desc, eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { contactMessage } from "../platform/db/schema";
import type { ActionResult } from "~/domain/action-result";
import { pageOf, pageWindow } from "../platform/db/pagination.server";

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
  return { messages: one.rows.map(({ ip: _ip, ...m }) => m), page, hasNext: one.hasNext };
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
