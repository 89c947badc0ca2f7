// A manager's follow-up of the workers the company enrolled in a course (docs/admin-guide.md, "Empresas"): remind
// one worker or every one who has not finished, at most once a day each; and take back the seat of a worker who
// never started, which returns it to the company's pool. Both act only on the company's own enrolments.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { dueDateMessages as D } from "~/domain/company-follow-up";
import { groupMessages as G, type GroupKind } from "~/domain/company-groups";
import type { ActionResult } from "~/domain/action-result";
import { chileDay, isoDay } from "~/domain/chile-time";
import { followUpMessages as M } from "~/domain/companies";
import { courseContentPath } from "~/domain/course-paths";
import { modulesProgressLabel } from "~/domain/progress";
import { db, rowsOf, type Tx } from "../platform/db/client.server";
import { company, companyEnrolment, companyInvitation, companyNudge, companyReminder, course, enrolment, user } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { recordAudit } from "../platform/audit.server";
import { queueCompanyMails } from "./companies.server";
import { lockSeatPool, writeLedger } from "./seats.server";
import { inviteWorkerInTx, Refusal } from "./workers.server";
import type { WorkerInput } from "~/domain/companies";
import { enrolmentStarted } from "./started.server";

/** The most workers one reminder reaches: larger lists are unusual and are reminded in turns. */
export const MAX_REMINDERS_AT_ONCE = 2000;

/**
 * Reminds `which` (one enrolment, or every unfinished one of the course) by mail. The day's row is claimed first
 * (unique per enrolment and Chile day), so a double click or two managers at once send one mail; the mails are
 * queued, not sent in the request.
 */
export async function remindWorkers(input: { companyId: number; courseId: number; which: number | number[] | "unfinished"; byUserId: string }): Promise<ActionResult> {
  if (Array.isArray(input.which) && input.which.length === 0) return { ok: false, message: M.noneToRemind };
  const today = isoDay(chileDay(now()));
  return db().transaction(async (tx) => {
    const targets = await tx
      .select({
        enrolmentId: enrolment.id,
        completedAt: enrolment.completedAt,
        progress: enrolment.progress,
        dueOn: companyEnrolment.dueOn,
        name: user.name,
        email: user.email,
        courseTitle: course.title,
        companyName: company.name,
        started: enrolmentStarted(enrolment.id),
      })
      .from(companyEnrolment)
      .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
      .innerJoin(user, eq(user.id, companyEnrolment.userId))
      .innerJoin(course, eq(course.id, companyEnrolment.courseId))
      .innerJoin(company, eq(company.id, companyEnrolment.companyId))
      .where(
        and(
          eq(companyEnrolment.companyId, input.companyId),
          eq(companyEnrolment.courseId, input.courseId),
          input.which === "unfinished"
            ? isNull(enrolment.completedAt)
            : Array.isArray(input.which)
              ? and(inArray(enrolment.id, input.which.slice(0, MAX_REMINDERS_AT_ONCE)), isNull(enrolment.completedAt))
              : eq(enrolment.id, input.which),
          isNull(user.deletedAt),
        ),
      )
      .limit(MAX_REMINDERS_AT_ONCE);
    if (typeof input.which === "number") {
      if (targets.length === 0) return { ok: false, message: M.workerNotFound };
      if (targets[0]!.completedAt) return { ok: false, message: M.completedNoReminder };
    }
    if (targets.length === 0) return { ok: false, message: M.noneToRemind };
    const claimed = await tx
      .insert(companyReminder)
      .values(targets.map((t) => ({ enrolmentId: t.enrolmentId, companyId: input.companyId, sentOn: today, byUserId: input.byUserId })))
      .onConflictDoNothing()
      .returning({ enrolmentId: companyReminder.enrolmentId });
    if (claimed.length === 0) return { ok: false, message: typeof input.which === "number" ? M.alreadyReminded : M.noneToRemind };
    const sent = new Set(claimed.map((c) => c.enrolmentId));
    // The progress as the portal shows it: modules done over modules (docs/decisions.md B8), from the live counts.
    const modules = await moduleCounts(tx, [...sent]);
    await queueCompanyMails(
      tx,
      targets
        .filter((t) => sent.has(t.enrolmentId))
        .map((t) => {
          const m = modules.get(t.enrolmentId);
          return {
            to: t.email,
            message: {
              kind: "companyReminder" as const,
              name: t.name,
              companyName: t.companyName,
              course: { id: input.courseId, title: t.courseTitle },
              startPath: courseContentPath(input.courseId),
              progress: t.started && m ? modulesProgressLabel(m.done, m.total, t.progress) : null,
              dueOn: t.dueOn,
            },
          };
        }),
    );
    return { ok: true, message: M.reminded(claimed.length) };
  });
}

