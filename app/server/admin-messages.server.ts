// /admin/mensajes: contact-form messages (decisions.md B4/B7), newest first, marked handled or not.
import { desc, eq } from "drizzle-orm";
import { db } from "./db/client.server";
import { contactMessage } from "./db/schema";
import { PAGE_SIZE } from "~/domain/admin-forms";
import type { ActionResult } from "~/domain/action-result";

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
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  return {
    messages: rows.slice(0, PAGE_SIZE).map(({ ip: _ip, ...m }) => m),
    page,
    hasNext: rows.length > PAGE_SIZE,
  };
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
