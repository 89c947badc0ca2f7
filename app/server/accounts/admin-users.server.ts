// /admin/usuarios: search and page through accounts, change roles, disable and enable accounts.
import { roleOf } from "~/domain/permissions";
import { and, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { db, type Tx } from "../platform/db/client.server";
import { session, user } from "../platform/db/schema";
import { recordAudit } from "../platform/audit.server";
import { userActionSchema } from "~/domain/admin-user-forms";
import { normalizeRut } from "~/domain/rut";
import type { ActionResult } from "~/domain/action-result";
import { pageOf, pageOfList, pageWindow } from "../platform/db/pagination.server";

export const adminUserMessages = {
  notFound: "No se encontró el usuario.",
  invalid: "La solicitud no es válida.",
  ownRole: "No puedes quitarte tu propio rol de administrador.",
  ownAccount: "No puedes deshabilitar tu propia cuenta.",
  lastAdmin: "Debe quedar al menos un administrador activo.",
  notAdminAnymore: "Tu cuenta ya no tiene permisos de administrador.",
  madeAdmin: (name: string) => `${name} ahora es administrador.`,
  madeUser: (name: string) => `${name} ahora es usuario.`,
  disabled: (name: string) => `Se deshabilitó la cuenta de ${name} y se cerraron sus sesiones.`,
  enabled: (name: string) => `Se habilitó la cuenta de ${name}.`,
} as const;

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  banned: boolean;
  createdAt: Date;
}

/** Words of a search, as the 'simple' text-search parser splits a name (letters and digits). */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6);
}