async function moduleCounts(tx: Tx, enrolmentIds: number[]) {
  const out = new Map<number, { done: number; total: number }>();
  if (enrolmentIds.length === 0) return out;
  const rows = await tx
    .select({ id: enrolment.id, done: sql<number>`cardinality(${enrolment.modulesDone})`, total: sql<number>`(select count(*)::int from module m where m.course_id = ${enrolment.courseId})` })
    .from(enrolment)
    .where(inArray(enrolment.id, enrolmentIds));
  for (const r of rows) out.set(r.id, { done: Number(r.done ?? 0), total: Number(r.total) });
  return out;
}

/**
 * The company's enrolment of a worker who never started the course — no lesson completed, no time studied (a lesson
 * opens without completing), no exam attempt, no certificate, no SENCE attendance and no skills booking — locked, after the seat pool (the order every seat-taking transaction
 * locks in). The check runs after the lock, as its own statement: a lesson completed by a transaction that held the
 * enrolment's lock first (learning.server.ts locks it too) is seen, and the seat is refused.
 */
async function lockUntouchedEnrolment(tx: Tx, input: { companyId: number; courseId: number; enrolmentId: number }) {
  await lockSeatPool(tx, input.companyId, input.courseId);
  const [row] = await tx
    .select({ enrolmentId: enrolment.id, userId: enrolment.userId, name: user.name, email: user.email, courseTitle: course.title, companyName: company.name, dueOn: companyEnrolment.dueOn })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .innerJoin(course, eq(course.id, companyEnrolment.courseId))
    .innerJoin(company, eq(company.id, companyEnrolment.companyId))
    .where(and(eq(companyEnrolment.enrolmentId, input.enrolmentId), eq(companyEnrolment.companyId, input.companyId), eq(companyEnrolment.courseId, input.courseId)))
    .for("update", { of: enrolment });
  if (!row) return { ok: false as const, message: M.workerNotFound };
  // Written with an explicit alias: in a one-table select Drizzle writes a column unqualified ("user_id", "id"), and
  // inside a subquery that name is the subquery's own table's column, not the enrolment's.
  const [check] = rowsOf<{ untouched: boolean }>(
    await tx.execute(sql`select (e.progress = 0 and e.cycle = 1 and e.completed_at is null
        and not ${enrolmentStarted(sql`e.id`)}
        and not exists (select 1 from exam_attempt x where x.user_id = e.user_id and x.lesson_id in (select l.id from lesson l join module m on m.id = l.module_id where m.course_id = e.course_id))
        and not exists (select 1 from certificate x where x.enrolment_id = e.id)
        and not exists (select 1 from sence_participant x where x.enrolment_id = e.id)
        and not exists (select 1 from skills_booking x where x.enrolment_id = e.id)) as untouched
      from enrolment e where e.id = ${row.enrolmentId}`),
  );
  if (!check?.untouched) return { ok: false as const, message: M.notReleasable };
  return { ok: true as const, row };
}

/**
 * Takes back the seat of a worker who never started the course. The enrolment is deleted and the seat returns to
 * the pool, in one transaction with the pool locked; the worker is told.
 */
