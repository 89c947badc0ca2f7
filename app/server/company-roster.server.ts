// Many workers at once (decisions.md E2): a CSV or XLSX file is read into rows, every row is checked against
// the file and the database (a preview that writes nothing), then every valid row is enrolled or invited in
// one transaction, under the seat pool's lock, each taking a seat. A few batched queries per import, so
// 1 000 rows take seconds, not minutes.
import fs from "node:fs";
import { ExcelJS, type CellValue } from "./exceljs.server";
import { unzipSync } from "fflate";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { checkRoster, parseCsv, rosterFromTable, rosterMessages as R, type RosterInput, type RosterRow } from "~/domain/company-roster";
import { INVITATION_TTL_MS } from "~/domain/companies";
import { normalizeRut } from "~/domain/rut";
import { db, type DbOrTx, type Tx } from "./db/client.server";
import { company, companyEnrolment, companyInvitation, course, enrolment, user } from "./db/schema";
import { invitationPath, newInvitationToken, queueCompanyMails } from "./companies.server";
import { freeSeats, lockSeatPool, writeLedger } from "./company-seats.server";
import { logger } from "./logger.server";
import type { UploadedFile } from "./uploaded-files.server";
import { courseContentPath } from "~/domain/course-paths";

/** An XLSX is a zip: refuse one that declares more than this once unpacked (a zip bomb), before parsing it. */
const MAX_XLSX_UNPACKED = 50 * 1024 * 1024;

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Excel on Windows saves "CSV" in Windows-1252.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("hyperlink" in value && typeof value.hyperlink === "string") return value.hyperlink.replace(/^mailto:/i, "");
    if ("result" in value && value.result !== undefined && value.result !== null) return String(value.result);
  }
  return "";
}

async function readXlsx(bytes: Uint8Array): Promise<string[][] | null> {
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        unpacked += f.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  if (unpacked > MAX_XLSX_UNPACKED) return null;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      cells[c - 1] = cellText(cell.value);
    });
    table[n - 1] = Array.from(cells, (v) => v ?? "");
  });
  return Array.from(table, (r) => r ?? []);
}

export type RosterRead = { ok: true; rows: RosterInput[] } | { ok: false; message: string };

/**
 * The rows of an uploaded CSV or XLSX file, or why it cannot be read. The file is read whole (it must be
 * parsed whole anyway); the upload limit bounds it, and a list of workers is small.
 */
export async function readRosterFile(file: UploadedFile | undefined): Promise<RosterRead> {
  if (!file || file.size === 0) return { ok: false, message: R.fileRequired };
  const name = file.filename.toLowerCase();
  const bytes = new Uint8Array(await fs.promises.readFile(file.path));
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  let table: string[][] | null;
  if (name.endsWith(".xlsx") || isZip) {
    table = isZip ? await readXlsx(bytes) : null;
  } else if (name.endsWith(".csv") || name.endsWith(".txt") || file.declaredType.startsWith("text/")) {
    table = parseCsv(decodeText(bytes));
  } else {
    return { ok: false, message: R.fileType };
  }
  if (!table) return { ok: false, message: R.fileUnreadable };
  return rosterFromTable(table);
}

/** What the database knows about the rows' people: a handful of queries whatever the number of rows. */
async function rosterContext(tx: DbOrTx, companyId: number, courseId: number, rows: RosterInput[]) {
  const emails = [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter((e) => e.includes("@") && e.length <= 254))];
  const ruts = [...new Set(rows.map((r) => normalizeRut(r.rut)).filter((r): r is string => r !== null))];
  const [accounts, owners, invited, free] = await Promise.all([
    emails.length
      ? tx
          .select({ id: user.id, email: sql<string>`lower(${user.email})`, rut: user.rut, role: user.role })
          .from(user)
          .where(inArray(sql`lower(${user.email})`, emails))
      : Promise.resolve([]),
    ruts.length ? tx.select({ rut: user.rut, email: sql<string>`lower(${user.email})` }).from(user).where(inArray(user.rut, ruts)) : Promise.resolve([]),
    emails.length
      ? tx
          .select({ email: companyInvitation.email })
          .from(companyInvitation)
          .where(
            and(
              eq(companyInvitation.kind, "worker"),
              eq(companyInvitation.courseId, courseId),
              inArray(companyInvitation.email, emails),
              isNull(companyInvitation.acceptedAt),
              isNull(companyInvitation.revokedAt),
            ),
          )
      : Promise.resolve([]),
    freeSeats(tx, companyId, courseId),
  ]);
  const ids = accounts.map((a) => a.id);
  const enrolledIds = ids.length
    ? new Set(
        (await tx.select({ userId: enrolment.userId }).from(enrolment).where(and(eq(enrolment.courseId, courseId), inArray(enrolment.userId, ids)))).map((e) => e.userId),
      )
    : new Set<string>();
  return {
    accountIds: new Map(accounts.map((a) => [a.email, a.id])),
    context: {
      accounts: new Map(accounts.map((a) => [a.email, { rut: a.rut, admin: a.role === "admin" }])),
      enrolled: new Set(accounts.filter((a) => enrolledIds.has(a.id)).map((a) => a.email)),
      invited: new Set(invited.map((i) => i.email)),
      rutOwners: new Map(owners.filter((o) => o.rut).map((o) => [o.rut!, o.email])),
      free,
    },
  };
}

