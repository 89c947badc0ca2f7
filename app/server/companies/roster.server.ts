// Many workers at once (docs/decisions.md E2): a CSV or XLSX file is read into rows, every row is checked against
// the file and the company's own records (a preview that writes nothing), then every valid row is invited in
// one transaction, under the seat pool's lock, each taking a seat. A few batched queries per import, so
// 1 000 rows take seconds, not minutes.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { normaliseGroup } from "~/domain/company-groups";
import { checkRoster, MAX_ROSTER_ROWS, rosterFromTable, rosterMessages as R, type RosterContext, type RosterInput, type RosterRow } from "~/domain/company-roster";
import { INVITATION_TTL_MS } from "~/domain/companies";
import { db, type DbOrTx, type Tx } from "../platform/db/client.server";
import { company, companyEnrolment, companyInvitation, course, user } from "../platform/db/schema";
import { invitationPath, newInvitationToken, queueCompanyMails } from "./companies.server";
import { freeSeats, lockSeatPool, writeLedger } from "./seats.server";
import { logger } from "../platform/logger.server";
import type { UploadedFile } from "../platform/http/uploaded-files.server";
import { readSpreadsheet, type TableLimits } from "../platform/spreadsheets/spreadsheets.server";

/** A worker list: the header and MAX_ROSTER_ROWS rows, three short columns (others are read past). */
const ROSTER_LIMITS: TableLimits = { maxRows: MAX_ROSTER_ROWS + 1, maxColumns: 50, maxCellChars: 500, maxUnpackedBytes: 16 * 1024 * 1024 };

const READ_FAILURES = {
  type: R.fileType,
  unreadable: R.fileUnreadable,
  tooManyRows: R.tooMany,
  tooLarge: R.fileTooLarge,
  busy: R.busy,
} as const;

export type RosterRead = { ok: true; rows: RosterInput[] } | { ok: false; message: string };

/** The rows of an uploaded CSV or XLSX file, or why it cannot be read (parsed off the event loop, within limits). */
export async function readRosterFile(file: UploadedFile | undefined): Promise<RosterRead> {
  if (!file || file.size === 0) return { ok: false, message: R.fileRequired };
  const read = await readSpreadsheet(file, ROSTER_LIMITS);
  if (!read.ok) return { ok: false, message: READ_FAILURES[read.reason] };
  return rosterFromTable(read.rows);
}

/**
 * What the company itself knows about the rows' people (its enrolments and open invitations for the course) and
 * its free seats: a few queries whatever the number of rows. Nothing about accounts the company did not enrol.
 */
async function rosterContext(tx: DbOrTx, companyId: number, courseId: number, rows: RosterInput[]): Promise<RosterContext> {
  const emails = [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter((e) => e.includes("@") && e.length <= 254))];
  const [enrolled, invited, free] = await Promise.all([
    emails.length
      ? tx
          .select({ email: sql<string>`lower(${user.email})` })
          .from(companyEnrolment)
          .innerJoin(user, eq(user.id, companyEnrolment.userId))
          .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, courseId), inArray(sql`lower(${user.email})`, emails)))
      : Promise.resolve([]),
    emails.length
      ? tx
          .select({ email: companyInvitation.email })
          .from(companyInvitation)
          .where(
            and(
              eq(companyInvitation.kind, "worker"),
              eq(companyInvitation.companyId, companyId),
              eq(companyInvitation.courseId, courseId),
              inArray(companyInvitation.email, emails),
              isNull(companyInvitation.acceptedAt),
              isNull(companyInvitation.revokedAt),
            ),
          )
      : Promise.resolve([]),
    freeSeats(tx, companyId, courseId),
  ]);
  return { enrolled: new Set(enrolled.map((e) => e.email)), invited: new Set(invited.map((i) => i.email)), free };
}

/** Checks the rows without writing anything: the preview. */
export async function previewRoster(companyId: number, courseId: number, rows: RosterInput[]): Promise<{ rows: RosterRow[]; free: number }> {
  const context = await rosterContext(db(), companyId, courseId, rows);
  return { rows: checkRoster(rows, context), free: context.free };
}

export type ImportResult = { ok: true; invited: number; rows: RosterRow[] } | { ok: false; message: string; rows: RosterRow[] };

class Rollback extends Error {}

/**
 * Invites every valid row, in one transaction; rows with problems are left out and returned. An e-mail that
 * already has an account is invited too: enrolling someone through a company is their decision, taken when they
 * accept signed in (companies/invitations.server.ts), and the RUT the manager typed reaches their account only then.
 */
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
      const context = await rosterContext(tx, companyId, courseId, input);
      const rows = checkRoster(input, context);
      const valid = rows.filter((r) => r.problems.length === 0);
      if (valid.length === 0) return { ok: false, message: R.nothingValid, rows };
      await invite(tx, { companyId, courseRef: { id: target.id, title: target.title }, companyName: firm.name, byUserId }, valid);
      logger.info({ companyId, courseId, invited: valid.length }, "company roster imported");
      return { ok: true, invited: valid.length, rows: rows.filter((r) => r.problems.length > 0) };
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

async function invite(tx: Tx, b: Batch, rows: RosterRow[]) {
  const courseId = b.courseRef.id;
  // Whether an address has an account only picks the mail's wording (sign in, or create a password); the manager
  // never sees it.
  const withAccount = new Set(
    (
      await tx
        .select({ email: sql<string>`lower(${user.email})` })
        .from(user)
        .where(inArray(sql`lower(${user.email})`, rows.map((r) => r.normalEmail)))
    ).map((a) => a.email),
  );
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const tokens = rows.map(() => newInvitationToken());
  for (const part of chunks(rows.map((r, i) => ({ r, t: tokens[i]! })))) {
    const inserted = await tx
      .insert(companyInvitation)
      .values(
        part.map(({ r, t }) => ({
          kind: "worker",
          companyId: b.companyId,
          courseId,
          email: r.normalEmail,
          name: r.name,
          rut: r.normalRut,
          sucursal: normaliseGroup(r.sucursal ?? "") ?? null,
          faena: normaliseGroup(r.faena ?? "") ?? null,
          centroCosto: normaliseGroup(r.centroCosto ?? "") ?? null,
          tokenHash: t.hash,
          expiresAt,
          createdBy: b.byUserId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: companyInvitation.id });
    if (inserted.length !== part.length) throw new Rollback();
  }
  await writeLedger(tx, { companyId: b.companyId, courseId, delta: -rows.length, kind: "invitation", reason: `Carga masiva (${rows.length})`, byUserId: b.byUserId });
  await queueCompanyMails(
    tx,
    rows.map((r, i) => ({
      to: r.normalEmail,
      message: {
        kind: "companyInvitation",
        name: r.name,
        companyName: b.companyName,
        course: b.courseRef,
        acceptUrl: invitationPath(tokens[i]!.token),
        expiresAt,
        hasAccount: withAccount.has(r.normalEmail),
      },
    })),
  );
}