export async function releaseSeat(input: { companyId: number; courseId: number; enrolmentId: number; byUserId: string }): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const found = await lockUntouchedEnrolment(tx, input);
    if (!found.ok) return found;
    const { row } = found;
    await tx.delete(enrolment).where(eq(enrolment.id, row.enrolmentId));
    await writeLedger(tx, { companyId: input.companyId, courseId: input.courseId, delta: 1, kind: "release", reason: `${row.name} (${row.courseTitle})`, byUserId: input.byUserId });
    await recordAudit(tx, {
      actorId: input.byUserId,
      action: "enrolment.released",
      subject: { type: "enrolment", id: row.enrolmentId, label: row.email },
      before: { company: row.companyName, course: row.courseTitle },
      after: null,
    });
    await queueCompanyMails(tx, [
      { to: row.email, message: { kind: "companySeatReleased", name: row.name, companyName: row.companyName, course: { id: input.courseId, title: row.courseTitle } } },
    ]);
    return { ok: true, message: M.released(row.name) };
  });
}

export type ReassignResult = { ok: true; message: string } | { ok: false; field: "name" | "email" | "rut" | "form"; message: string };

/**
 * Gives the seat of a worker who never started to another person, in one transaction: the first enrolment is
 * released (the ledger and the audit log keep it; the worker is told) and the seat goes at once to an invitation of
 * the new person (an account or not, like every enrolment through a company), with the same due date. Two
 * reassignments of one seat at once: the second finds it gone. One that meets a worker who just started: refused.
 */
