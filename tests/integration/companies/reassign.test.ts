// Reassigning the seat of a worker who never started (docs/admin-guide.md, "Empresas"): in one transaction the
// enrolment is released (ledger, audit and a mail keep its history) and the seat goes to an invitation of another
// person with the same due date. Two reassignments of one seat at once: one wins. A reassignment that meets the
// worker starting the course: refused, nothing changed. Another company, a learner, bad input: nothing changed.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as courseRoute from "~/routes/empresa/curso";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, companyEnrolment, companyInvitation, companySeatLedger, courseModule, enrolment, lesson } from "~/server/platform/db/schema";
import { seatSummaries, writeLedger } from "~/server/companies/seats.server";
import { completeLessonInTx } from "~/server/learning/learning.server";
import { resetClock } from "~/server/platform/clock.server";
import { call, isRefused } from "../support/call";
import { formRequest } from "../support/requests";
import { createUser } from "../support/users";
import { badRut, companyWithManager, lastMailTo, workerFields } from "./support";

afterEach(() => resetClock());

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

async function worker(companyId: number, dueOn: string | null = null) {
  const person = await createUser({ name: `Trabajador ${Math.random().toString(36).slice(2, 7)}` });
  const [row] = await db().insert(enrolment).values({ userId: person.id, courseId: 1 }).returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId: 1, enrolmentId: row!.id, userId: person.id, dueOn });
  await db().transaction((tx) => writeLedger(tx, { companyId, courseId: 1, delta: -1, kind: "enrolment", reason: person.email, byUserId: null }));
  return { ...person, enrolmentId: row!.id };
}

const reassign = (cookie: string, companyId: number, enrolmentId: number, to: Record<string, string>) =>
  call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, { intent: "reassign", enrolmentId: String(enrolmentId), ...to }, { cookie }), {
    companyId: String(companyId),
    courseId: "1",
  });

const free = async (companyId: number) => (await seatSummaries(companyId)).find((s) => s.courseId === 1)!.free;
const invitationsTo = (companyId: number, email: string) =>
  db().select().from(companyInvitation).where(and(eq(companyInvitation.companyId, companyId), eq(companyInvitation.email, email)));
const stillEnrolled = async (enrolmentId: number) => (await db().select().from(enrolment).where(eq(enrolment.id, enrolmentId))).length === 1;