/** Checks the rows without writing anything: the preview. */
export async function previewRoster(companyId: number, courseId: number, rows: RosterInput[]): Promise<{ rows: RosterRow[]; free: number }> {
  const { context } = await rosterContext(db(), companyId, courseId, rows);
  return { rows: checkRoster(rows, context), free: context.free };
}

export type ImportResult = { ok: true; enrolled: number; invited: number; rows: RosterRow[] } | { ok: false; message: string; rows: RosterRow[] };

class Rollback extends Error {}

/** Enrols or invites every valid row, in one transaction; rows with problems are left out and returned. */
export async function importRoster(companyId: number, courseId: number, input: RosterInput[], byUserId: string): Promise<ImportResult> {
  try {
    return await db().transaction(async (tx): Promise<ImportResult> => {
      const [firm] = await tx.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
      const [target] = await tx
        .select({ id: course.id, title: course.title })
        .from(course)
        .where(and(eq(course.id, courseId), eq(course.status, "published")))
        .limit(1);
      if (!firm || !target) return { ok: false, message: R.nothingValid, rows: [] };
      await lockSeatPool(tx, companyId, courseId);
      const { context, accountIds } = await rosterContext(tx, companyId, courseId, input);
      const rows = checkRoster(input, context);
      const valid = rows.filter((r) => r.problems.length === 0);
      if (valid.length === 0) return { ok: false, message: R.nothingValid, rows };
      const existing = valid.filter((r) => accountIds.has(r.normalEmail));
      const fresh = valid.filter((r) => !accountIds.has(r.normalEmail));
      const courseRef = { id: target.id, title: target.title };
      if (existing.length) await enrolExisting(tx, { companyId, courseRef, companyName: firm.name, byUserId }, existing, accountIds);
      if (fresh.length) await inviteNew(tx, { companyId, courseRef, companyName: firm.name, byUserId }, fresh);
      logger.info({ companyId, courseId, enrolled: existing.length, invited: fresh.length }, "company roster imported");
      return { ok: true, enrolled: existing.length, invited: fresh.length, rows: rows.filter((r) => r.problems.length > 0) };
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, message: R.seatsChanged, rows: [] };
    throw error;
  }
}

type Batch = { companyId: number; courseRef: { id: number; title: string }; companyName: string; byUserId: string };

const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function enrolExisting(tx: Tx, b: Batch, rows: RosterRow[], accountIds: Map<string, string>) {
  const courseId = b.courseRef.id;
  const byUser = new Map(rows.map((r) => [accountIds.get(r.normalEmail)!, r]));
  for (const part of chunks([...byUser.keys()])) {
    const inserted = await tx
      .insert(enrolment)
      .values(part.map((userId) => ({ userId, courseId })))
      .onConflictDoNothing({ target: [enrolment.userId, enrolment.courseId] })
      .returning({ id: enrolment.id, userId: enrolment.userId });
    // Someone enrolled on their own between the check and now (the seat lock does not cover private enrolments).
    if (inserted.length !== part.length) throw new Rollback();
    await tx.insert(companyEnrolment).values(inserted.map((e) => ({ companyId: b.companyId, courseId, enrolmentId: e.id, userId: e.userId, byUserId: b.byUserId })));
  }
  // Company workers must have a RUT: an account without one gets the row's (checked free above).
  for (const [userId, r] of byUser) {
    await tx
      .update(user)
      .set({ rut: r.normalRut, updatedAt: new Date() })
      .where(and(eq(user.id, userId), isNull(user.rut)));
  }
  await writeLedger(tx, { companyId: b.companyId, courseId, delta: -rows.length, kind: "enrolment", reason: `Carga masiva (${rows.length})`, byUserId: b.byUserId });
  await queueCompanyMails(
    tx,
    rows.map((r) => ({ to: r.normalEmail, message: { kind: "companyEnrolment", name: r.name, companyName: b.companyName, course: b.courseRef, startPath: courseContentPath(courseId) } })),
  );
}

async function inviteNew(tx: Tx, b: Batch, rows: RosterRow[]) {
  const courseId = b.courseRef.id;
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const tokens = rows.map(() => newInvitationToken());
  for (const part of chunks(rows.map((r, i) => ({ r, t: tokens[i]! })))) {
    const inserted = await tx
      .insert(companyInvitation)
      .values(part.map(({ r, t }) => ({ kind: "worker", companyId: b.companyId, courseId, email: r.normalEmail, name: r.name, rut: r.normalRut, tokenHash: t.hash, expiresAt, createdBy: b.byUserId })))
      .onConflictDoNothing()
      .returning({ id: companyInvitation.id });
    if (inserted.length !== part.length) throw new Rollback();
  }
  await writeLedger(tx, { companyId: b.companyId, courseId, delta: -rows.length, kind: "invitation", reason: `Carga masiva (${rows.length})`, byUserId: b.byUserId });
  await queueCompanyMails(
    tx,
    rows.map((r, i) => ({
      to: r.normalEmail,
      message: { kind: "companyInvitation", name: r.name, companyName: b.companyName, course: b.courseRef, acceptUrl: invitationPath(tokens[i]!.token), expiresAt },
    })),
  );
}