export async function reassignSeat(input: { companyId: number; courseId: number; enrolmentId: number; to: WorkerInput; byUserId: string }): Promise<ReassignResult> {
  try {
    return await db().transaction(async (tx): Promise<ReassignResult> => {
      const found = await lockUntouchedEnrolment(tx, input);
      if (!found.ok) return { ok: false, field: "form", message: found.message };
      const { row } = found;
      if (row.email.toLowerCase() === input.to.email) throw new Refusal("email", M.reassignSamePerson);
      await tx.delete(enrolment).where(eq(enrolment.id, row.enrolmentId));
      await writeLedger(tx, { companyId: input.companyId, courseId: input.courseId, delta: 1, kind: "release", reason: `${row.name} (${row.courseTitle}), reasignado a ${input.to.email}`, byUserId: input.byUserId });
      await inviteWorkerInTx(tx, { companyId: input.companyId, courseId: input.courseId, input: input.to, byUserId: input.byUserId, dueOn: row.dueOn });
      await recordAudit(tx, {
        actorId: input.byUserId,
        action: "enrolment.reassigned",
        subject: { type: "enrolment", id: row.enrolmentId, label: row.email },
        before: { company: row.companyName, course: row.courseTitle, worker: row.email },
        after: { invited: input.to.email },
      });
      await queueCompanyMails(tx, [
        { to: row.email, message: { kind: "companySeatReleased", name: row.name, companyName: row.companyName, course: { id: input.courseId, title: row.courseTitle } } },
      ]);
      return { ok: true, message: M.reassigned(row.name, input.to.name) };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/** Rolls a change back when it names a row the company does not have in the course. */
class NotTheCompanys extends Error {}

/** The most rows one due-date change reaches, as for reminders. */
export const MAX_DUE_DATE_AT_ONCE = MAX_REMINDERS_AT_ONCE;

/**
 * Sets (or, with null, clears) the due date of some of the company's workers of the course and of its pending
 * invitations, in one transaction: every id named must be the company's in this course, or nothing changes. A new
 * date re-arms the date's nudges ('before-due', 'overdue'): each is sent once per worker for the date in force.
 */
export async function setDueDate(input: { companyId: number; courseId: number; enrolmentIds: number[]; invitationIds: number[]; dueOn: string | null }): Promise<ActionResult> {
  const enrolmentIds = [...new Set(input.enrolmentIds)];
  const invitationIds = [...new Set(input.invitationIds)];
  if (enrolmentIds.length + invitationIds.length === 0) return { ok: false, message: D.noneSelected };
  if (enrolmentIds.length + invitationIds.length > MAX_DUE_DATE_AT_ONCE) return { ok: false, message: D.tooMany };
  return db().transaction(async (tx) => {
    const changed = enrolmentIds.length
      ? await tx
          .update(companyEnrolment)
          .set({ dueOn: input.dueOn })
          .where(and(eq(companyEnrolment.companyId, input.companyId), eq(companyEnrolment.courseId, input.courseId), inArray(companyEnrolment.enrolmentId, enrolmentIds)))
          .returning({ enrolmentId: companyEnrolment.enrolmentId })
      : [];
    const invited = invitationIds.length
      ? await tx
          .update(companyInvitation)
          .set({ dueOn: input.dueOn })
          .where(
            and(
              eq(companyInvitation.companyId, input.companyId),
              eq(companyInvitation.courseId, input.courseId),
              eq(companyInvitation.kind, "worker"),
              inArray(companyInvitation.id, invitationIds),
              isNull(companyInvitation.acceptedAt),
              isNull(companyInvitation.revokedAt),
            ),
          )
          .returning({ id: companyInvitation.id })
      : [];
    // Someone else's id, or one no longer pending: the whole change is refused (rolled back).
    if (changed.length !== enrolmentIds.length || invited.length !== invitationIds.length) {
      throw new NotTheCompanys();
    }
    if (changed.length > 0) {
      await tx.delete(companyNudge).where(and(inArray(companyNudge.enrolmentId, changed.map((c) => c.enrolmentId)), inArray(companyNudge.rule, ["before-due", "overdue"])));
    }
    const n = changed.length + invited.length;
    return { ok: true, message: input.dueOn ? D.set(n, input.dueOn) : D.cleared(n) };
  }).catch((error: unknown) => {
    if (error instanceof NotTheCompanys) return { ok: false, message: D.notFound };
    throw error;
  });
}

/**
 * Sets (or, with null, clears) one group of some of the company's workers of the course and of its pending
 * invitations, in one transaction; refused whole when one of them is not the company's in this course.
 */
export async function setGroup(input: { companyId: number; courseId: number; enrolmentIds: number[]; invitationIds: number[]; kind: GroupKind; value: string | null }): Promise<ActionResult> {
  const enrolmentIds = [...new Set(input.enrolmentIds)];
  const invitationIds = [...new Set(input.invitationIds)];
  if (enrolmentIds.length + invitationIds.length === 0) return { ok: false, message: D.noneSelected };
  if (enrolmentIds.length + invitationIds.length > MAX_DUE_DATE_AT_ONCE) return { ok: false, message: D.tooMany };
  const set = { [input.kind]: input.value } as Partial<Record<GroupKind, string | null>>;
  return db()
    .transaction(async (tx) => {
      const changed = enrolmentIds.length
        ? await tx
            .update(companyEnrolment)
            .set(set)
            .where(and(eq(companyEnrolment.companyId, input.companyId), eq(companyEnrolment.courseId, input.courseId), inArray(companyEnrolment.enrolmentId, enrolmentIds)))
            .returning({ id: companyEnrolment.id })
        : [];
      const invited = invitationIds.length
        ? await tx
            .update(companyInvitation)
            .set(set)
            .where(
              and(
                eq(companyInvitation.companyId, input.companyId),
                eq(companyInvitation.courseId, input.courseId),
                eq(companyInvitation.kind, "worker"),
                inArray(companyInvitation.id, invitationIds),
                isNull(companyInvitation.acceptedAt),
                isNull(companyInvitation.revokedAt),
              ),
            )
            .returning({ id: companyInvitation.id })
        : [];
      if (changed.length !== enrolmentIds.length || invited.length !== invitationIds.length) throw new NotTheCompanys();
      const n = changed.length + invited.length;
      return { ok: true, message: input.value ? G.set(input.kind, input.value, n) : G.cleared(input.kind, n) };
    })
    .catch((error: unknown) => {
      if (error instanceof NotTheCompanys) return { ok: false, message: D.notFound };
      throw error;
    });
}