function searchCondition(q: string) {
  const trimmed = q.trim().toLowerCase();
  if (!trimmed) return undefined;
  // A valid RUT, typed in any form, is looked up exactly (unique index on user.rut).
  const rut = normalizeRut(trimmed);
  if (rut) return eq(user.rut, rut);
  // The start of the e-mail (index on lower(email) text_pattern_ops) or every word starting a word of
  // the name (GIN index on to_tsvector('simple', name)): both use an index, neither needs an extension.
  const emailPrefix = like(sql`lower(${user.email})`, `${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const words = searchWords(trimmed);
  // Something with an '@' is an e-mail: the name index has nothing to add.
  if (words.length === 0 || trimmed.includes("@")) return emailPrefix;
  const tsquery = words.map((w) => `${w}:*`).join(" & ");
  return or(emailPrefix, sql`to_tsvector('simple', ${user.name}) @@ to_tsquery('simple', ${tsquery})`);
}

const rowColumns = { id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned, createdAt: user.createdAt };

// A search matching at most this many accounts is answered from its exact set of matches.
const SEARCH_CANDIDATES = 1000;

function toRows(rows: { id: string; name: string; email: string; role: string; banned: boolean; createdAt: Date }[]): AdminUserRow[] {
  return rows.map((r) => ({ ...r, role: roleOf(r) }));
}

/**
 * One page in (created_at desc, id desc) order. The page's ids are found first from the index alone and
 * only those 25 rows are read (a "deferred join"), so a deep page does not read every row it skips.
 */
async function orderedPage(condition: SQL | undefined, page: number) {
  const ids = db()
    .select({ id: user.id })
    .from(user)
    .where(condition)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(pageWindow(page).limit)
    .offset(pageWindow(page).offset)
    .as("page_ids");
  const rows = await db()
    .select(rowColumns)
    .from(user)
    .innerJoin(ids, eq(ids.id, user.id))
    .orderBy(desc(user.createdAt), desc(user.id));
  const one = pageOf(rows, page);
  return { users: toRows(one.rows), page, hasNext: one.hasNext };
}

/**
 * A search first collects its matches through the two search indexes only (bitmap scans: the planner
 * cannot guess how rare a name prefix is and would otherwise filter the whole table in date order).
 * A rare term — the usual case: a person's name or e-mail — is then sorted and paged in memory; a term
 * so common that it matches more than SEARCH_CANDIDATES accounts is paged in date order, where its
 * matches are dense enough to be found quickly.
 */
async function searchPage(condition: SQL, page: number) {
  const candidates = await db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return tx
      .select({ id: user.id, createdAt: user.createdAt })
      .from(user)
      .where(condition)
      .limit(SEARCH_CANDIDATES + 1);
  });
  if (candidates.length > SEARCH_CANDIDATES) return orderedPage(condition, page);
  candidates.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const { rows: slice, hasNext } = pageOfList(candidates, page);
  const rows = slice.length ? await db().select(rowColumns).from(user).where(inArray(user.id, slice.map((c) => c.id))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = slice.map((c) => byId.get(c.id)).filter((r): r is NonNullable<typeof r> => r !== undefined);
  return { users: toRows(ordered), page, hasNext };
}

/** One page (25) of accounts, newest first; `hasNext` without counting the table. */
export async function listUsers(options: { q?: string; page: number }) {
  const condition = searchCondition(options.q ?? "");
  return condition ? searchPage(condition, options.page) : orderedPage(undefined, options.page);
}

/**
 * Changes run in a transaction that locks the active admins' rows, re-checks that the acting admin is
 * still one, and never leaves the academy without an active admin — even when two admins demote or
 * disable each other at the same moment.
 */
async function withAdminLock(actorId: string, fn: (tx: Tx, activeAdmins: string[]) => Promise<ActionResult>) {
  return db().transaction(async (tx) => {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, "admin"), eq(user.banned, false)))
      .orderBy(user.id)
      .for("update");
    const ids = admins.map((a) => a.id);
    if (!ids.includes(actorId)) return { ok: false, message: adminUserMessages.notAdminAnymore };
    return fn(tx, ids);
  });
}

const userSubject = (target: { id: string; email: string }) => ({ type: "user", id: target.id, label: target.email });

export async function setUserRole(actorId: string, targetId: string, role: "user" | "admin"): Promise<ActionResult> {
  if (actorId === targetId && role !== "admin") return { ok: false, message: adminUserMessages.ownRole };
  return withAdminLock(actorId, async (tx, activeAdmins) => {
    const [target] = await tx.select().from(user).where(eq(user.id, targetId)).limit(1).for("update");
    if (!target) return { ok: false, message: adminUserMessages.notFound };
    if (role === "user" && activeAdmins.includes(target.id) && activeAdmins.length <= 1) {
      return { ok: false, message: adminUserMessages.lastAdmin };
    }
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, targetId));
    if (target.role !== role) {
      await recordAudit(tx, { actorId, action: "user.role", subject: userSubject(target), before: { role: target.role }, after: { role } });
    }
    return { ok: true, message: role === "admin" ? adminUserMessages.madeAdmin(target.name) : adminUserMessages.madeUser(target.name) };
  });
}

/** Disabling signs the person out everywhere (their sessions are deleted); sign-in then refuses them. */
export async function setUserBanned(actorId: string, targetId: string, banned: boolean): Promise<ActionResult> {
  if (actorId === targetId && banned) return { ok: false, message: adminUserMessages.ownAccount };
  return withAdminLock(actorId, async (tx, activeAdmins) => {
    const [target] = await tx.select().from(user).where(eq(user.id, targetId)).limit(1).for("update");
    if (!target) return { ok: false, message: adminUserMessages.notFound };
    if (banned && activeAdmins.includes(target.id) && activeAdmins.length <= 1) {
      return { ok: false, message: adminUserMessages.lastAdmin };
    }
    await tx
      .update(user)
      .set({ banned, banReason: banned ? "Deshabilitada por un administrador" : null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, targetId));
    if (banned) await tx.delete(session).where(eq(session.userId, targetId));
    if (target.banned !== banned) {
      await recordAudit(tx, { actorId, action: "user.banned", subject: userSubject(target), before: { banned: target.banned }, after: { banned } });
    }
    return { ok: true, message: banned ? adminUserMessages.disabled(target.name) : adminUserMessages.enabled(target.name) };
  });
}

/** A posted account action (role or disable), whichever page it comes from; an unreadable one is refused. */
export async function runUserAction(actorId: string, fields: Record<string, unknown>): Promise<ActionResult> {
  const parsed = userActionSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, message: adminUserMessages.invalid };
  const input = parsed.data;
  return input.intent === "set-role"
    ? setUserRole(actorId, input.userId, input.role)
    : setUserBanned(actorId, input.userId, input.banned === "true");
}