describe("reasignar un cupo", () => {
  it("libera la inscripción de quien no empezó e invita a otra persona con el mismo cupo y fecha límite; ambos reciben correo", async () => {
    const A = await companyWithManager(admin.cookie, 3);
    const w = await worker(A.companyId, "2031-12-15");
    const before = await free(A.companyId);
    const to = workerFields();
    const res = await reassign(A.manager.cookie, A.companyId, w.enrolmentId, to);
    expect(res).toMatchObject({ status: 200, data: { ok: true, message: `Reasignaste el cupo de ${w.name} a ${to.name}: le enviamos la invitación.` } });
    expect(await stillEnrolled(w.enrolmentId)).toBe(false);
    expect(await invitationsTo(A.companyId, to.email)).toMatchObject([{ dueOn: "2031-12-15", acceptedAt: null, revokedAt: null }]);
    expect(await free(A.companyId)).toBe(before);
    const ledger = await db().select({ kind: companySeatLedger.kind, delta: companySeatLedger.delta }).from(companySeatLedger).where(eq(companySeatLedger.companyId, A.companyId));
    expect(ledger.slice(-2)).toEqual([{ kind: "release", delta: 1 }, { kind: "invitation", delta: -1 }]);
    expect(await db().select().from(auditEvent).where(and(eq(auditEvent.action, "enrolment.reassigned"), eq(auditEvent.subjectId, String(w.enrolmentId))))).toHaveLength(1);
    expect((await lastMailTo(w.email))?.subject).toMatch(/liberó tu cupo en Reanimación Cardiopulmonar solo Compresiones$/);
    expect((await lastMailTo(to.email))?.subject).toMatch(/te invita a capacitarte/);
    // The same request again (a replay): the seat is no longer that worker's.
    expect(await reassign(A.manager.cookie, A.companyId, w.enrolmentId, workerFields())).toMatchObject({ status: 409, data: { message: "El trabajador no está inscrito en este curso por tu empresa." } });
  });

  it("dos reasignaciones del mismo cupo a la vez: una gana, la otra no deja nada escrito", async () => {
    const A = await companyWithManager(admin.cookie, 3);
    const w = await worker(A.companyId);
    const before = await free(A.companyId);
    const [x, y] = [workerFields(), workerFields()];
    const results = await Promise.all([reassign(A.manager.cookie, A.companyId, w.enrolmentId, x), reassign(A.manager.cookie, A.companyId, w.enrolmentId, y)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const invited = [...(await invitationsTo(A.companyId, x.email)), ...(await invitationsTo(A.companyId, y.email))];
    expect(invited).toHaveLength(1);
    expect(await free(A.companyId)).toBe(before);
  });

  it("si el trabajador empieza el curso mientras se reasigna, se rechaza limpiamente y nada cambia", async () => {
    const A = await companyWithManager(admin.cookie, 3);
    const w = await worker(A.companyId);
    const before = await free(A.companyId);
    const [first] = await db().select({ id: lesson.id }).from(lesson).innerJoin(courseModule, eq(courseModule.id, lesson.moduleId)).where(eq(courseModule.courseId, 1)).limit(1);
    const to = workerFields();
    let lessonDone!: () => void;
    const locked = new Promise<void>((resolve) => (lessonDone = resolve));
    // The learner's completion holds the enrolment's lock while the manager presses "Reasignar".
    const studying = db().transaction(async (tx) => {
      await completeLessonInTx(tx, w.enrolmentId, first!.id);
      lessonDone();
      await new Promise((r) => setTimeout(r, 300));
    });
    await locked;
    const res = await reassign(A.manager.cookie, A.companyId, w.enrolmentId, to);
    await studying;
    expect(res).toMatchObject({ status: 409, data: { message: "Solo se puede liberar el cupo de quien aún no empieza el curso (sin lecciones, evaluaciones ni asistencia SENCE)." } });
    expect(await stillEnrolled(w.enrolmentId)).toBe(true);
    expect(await invitationsTo(A.companyId, to.email)).toHaveLength(0);
    expect(await free(A.companyId)).toBe(before);
  });

  it("otra empresa, un alumno, datos malos o alguien ya inscrito: nada cambia y el mensaje va junto al campo", async () => {
    const A = await companyWithManager(admin.cookie, 3);
    const B = await companyWithManager(admin.cookie, 3);
    const learner = await createUser();
    const w = await worker(A.companyId);
    const other = await worker(A.companyId);
    const before = await free(A.companyId);
    const to = workerFields();
    expect(await reassign(B.manager.cookie, B.companyId, w.enrolmentId, to)).toMatchObject({ status: 409 });
    expect(isRefused(await reassign(B.manager.cookie, A.companyId, w.enrolmentId, to))).toBe(true);
    expect(isRefused(await reassign(learner.cookie, A.companyId, w.enrolmentId, to))).toBe(true);
    const bad = await reassign(A.manager.cookie, A.companyId, w.enrolmentId, { ...to, rut: badRut() });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.rut).toBeTruthy();
    expect(bad.data.values).toMatchObject({ name: to.name, email: to.email, enrolmentId: String(w.enrolmentId) });
    expect(await reassign(A.manager.cookie, A.companyId, w.enrolmentId, { ...to, email: other.email })).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: expect.any(String) } },
    });
    expect(await reassign(A.manager.cookie, A.companyId, w.enrolmentId, { ...to, email: w.email })).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Escribe el correo de otra persona: este trabajador ya tiene el cupo." } },
    });
    expect(await stillEnrolled(w.enrolmentId)).toBe(true);
    expect(await invitationsTo(A.companyId, to.email)).toHaveLength(0);
    expect(await free(A.companyId)).toBe(before);
  });
});
