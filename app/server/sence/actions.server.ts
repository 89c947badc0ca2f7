// SENCE training actions (docs/sence.md): a company's seats in a course paid through the franquicia, recorded by
// its manager or an admin with the codes SENCE gave it (CodSence, the ID de acción), the line, the dates and
// the environment; and the workers enrolled under it (their RUN is what SENCE checks). A worker paid privately
// ("becario") is simply not added. Every function takes the company from the caller's guard
// (requireCompanyAccess), never from the request, so a manager only ever touches their own company's actions.
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { senceMessages as M } from "~/domain/sence-messages";
import type { ActionInput } from "~/domain/sence-forms";
import type { SenceEnvironment, TrainingLine } from "~/domain/sence-protocol";
import { db } from "../platform/db/client.server";
import { isUniqueViolation } from "../platform/db/errors.server";
import { company, companyEnrolment, companySeatPool, course, enrolment, senceAction, senceParticipant, senceSession, user } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { recordAudit } from "../platform/audit.server";

const actionSubject = (id: number, codigoCurso: string | null) => ({ type: "sence_action", id, label: codigoCurso });

export interface ActionRow {
  id: number;
  companyId: number;
  companyName: string;
  courseId: number;
  courseTitle: string;
  codSence: string;
  codigoCurso: string;
  line: TrainingLine;
  environment: SenceEnvironment;
  startsOn: string;
  endsOn: string;
  participants: number;
  sessions: number;
}

const actionColumns = {
  id: senceAction.id,
  companyId: senceAction.companyId,
  companyName: company.name,
  courseId: senceAction.courseId,
  courseTitle: course.title,
  codSence: senceAction.codSence,
  codigoCurso: senceAction.codigoCurso,
  line: senceAction.line,
  environment: senceAction.environment,
  startsOn: senceAction.startsOn,
  endsOn: senceAction.endsOn,
  participants: sql<number>`(select count(*)::int from sence_participant sp where sp.action_id = "sence_action"."id" and sp.removed_at is null)`,
  sessions: sql<number>`(select count(*)::int from sence_session ss join sence_participant sp on sp.id = ss.participant_id where sp.action_id = "sence_action"."id" and ss.started_at is not null)`,
};

const asRow = (r: Omit<ActionRow, "line" | "environment"> & { line: number; environment: string }): ActionRow => ({
  ...r,
  line: r.line as TrainingLine,
  environment: r.environment as SenceEnvironment,
});

/** The actions of one company (its portal), or of every company (the admin's list). */
export async function listActions(companyId: number | null): Promise<ActionRow[]> {
  const rows = await db()
    .select(actionColumns)
    .from(senceAction)
    .innerJoin(company, eq(company.id, senceAction.companyId))
    .innerJoin(course, eq(course.id, senceAction.courseId))
    .where(companyId === null ? undefined : eq(senceAction.companyId, companyId))
    .orderBy(desc(senceAction.startsOn), desc(senceAction.id))
    .limit(1000);
  return rows.map(asRow);
}

export async function getAction(companyId: number, actionId: number): Promise<ActionRow | null> {
  const [row] = await db()
    .select(actionColumns)
    .from(senceAction)
    .innerJoin(company, eq(company.id, senceAction.companyId))
    .innerJoin(course, eq(course.id, senceAction.courseId))
    .where(and(eq(senceAction.id, actionId), eq(senceAction.companyId, companyId)))
    .limit(1);
  return row ? asRow(row) : null;
}

/** The courses a company can record an action for: those it holds (or held) seats in. */
export async function companyCourses(companyId: number) {
  return db()
    .select({ id: course.id, title: course.title })
    .from(companySeatPool)
    .innerJoin(course, eq(course.id, companySeatPool.courseId))
    .where(eq(companySeatPool.companyId, companyId))
    .orderBy(asc(course.title));
}

async function holdsCourse(companyId: number, courseId: number) {
  const courses = await companyCourses(companyId);
  return courses.some((c) => c.id === courseId);
}

const values = (input: ActionInput) => ({
  courseId: input.courseId,
  codSence: input.codSence,
  codigoCurso: input.codigoCurso,
  line: input.line,
  environment: input.environment,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
});

