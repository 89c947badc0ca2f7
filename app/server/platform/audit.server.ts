// The audit log: who changed what that touches money or access, from what to what, and when. One call,
// recordAudit(tx, …), inside the transaction of the change itself, so a change and its record are written
// together or not at all. The table is append-only in the database (a trigger refuses UPDATE, DELETE and
// TRUNCATE), so neither a bug nor a console session can rewrite it.
//
// before/after hold the fields the action changed, not whole rows: identifiers and the values that moved
// (a role, a status, an amount), never passwords, tokens or documents.
import { and, desc, eq, type SQL } from "drizzle-orm";
import { db, type DbOrTx } from "./db/client.server";
import { auditEvent, user } from "./db/schema";
import { now } from "./clock.server";
import type { AuditAction } from "~/domain/audit";

export interface AuditEntry {
  /** The admin who acted; null when the academy acted by itself (a scheduled job, a provider's callback). */
  actorId: string | null;
  action: AuditAction;
  subject: { type: string; id: string | number; label?: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

/** Adds one record, in the caller's transaction. The actor's e-mail is kept as it is now. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  let actorEmail: string | null = null;
  if (entry.actorId) {
    const [actor] = await tx.select({ email: user.email }).from(user).where(eq(user.id, entry.actorId)).limit(1);
    actorEmail = actor?.email ?? null;
  }
  await tx.insert(auditEvent).values({
    at: now(),
    actorId: entry.actorId,
    actorEmail,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: String(entry.subject.id),
    subjectLabel: entry.subject.label ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}

export type AuditRecord = typeof auditEvent.$inferSelect;

export interface AuditFilters {
  action?: AuditAction;
  subject?: { type: string; id: string };
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of records, newest first; `hasNext` from one extra row. */
export async function listAuditEvents(filters: AuditFilters, page: number, tx: DbOrTx = db()) {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditEvent.action, filters.action));
  if (filters.subject) conditions.push(eq(auditEvent.subjectType, filters.subject.type), eq(auditEvent.subjectId, filters.subject.id));
  const rows = await tx
    .select()
    .from(auditEvent)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvent.at), desc(auditEvent.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { events: rows.slice(0, AUDIT_PAGE_SIZE), page, hasNext: rows.length > AUDIT_PAGE_SIZE };
}
