// Requests to exercise a right under Ley 21.719 (docs/privacy.md): opened by the person from "Mis datos" or by an
// admin for someone who wrote by mail, answered by an admin within the legal deadline. Answering a deletion
// carries it out (deletion.server.ts) in the same transaction, and the answer lists what other laws kept. The person
// is mailed when the request is received and when it is answered (mail.server.ts), in the same transactions.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { parseIsoDay, chileDayStart } from "~/domain/chile-time";
import {
  BLOCKING_KINDS,
  PRIVACY_REQUEST_KINDS,
  responseDueOn,
  type AccessAction,
  type PrivacyRequestKind,
} from "~/domain/privacy";
import { db, type DbOrTx } from "../platform/db/client.server";
import { company, privacyAccessLog, privacyBreach, privacyRequest, user } from "../platform/db/schema";
import { isUniqueViolation } from "../platform/db/errors.server";
import { now } from "../platform/clock.server";
import { recordAudit } from "../platform/audit.server";
import { pageOf, pageWindow } from "../platform/db/pagination.server";
import { env } from "../platform/env.server";
import { renderMail } from "../platform/mail/render-mail.server";
import type { Mail } from "../platform/mail/transport.server";
import { queueJob, queueMail } from "../platform/outbox/outbox.server";
import { erasePerson, subjectOf, type KeptItem } from "./deletion.server";

export type PrivacyRequest = typeof privacyRequest.$inferSelect;

/** The learner's own request (rectification, deletion, opposition, blocking), one pending of each kind. */
export async function openOwnRequest(
  person: { id: string; email: string; name: string },
  kind: PrivacyRequestKind,
  details: string,
): Promise<ActionResult<{ id: number }>> {
  const receivedAt = now();
  const received = await receivedMail({ email: person.email, name: person.name, kind, channel: "web", receivedAt });
  try {
    const row = await db().transaction(async (tx) => {
      const [inserted] = await tx
        .insert(privacyRequest)
        .values({ userId: person.id, email: person.email, name: person.name, kind, channel: "web", details, receivedAt, dueOn: responseDueOn(receivedAt) })
        .returning({ id: privacyRequest.id });
      await queueMail(received, tx);
      return inserted;
    });
    return { ok: true, message: `Recibimos tu solicitud de ${PRIVACY_REQUEST_KINDS[kind].toLowerCase()}. Te responderemos a más tardar el ${formatDue(responseDueOn(receivedAt))}.`, id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error, "privacy_request_pending_uq")) {
      return { ok: false, message: `Ya tienes una solicitud de ${PRIVACY_REQUEST_KINDS[kind].toLowerCase()} pendiente. Te responderemos dentro del plazo.`, status: 409 };
    }
    throw error;
  }
}

/** A request that arrived by mail, registered by an admin with the day it arrived (the deadline counts from it). */
export async function openMailRequest(
  adminId: string,
  input: { email: string; name: string; kind: PrivacyRequestKind; receivedOn: string; details: string },
): Promise<ActionResult<{ id: number }>> {
  const day = parseIsoDay(input.receivedOn);
  if (!day) return { ok: false, message: "Indica la fecha en que llegó la solicitud.", field: "receivedOn", status: 400 };
  const receivedAt = chileDayStart(day);
  if (receivedAt.getTime() > now().getTime()) return { ok: false, message: "La fecha de recepción no puede ser futura.", field: "receivedOn", status: 400 };
  const received = await receivedMail({ email: input.email, name: input.name, kind: input.kind, channel: "mail", receivedAt });
  return db().transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id }).from(user).where(and(sql`lower(${user.email}) = ${input.email}`, sql`${user.deletedAt} is null`)).limit(1);
    try {
      const [row] = await tx
        .insert(privacyRequest)
        .values({ userId: account?.id ?? null, email: input.email, name: input.name, kind: input.kind, channel: "mail", details: input.details, receivedAt, dueOn: responseDueOn(receivedAt), openedBy: adminId })
        .returning({ id: privacyRequest.id });
      await recordAudit(tx, { actorId: adminId, action: "privacy.request_opened", subject: { type: "privacy_request", id: row!.id }, after: { kind: input.kind } });
      await queueMail(received, tx);
      return { ok: true as const, message: account ? "Solicitud registrada y asociada a la cuenta con ese correo." : "Solicitud registrada. No hay una cuenta con ese correo.", id: row!.id };
    } catch (error) {
      if (isUniqueViolation(error, "privacy_request_pending_uq")) return { ok: false as const, message: "Esa persona ya tiene una solicitud de ese tipo pendiente.", field: "kind", status: 409 };
      throw error;
    }
  });
}