export async function createAction(companyId: number, input: ActionInput, byUserId: string): Promise<ActionResult<{ actionId: number }>> {
  if (!(await holdsCourse(companyId, input.courseId))) return { ok: false, message: M.courseNotOfCompany, field: "courseId", status: 400 };
  try {
    const actionId = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(senceAction)
        .values({ companyId, ...values(input), createdBy: byUserId })
        .returning({ id: senceAction.id });
      await recordAudit(tx, { actorId: byUserId, action: "sence.action_created", subject: actionSubject(row!.id, input.codigoCurso), after: { companyId, ...values(input) } });
      return row!.id;
    });
    return { ok: true, message: M.actionCreated, actionId };
  } catch (error) {
    if (isUniqueViolation(error, "sence_action_code_uq")) return { ok: false, message: M.codigoCursoTaken, field: "codigoCurso", status: 409 };
    throw error;
  }
}

/**
 * Corrects an action. Once SENCE opened a session under it, its codes, line, environment and course stay as
 * they were sent (the sessions' callbacks echo them); only the dates change.
 */
export async function updateAction(companyId: number, actionId: number, input: ActionInput, byUserId: string): Promise<ActionResult> {
  try {
    return await db().transaction(async (tx): Promise<ActionResult> => {
      const [current] = await tx
        .select()
        .from(senceAction)
        .where(and(eq(senceAction.id, actionId), eq(senceAction.companyId, companyId)))
        .for("update");
      if (!current) return { ok: false, message: M.actionNotFound, status: 404 };
      const [used] = await tx
        .select({ n: count() })
        .from(senceSession)
        .innerJoin(senceParticipant, eq(senceParticipant.id, senceSession.participantId))
        .where(eq(senceParticipant.actionId, actionId));
      const codesChanged =
        current.courseId !== input.courseId ||
        current.codSence !== input.codSence ||
        current.codigoCurso !== input.codigoCurso ||
        current.line !== input.line ||
        current.environment !== input.environment;
      if (codesChanged && (used?.n ?? 0) > 0) return { ok: false, message: M.actionCodesLocked, field: "codigoCurso", status: 409 };
      if (current.courseId !== input.courseId) {
        const [participants] = await tx.select({ n: count() }).from(senceParticipant).where(eq(senceParticipant.actionId, actionId));
        if ((participants?.n ?? 0) > 0 || !(await holdsCourse(companyId, input.courseId))) return { ok: false, message: M.courseNotOfCompany, field: "courseId", status: 400 };
      }
      await tx.update(senceAction).set({ ...values(input), updatedAt: now() }).where(eq(senceAction.id, actionId));
      const { companyId: _company, id: _id, createdBy: _by, createdAt: _at, updatedAt: _up, ...was } = current;
      await recordAudit(tx, { actorId: byUserId, action: "sence.action_updated", subject: actionSubject(actionId, input.codigoCurso), before: was, after: values(input) });
      return { ok: true, message: M.actionUpdated };
    });
  } catch (error) {
    if (isUniqueViolation(error, "sence_action_code_uq")) return { ok: false, message: M.codigoCursoTaken, field: "codigoCurso", status: 409 };
    throw error;
  }
}

export type CandidateState = "in-action" | "available" | "no-rut" | "other-action";

export interface Candidate {
  enrolmentId: number;
  name: string;
  email: string;
  rut: string | null;
  state: CandidateState;
  /** The other action's ID, when the worker is under another one. */
  otherAction: string | null;
}

/** The company's workers of the action's course, and whether each can be put under it. */
export async function actionCandidates(companyId: number, action: Pick<ActionRow, "id" | "courseId">): Promise<Candidate[]> {
  const rows = await db()
    .select({
      enrolmentId: enrolment.id,
      name: user.name,
      email: user.email,
      rut: user.rut,
      activeAction: senceParticipant.actionId,
      activeCodigo: senceAction.codigoCurso,
    })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .leftJoin(senceParticipant, and(eq(senceParticipant.enrolmentId, enrolment.id), isNull(senceParticipant.removedAt)))
    .leftJoin(senceAction, eq(senceAction.id, senceParticipant.actionId))
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, action.courseId)))
    .orderBy(asc(user.name), asc(enrolment.id))
    .limit(10_000);
  return rows.map((r) => ({
    enrolmentId: r.enrolmentId,
    name: r.name,
    email: r.email,
    rut: r.rut,
    state: r.activeAction === action.id ? "in-action" : r.activeAction !== null ? "other-action" : r.rut ? "available" : "no-rut",
    otherAction: r.activeAction !== null && r.activeAction !== action.id ? r.activeCodigo : null,
  }));
}

