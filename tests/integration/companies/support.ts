// Companies through their real route modules: an admin creates a company, names managers and grants seats;
// managers enrol workers; workers accept invitations (the link read from the queued mail).
import { asc, inArray } from "drizzle-orm";
import { expect } from "vitest";
import * as adminCompaniesRoute from "~/routes/admin/empresas";
import * as adminCompanyRoute from "~/routes/admin/empresa";
import * as courseRoute from "~/routes/empresa/curso";
import * as invitationRoute from "~/routes/invitacion";
import { rutCheckDigit } from "~/domain/rut";
import { db } from "~/server/platform/db/client.server";
import { outbox } from "~/server/platform/db/schema";
import { renderCompanyMail } from "~/server/companies/companies.server";
import type { CompanyMailMessage } from "~/server/companies/mail.server";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";

let seq = 0;
/** A fresh valid RUT (normalised), unique within a run. */
export function freshRut(base = 10_000_000): string {
  const body = base + ((process.pid * 7919 + Date.now() + seq++ * 104_729) % (99_999_999 - base));
  return `${body}-${rutCheckDigit(body)}`;
}

/** The same RUT with a wrong check digit. */
export function badRut(): string {
  const good = freshRut();
  const [body, dv] = good.split("-") as [string, string];
  return `${body}-${dv === "1" ? "2" : "1"}`;
}

export async function createCompany(adminCookie: string, fields: Record<string, string> = {}) {
  const res = await call(
    adminCompaniesRoute.action,
    formRequest(
      "/admin/empresas",
      { intent: "create", name: `Constructora ${seq++} SpA`, rut: freshRut(70_000_000), giro: "", contactName: "Marta Rojas", contactEmail: "contacto@empresa.test", contactPhone: "+56 2 2345 6789", ...fields },
      { cookie: adminCookie },
    ),
  );
  expect(res.status, JSON.stringify(res.data)).toBe(302);
  return Number(/\/admin\/empresas\/(\d+)$/.exec(res.location!)![1]);
}

export function adminCompanyAction(adminCookie: string, companyId: number, fields: Record<string, string>) {
  return call(adminCompanyRoute.action, formRequest(`/admin/empresas/${companyId}`, fields, { cookie: adminCookie }), { id: String(companyId) });
}

export async function grant(adminCookie: string, companyId: number, seats: number, courseId = 1) {
  const res = await adminCompanyAction(adminCookie, companyId, { intent: "grant", courseId: String(courseId), seats: String(seats), reason: "Contrato 2026" });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
}

/** A company with a manager (an existing account) and `seats` seats of course 1. */
export async function companyWithManager(adminCookie: string, seats = 5) {
  const companyId = await createCompany(adminCookie);
  const manager = await createUser({ name: "Encargada" });
  const added = await adminCompanyAction(adminCookie, companyId, { intent: "add-manager", email: manager.email, name: "" });
  expect(added.status, JSON.stringify(added.data)).toBe(200);
  if (seats > 0) await grant(adminCookie, companyId, seats);
  return { companyId, manager };
}

export function enrolRequest(cookie: string, companyId: number, fields: Record<string, string>, courseId = 1) {
  return call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/${courseId}`, { intent: "enrol", ...fields }, { cookie }), {
    companyId: String(companyId),
    courseId: String(courseId),
  });
}

export function courseLoader(cookie: string | undefined, companyId: number, courseId = 1, query = "") {
  return call(courseRoute.loader, getRequest(`/empresa/${companyId}/cursos/${courseId}${query}`, cookie), { companyId: String(companyId), courseId: String(courseId) });
}

let workerSeq = 0;
export function workerFields(over: Record<string, string> = {}) {
  const n = workerSeq++;
  return { name: `Trabajador ${n}`, email: `trabajador${n}.${Math.random().toString(36).slice(2, 8)}@empresa.test`, rut: freshRut(), ...over };
}

/** The newest queued mail to an address (a company job is rendered as the outbox worker would). */
export async function lastMailTo(email: string): Promise<{ subject: string; text: string } | null> {
  const rows = await db()
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(inArray(outbox.kind, ["mail", "companyMail"]))
    .orderBy(asc(outbox.id));
  for (const row of rows.reverse()) {
    if (row.kind === "mail") {
      const mail = (row.payload as { mail: { to: string; subject: string; text: string } }).mail;
      if (mail.to === email) return mail;
    } else {
      const job = row.payload as { to: string; message: CompanyMailMessage };
      if (job.to === email) return renderCompanyMail(job.message);
    }
  }
  return null;
}

/** The invitation token in the newest mail to an address. */
export async function invitationTokenFor(email: string): Promise<string> {
  const mail = await lastMailTo(email);
  const m = /\/invitacion\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
  if (!m) throw new Error(`no invitation mail to ${email}`);
  return m[1]!;
}

export function acceptWithPassword(token: string, password = "clave-segura-1", cookie?: string) {
  return call(invitationRoute.action, formRequest(`/invitacion/${token}`, { intent: "create", password, confirmPassword: password }, { cookie }), { token });
}

export function invitationPage(token: string, cookie?: string) {
  return call(invitationRoute.loader, getRequest(`/invitacion/${token}`, cookie), { token });
}

/**
 * A manager enrols an existing account the only way there is: an invitation (its seat held) that the person
 * accepts signed in; returns the manager's answer.
 */
export async function enrolAccount(managerCookie: string, companyId: number, person: { name: string; email: string; cookie: string }, rut: string, courseId = 1) {
  const res = await enrolRequest(managerCookie, companyId, { name: person.name, email: person.email, rut }, courseId);
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  const token = await invitationTokenFor(person.email);
  const accepted = await call(invitationRoute.action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: person.cookie }), { token });
  expect(accepted.status, JSON.stringify(accepted.data)).toBe(302);
  return res;
}

/**
 * The compliance page's loader answer with each row's cells as objects: the page sends a cell as a short tuple
 * (state, last valid day, renewal checkbox value, renewal in progress) in its columns' order.
 */
export async function readableMatrix<T extends { data: unknown }>(answer: Promise<T>): Promise<T> {
  const res = await answer;
  const data = res.data as { columns?: { id: number }[]; rows?: { cells: unknown[] }[] } | undefined;
  if (!data?.rows || !data.columns) return res;
  const columns = data.columns;
  for (const row of data.rows) {
    row.cells = (row.cells as [string, string, string | null, boolean][]).map(([state, validUntil, renew, renewing], i) => ({
      courseId: columns[i]!.id,
      state,
      validUntil,
      renew,
      renewing,
    }));
  }
  return res;
}
