// Monthly snapshots of each company's compliance matrix (docs/certificate-validity.md, "Monthly snapshots"), so a
// company can show what the matrix said on a past date. The job (jobs/compliance-snapshots.server.ts) looks every
// hour: each company with courses that has no snapshot of the current Chile month gets one, taken from the live
// matrix at that moment. The first look of the month takes them on the 1st; a server that was down on the 1st takes
// them at its first look after it starts, and the snapshot says when it was taken. A month that passed while the
// server was down is not made up afterwards: what the matrix said then cannot be read back.
//
// Written once per company and month: the snapshot's row is inserted against the unique (company, month) key, in
// the same transaction as its rows, so two instances looking at once, or a look repeated after a restart, write one
// snapshot, and a reader never sees half of one.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { chileDay } from "~/domain/chile-time";
import { isComplianceState, monthOf, type SnapshotCells } from "~/domain/compliance";
import { db } from "../platform/db/client.server";
import { complianceSnapshot, complianceSnapshotRow, companySeatPool } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { now } from "../platform/clock.server";
import { companyCourses, countCells, walkComplianceMatrix, type ComplianceCell, type ComplianceMatrix, type ComplianceWorker } from "./compliance.server";

/** Companies read per query of the due list, and snapshot rows per insert (7 parameters each). */
const COMPANY_BATCH = 100;
const ROW_CHUNK = 1000;
/** Rows read back at most: a snapshot holds at most the 10 000 people a walk of the matrix reads. */
const MAX_ROWS = 10_000;
/** Months offered in the page's list: ten years. */
const MAX_MONTHS = 120;

export interface SnapshotSummary {
  /** The month's first day, 'yyyy-mm-dd'. */
  month: string;
  takenAt: Date;
}

/** The month (its first day) the academy's clock is in, by Chile's calendar. */
export function currentSnapshotMonth(at: Date = now()): string {
  return monthOf(chileDay(at));
}

/** Whether a stored snapshot exists for that company and month. */
async function hasSnapshot(companyId: number, month: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: complianceSnapshot.id })
    .from(complianceSnapshot)
    .where(and(eq(complianceSnapshot.companyId, companyId), eq(complianceSnapshot.month, month)))
    .limit(1);
  return Boolean(row);
}

function storedCells(w: ComplianceWorker): SnapshotCells {
  const cells: SnapshotCells = {};
  for (const [courseId, c] of w.cells) cells[String(courseId)] = [c.state, c.validUntil, c.code];
  return cells;
}

/** Every row of today's matrix, in its order (the walk stops at its bound: then the snapshot says truncated). */
async function wholeMatrix(companyId: number, at: Date): Promise<{ courses: ComplianceMatrix["courses"]; workers: ComplianceWorker[]; truncated: boolean }> {
  const courses = await companyCourses(companyId);
  const workers: ComplianceWorker[] = [];
  const walk = walkComplianceMatrix(companyId, courses, { courseId: null, state: null }, at, { certificates: true });
  for (;;) {
    const next = await walk.next();
    if (next.done) return { courses, workers, truncated: next.value.truncated };
    workers.push(...next.value);
  }
}

/**
 * Takes the company's snapshot of `month` from its matrix at `at`, unless that month has one already. Returns
 * whether this call wrote it.
 */
export async function takeSnapshot(companyId: number, month: string, at: Date = now()): Promise<boolean> {
  if (await hasSnapshot(companyId, month)) return false;
  const matrix = await wholeMatrix(companyId, at);
  return db().transaction(async (tx) => {
    // A second taker waits here for the first one's commit and then inserts nothing.
    const [head] = await tx
      .insert(complianceSnapshot)
      .values({ companyId, month, takenAt: at, courses: matrix.courses, workers: matrix.workers.length, truncated: matrix.truncated })
      .onConflictDoNothing({ target: [complianceSnapshot.companyId, complianceSnapshot.month] })
      .returning({ id: complianceSnapshot.id });
    if (!head) return false;
    const rows = matrix.workers.map((w, position) => ({
      snapshotId: head.id,
      position,
      userId: w.userId,
      // A person only invited is found by their invitation (its e-mail) when they ask for their data.
      invitationId: w.userId === null ? (w.invitationIds[0] ?? null) : null,
      name: w.name,
      rut: w.rut,
      cells: storedCells(w),
    }));
    for (let i = 0; i < rows.length; i += ROW_CHUNK) await tx.insert(complianceSnapshotRow).values(rows.slice(i, i + ROW_CHUNK));
    return true;
  });
}