/**
 * Puts workers under the action, in one transaction: each must be enrolled in the course through this company,
 * have a RUT, and be under no other action; one refused worker refuses them all, with the reason. A worker taken
 * out earlier is put back on the same row (its sessions stay attached).
 */
export async function addParticipants(companyId: number, actionId: number, enrolmentIds: number[], byUserId: string): Promise<ActionResult<{ added: number }>> {
  const wanted = [...new Set(enrolmentIds)];
  if (wanted.length === 0) return { ok: false, message: M.noWorkersChosen, status: 400 };
  try {
    return await db().transaction(async (tx): Promise<ActionResult<{ added: number }>> => {
      const [action] = await tx
        .select({ id: senceAction.id, courseId: senceAction.courseId })
        .from(senceAction)
        .where(and(eq(senceAction.id, actionId), eq(senceAction.companyId, companyId)))
        .for("update");
      if (!action) return { ok: false, message: M.actionNotFound, status: 404 };
      const people = await tx
        .select({ enrolmentId: enrolment.id, userId: user.id, rut: user.rut })
        .from(companyEnrolment)
        .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
        .innerJoin(user, eq(user.id, companyEnrolment.userId))
        .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, action.courseId), inArray(enrolment.id, wanted)));
      if (people.length !== wanted.length) return { ok: false, message: M.workerNotOfCompany, status: 400 };
      if (people.some((p) => !p.rut)) return { ok: false, message: M.workerNeedsRut, status: 400 };
      const active = await tx
        .select({ enrolmentId: senceParticipant.enrolmentId, actionId: senceParticipant.actionId, codigo: senceAction.codigoCurso })
        .from(senceParticipant)
        .innerJoin(senceAction, eq(senceAction.id, senceParticipant.actionId))
        .where(and(inArray(senceParticipant.enrolmentId, wanted), isNull(senceParticipant.removedAt)));
      const elsewhere = active.find((a) => a.actionId !== actionId);
      if (elsewhere) return { ok: false, message: M.workerInOtherAction(elsewhere.codigo), status: 409 };
      const already = new Set(active.map((a) => a.enrolmentId));
      let added = 0;
      for (const person of people) {
        if (already.has(person.enrolmentId)) continue;
        const back = await tx
          .update(senceParticipant)
          .set({ removedAt: null, removedBy: null, run: person.rut!, addedBy: byUserId, addedAt: now() })
          .where(and(eq(senceParticipant.actionId, actionId), eq(senceParticipant.enrolmentId, person.enrolmentId)))
          .returning({ id: senceParticipant.id });
        if (back.length === 0) {
          await tx.insert(senceParticipant).values({ actionId, enrolmentId: person.enrolmentId, userId: person.userId, run: person.rut!, addedBy: byUserId, addedAt: now() });
        }
        added += 1;
      }
      const newcomers = people.filter((p) => !already.has(p.enrolmentId)).map((p) => p.enrolmentId);
      if (newcomers.length > 0) {
        await recordAudit(tx, { actorId: byUserId, action: "sence.participants_added", subject: actionSubject(actionId, null), after: { enrolmentIds: newcomers } });
      }
      return { ok: true, message: M.workersAdded(added), added };
    });
  } catch (error) {
    // Another request put one of them under an action at the same moment: nothing of this one was written.
    if (isUniqueViolation(error)) return { ok: false, message: M.workerInOtherAction("—"), status: 409 };
    throw error;
  }
}

/** Takes a worker out of the action: the content no longer waits for SENCE; the sessions stay on record. */
export async function removeParticipant(companyId: number, actionId: number, participantId: number, byUserId: string): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    const [removed] = await tx
      .update(senceParticipant)
      .set({ removedAt: now(), removedBy: byUserId })
      .where(
        and(
          eq(senceParticipant.id, participantId),
          eq(senceParticipant.actionId, actionId),
          isNull(senceParticipant.removedAt),
          sql`exists (select 1 from sence_action sa where sa.id = "sence_participant"."action_id" and sa.company_id = ${companyId})`,
        ),
      )
      .returning({ enrolmentId: senceParticipant.enrolmentId, run: senceParticipant.run });
    if (!removed) return { ok: false, message: M.participantNotFound, status: 404 };
    await recordAudit(tx, { actorId: byUserId, action: "sence.participant_removed", subject: actionSubject(actionId, null), before: { enrolmentIds: [removed.enrolmentId], run: removed.run } });
    return { ok: true, message: M.workerRemoved };
  });
}
