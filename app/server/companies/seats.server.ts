// A company's seats per course (docs/decisions.md E2): a ledger whose sum is what is free. Every transaction
// that takes seats first locks the company × course pool row (SELECT … FOR UPDATE), then sums and writes:
// two managers enrolling at once queue on that row, so the second sees the first's debit and the sum
// never goes below zero. PGlite runs one transaction at a time, PostgreSQL honours the lock: both hold.
import { and, eq, inArray, sql } from "drizzle-orm";
import { seatSummary, type SeatKind, type SeatSummary } from "~/domain/companies";
import { db, type DbOrTx, type Tx } from "../platform/db/client.server";
import { companySeatLedger, companySeatPool, course } from "../platform/db/schema";

/** Locks the pool of a company × course (creating it the first time) for the rest of the transaction. */
export async function lockSeatPool(tx: Tx, companyId: number, courseId: number): Promise<void> {
  await tx.insert(companySeatPool).values({ companyId, courseId }).onConflictDoNothing();
  await tx
    .select({ companyId: companySeatPool.companyId })
    .from(companySeatPool)
    .where(and(eq(companySeatPool.companyId, companyId), eq(companySeatPool.courseId, courseId)))
    .for("update");
}

/** Free seats of a company × course: the ledger's sum. Call after lockSeatPool when about to take some. */
export async function freeSeats(tx: DbOrTx, companyId: number, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${companySeatLedger.delta}), 0)::int` })
    .from(companySeatLedger)
    .where(and(eq(companySeatLedger.companyId, companyId), eq(companySeatLedger.courseId, courseId)));
  return Number(row?.n ?? 0);
}

export interface LedgerEntry {
  companyId: number;
  courseId: number;
  delta: number;
  kind: SeatKind;
  reason?: string | null;
  byUserId?: string | null;
  orderId?: number | null;
}

export async function writeLedger(tx: Tx, entry: LedgerEntry): Promise<void> {
  await tx.insert(companySeatLedger).values({
    companyId: entry.companyId,
    courseId: entry.courseId,
    delta: entry.delta,
    kind: entry.kind,
    reason: entry.reason ?? null,
    byUserId: entry.byUserId ?? null,
    orderId: entry.orderId ?? null,
  });
}

/**
 * Takes `count` seats under the pool's lock, or none: false when fewer are free. The caller writes what
 * the seats are for (enrolments, invitations) in the same transaction.
 */
export async function takeSeats(tx: Tx, entry: Omit<LedgerEntry, "delta"> & { count: number }): Promise<boolean> {
  if (entry.count <= 0) return true;
  await lockSeatPool(tx, entry.companyId, entry.courseId);
  if ((await freeSeats(tx, entry.companyId, entry.courseId)) < entry.count) return false;
  await writeLedger(tx, { ...entry, delta: -entry.count });
  return true;
}

/** Adds seats (a grant or a paid order) under the pool's lock. */
export async function creditSeats(tx: Tx, entry: Omit<LedgerEntry, "delta"> & { count: number }): Promise<void> {
  await lockSeatPool(tx, entry.companyId, entry.courseId);
  await writeLedger(tx, { ...entry, delta: entry.count });
}

/** Seats per course of a company (every course it ever held seats of), by course title. */
export async function seatSummaries(companyId: number, tx: DbOrTx = db()): Promise<SeatSummary[]> {
  const rows = await tx
    .select({ courseId: companySeatLedger.courseId, kind: companySeatLedger.kind, n: sql<number>`sum(${companySeatLedger.delta})::int` })
    .from(companySeatLedger)
    .where(eq(companySeatLedger.companyId, companyId))
    .groupBy(companySeatLedger.courseId, companySeatLedger.kind);
  const ids = [...new Set(rows.map((r) => r.courseId))];
  if (ids.length === 0) return [];
  const titles = new Map(
    (await tx.select({ id: course.id, title: course.title }).from(course).where(inArray(course.id, ids))).map((c) => [c.id, c.title]),
  );
  const byCourse = new Map<number, Partial<Record<SeatKind, number>>>();
  for (const r of rows) {
    const kinds = byCourse.get(r.courseId) ?? {};
    kinds[r.kind as SeatKind] = Number(r.n);
    byCourse.set(r.courseId, kinds);
  }
  return ids
    .map((id) => seatSummary(id, titles.get(id) ?? "", byCourse.get(id)!))
    .sort((a, b) => a.courseTitle.localeCompare(b.courseTitle, "es"));
}