/** The "we received it" mail, with the legal deadline. */
async function receivedMail(r: { email: string; name: string; kind: PrivacyRequestKind; channel: "web" | "mail"; receivedAt: Date }): Promise<Mail> {
  const mail = await renderMail(
    { kind: "privacyRequestReceived", name: r.name, requestKind: r.kind, channel: r.channel, receivedAt: r.receivedAt, dueOn: responseDueOn(r.receivedAt) },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: r.email, ...mail };
}

function formatDue(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}-${m}-${y}`;
}

export async function listOwnRequests(userId: string, tx: DbOrTx = db()): Promise<PrivacyRequest[]> {
  return tx.select().from(privacyRequest).where(eq(privacyRequest.userId, userId)).orderBy(desc(privacyRequest.receivedAt)).limit(50);
}

/** While a rectification, deletion, opposition or blocking request is pending, the person's data is blocked. */
export async function isProcessingBlocked(userId: string, tx: DbOrTx = db()): Promise<boolean> {
  const [row] = await tx
    .select({ id: privacyRequest.id })
    .from(privacyRequest)
    .where(and(eq(privacyRequest.userId, userId), eq(privacyRequest.status, "pending"), inArray(privacyRequest.kind, [...BLOCKING_KINDS])))
    .limit(1);
  return !!row;
}

/** The admin's list: pending first (oldest deadline first), then the answered ones, newest first. */
export async function listRequests(page: number, tx: DbOrTx = db()) {
  const { limit, offset } = pageWindow(page);
  const rows = await tx
    .select()
    .from(privacyRequest)
    .orderBy(sql`case when ${privacyRequest.status} = 'pending' then 0 else 1 end`, sql`case when ${privacyRequest.status} = 'pending' then ${privacyRequest.dueOn} end asc`, desc(privacyRequest.receivedAt), asc(privacyRequest.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows, page);
}

export async function getRequest(id: number, tx: DbOrTx = db()): Promise<PrivacyRequest | null> {
  const [row] = await tx.select().from(privacyRequest).where(eq(privacyRequest.id, id)).limit(1);
  return row ?? null;
}

/**
 * The admin's answer. A deletion accepted erases the person (if they have an account) in the same transaction, and
 * its answer lists each kept item with its reason. The row is locked: two admins answering at once, or the same
 * form sent twice, answer once.
 */
export async function answerRequest(
  adminId: string,
  id: number,
  decision: "done" | "refused",
  answer: string,
): Promise<ActionResult<{ kept: KeptItem[] }>> {
  return db().transaction(async (tx) => {
    const [request] = await tx.select().from(privacyRequest).where(eq(privacyRequest.id, id)).for("update").limit(1);
    if (!request) return { ok: false as const, message: "La solicitud no existe.", status: 404 };
    if (request.status !== "pending") return { ok: false as const, message: "Esta solicitud ya fue respondida.", status: 409 };
    let kept: KeptItem[] = [];
    let text = answer;
    let erased = false;
    if (decision === "done" && request.kind === "deletion" && request.userId) {
      if (request.userId === adminId) return { ok: false as const, message: "No puedes eliminar tu propia cuenta desde aquí: pide a otro administrador que responda.", status: 409 };
      const subject = await subjectOf(tx, request.userId);
      if (subject) {
        kept = await erasePerson(tx, subject);
        erased = true;
      }
      if (kept.length) {
        text += `\n\nSe conservan, porque otra ley lo exige:\n${kept.map((k) => `- ${k.item} (${k.count}): ${k.reason}`).join("\n")}`;
      }
    }
    await tx
      .update(privacyRequest)
      .set({ status: decision, answer: text, answeredAt: now(), answeredBy: adminId, keptItems: kept.length ? kept.map(({ item, reason }) => ({ item, reason })) : null })
      .where(eq(privacyRequest.id, id));
    // To the address the request came from (`request` was read before any erasure).
    const rendered = await renderMail(
      { kind: "privacyRequestAnswered", name: request.name, requestKind: request.kind as PrivacyRequestKind, decision, answer: text, hasAccount: !!request.userId && !erased },
      { baseUrl: env().PUBLIC_URL },
    );
    const mail = { to: request.email, ...rendered };
    if (erased) await queueJob({ kind: "privacyErasedAnswer", mail }, tx);
    else await queueMail(mail, tx);
    await recordAudit(tx, { actorId: adminId, action: "privacy.request_answered", subject: { type: "privacy_request", id }, before: { status: "pending" }, after: { status: decision, kind: request.kind } });
    return { ok: true as const, message: decision === "done" ? "Solicitud respondida." : "Solicitud rechazada y respondida.", kept };
  });
}

/** Records who exported or looked at a person's (or a company's workers') data. */
export async function logAccess(entry: { actorId: string; actorEmail: string; action: AccessAction; subjectUserId?: string | null; subjectCompanyId?: number | null }, tx: DbOrTx = db()): Promise<void> {
  await tx.insert(privacyAccessLog).values({ at: now(), actorId: entry.actorId, actorEmail: entry.actorEmail, action: entry.action, subjectUserId: entry.subjectUserId ?? null, subjectCompanyId: entry.subjectCompanyId ?? null });
}

/** Views by one admin of one person's page count once per this window: reloading or acting on the page adds nothing. */
const VIEW_WINDOW_MS = 10 * 60_000;

/**
 * Records that an admin opened a page showing one person's data (their user file, one of their orders): one
 * statement, skipped when the same admin opened the same kind of page about the same person within the window.
 */
export async function logAdminView(admin: { id: string; email: string }, action: "admin.view_user" | "admin.view_order", subjectUserId: string, tx: DbOrTx = db()): Promise<void> {
  const at = now();
  const since = new Date(at.getTime() - VIEW_WINDOW_MS);
  await tx.execute(sql`
    insert into privacy_access_log (at, actor_id, actor_email, subject_user_id, action)
    select ${at.toISOString()}::timestamptz, ${admin.id}, ${admin.email}, ${subjectUserId}, ${action}
    where not exists (
      select 1 from privacy_access_log
      where subject_user_id = ${subjectUserId} and actor_id = ${admin.id} and action = ${action} and at > ${since.toISOString()}::timestamptz)`);
}

export async function listAccessLog(subjectUserId: string | null, tx: DbOrTx = db()) {
  return tx
    .select({
      at: privacyAccessLog.at,
      actorEmail: privacyAccessLog.actorEmail,
      action: privacyAccessLog.action,
      subjectUserId: privacyAccessLog.subjectUserId,
      subjectCompanyId: privacyAccessLog.subjectCompanyId,
      subjectName: user.name,
      subjectCompanyName: company.name,
    })
    .from(privacyAccessLog)
    .leftJoin(user, eq(user.id, privacyAccessLog.subjectUserId))
    .leftJoin(company, eq(company.id, privacyAccessLog.subjectCompanyId))
    .where(subjectUserId ? eq(privacyAccessLog.subjectUserId, subjectUserId) : undefined)
    .orderBy(desc(privacyAccessLog.at), desc(privacyAccessLog.id))
    .limit(50);
}

export async function recordBreach(
  adminId: string,
  input: { description: string; detectedOn: string; affected: string; measures: string; reportedOn: string },
): Promise<ActionResult<{ id: number }>> {
  const detected = parseIsoDay(input.detectedOn);
  if (!detected) return { ok: false, message: "Indica cuándo se detectó.", field: "detectedOn", status: 400 };
  const reported = input.reportedOn ? parseIsoDay(input.reportedOn) : null;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyBreach)
      .values({ description: input.description, detectedAt: chileDayStart(detected), affected: input.affected, measures: input.measures, reportedAt: reported ? chileDayStart(reported) : null, createdBy: adminId })
      .returning({ id: privacyBreach.id });
    await recordAudit(tx, { actorId: adminId, action: "privacy.breach_recorded", subject: { type: "privacy_breach", id: row!.id } });
    return { ok: true as const, message: "Brecha registrada.", id: row!.id };
  });
}

export async function listBreaches(tx: DbOrTx = db()) {
  return tx.select().from(privacyBreach).orderBy(desc(privacyBreach.detectedAt), desc(privacyBreach.id)).limit(100);
}