/**
 * The hourly look: every company with courses (each came through its seat pool: enrolling takes a seat) and no
 * snapshot of the current month gets one. Companies are walked by id, a batch at a time; one that fails is logged
 * and left for the next look, the others are taken, and the look then fails so the outbox retries it.
 */
export async function takeMonthlySnapshots(at: Date = now()): Promise<{ month: string; taken: number }> {
  const month = currentSnapshotMonth(at);
  let taken = 0;
  let after = 0;
  const failed: number[] = [];
  for (;;) {
    const due = await db()
      .selectDistinct({ companyId: companySeatPool.companyId })
      .from(companySeatPool)
      .where(
        and(
          gt(companySeatPool.companyId, after),
          // Written out qualified: in a one-table select Drizzle renders a column inside sql`` without its table, and
          // an unqualified company_id would be the subquery's own.
          sql`not exists (select 1 from compliance_snapshot s where s.company_id = "company_seat_pool"."company_id" and s.month = ${month})`,
        ),
      )
      .orderBy(asc(companySeatPool.companyId))
      .limit(COMPANY_BATCH);
    for (const { companyId } of due) {
      try {
        if (await takeSnapshot(companyId, month, at)) taken++;
      } catch (error) {
        logger.error({ err: error, companyId, month }, "compliance snapshot failed");
        failed.push(companyId);
      }
    }
    if (due.length < COMPANY_BATCH) break;
    after = due.at(-1)!.companyId;
  }
  if (failed.length > 0) throw new Error(`compliance snapshots of ${month} failed for companies ${failed.join(", ")}`);
  return { month, taken };
}

/** The company's snapshots, newest first (the page's list of past months). */
export async function snapshotMonths(companyId: number): Promise<SnapshotSummary[]> {
  return db()
    .select({ month: complianceSnapshot.month, takenAt: complianceSnapshot.takenAt })
    .from(complianceSnapshot)
    .where(eq(complianceSnapshot.companyId, companyId))
    .orderBy(desc(complianceSnapshot.month))
    .limit(MAX_MONTHS);
}

/** A month's snapshot as a matrix (read-only: nothing in it can be renewed), or null when there is none. */
export async function loadSnapshot(companyId: number, month: string): Promise<(ComplianceMatrix & { takenAt: Date; month: string }) | null> {
  const [head] = await db()
    .select()
    .from(complianceSnapshot)
    .where(and(eq(complianceSnapshot.companyId, companyId), eq(complianceSnapshot.month, month)))
    .limit(1);
  if (!head) return null;
  const rows = await db()
    .select({ userId: complianceSnapshotRow.userId, invitationId: complianceSnapshotRow.invitationId, name: complianceSnapshotRow.name, rut: complianceSnapshotRow.rut, cells: complianceSnapshotRow.cells })
    .from(complianceSnapshotRow)
    .where(eq(complianceSnapshotRow.snapshotId, head.id))
    .orderBy(asc(complianceSnapshotRow.position))
    .limit(MAX_ROWS);
  const workers: ComplianceWorker[] = rows.map((r) => {
    const cells = new Map<number, ComplianceCell>();
    for (const [courseId, cell] of Object.entries(r.cells ?? {})) {
      if (!Array.isArray(cell) || !isComplianceState(cell[0])) continue;
      cells.set(Number(courseId), { state: cell[0], validUntil: cell[1] ?? null, code: cell[2] ?? null, renewing: false, renewable: false });
    }
    return { userId: r.userId, invitationIds: r.invitationId ? [r.invitationId] : [], name: r.name, rut: r.rut, cells };
  });
  return { courses: head.courses, workers, counts: countCells(head.courses, workers), truncated: head.truncated, takenAt: head.takenAt, month: head.month };
}
