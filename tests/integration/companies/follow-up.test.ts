// The manager's follow-up (docs/admin-guide.md, "Empresas"): reminders at most once a day per worker, however many
// clicks or managers; releasing the seat of a worker who never started gives it back exactly once; another
// company's manager or a learner can do neither. Through the course page's real action.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as courseRoute from "~/routes/empresa/curso";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, examAttempt, companyEnrolment, companyReminder, companySeatLedger, enrolment, lesson, lessonCompletion, lessonStudy, courseModule } from "~/server/platform/db/schema";
import { seatSummaries, writeLedger } from "~/server/companies/seats.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, lastMailTo } from "./support";

afterEach(() => resetClock());

let admin: Awaited<ReturnType<typeof createUser>>;
let A: Awaited<ReturnType<typeof companyWithManager>>;
let B: Awaited<ReturnType<typeof companyWithManager>>;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  A = await companyWithManager(admin.cookie, 20);
  B = await companyWithManager(admin.cookie, 5);
});

/** A worker enrolled in course 1 through the company, using one of its seats. */
async function worker(companyId: number, opts: { completed?: boolean; started?: boolean; studied?: boolean } = {}) {
  const person = await createUser({ name: `Trabajador ${Math.random().toString(36).slice(2, 7)}` });
  const [row] = await db()
    .insert(enrolment)
    .values({ userId: person.id, courseId: 1, progress: opts.completed ? 100 : 0, completedAt: opts.completed ? new Date() : null })
    .returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId: 1, enrolmentId: row!.id, userId: person.id });
  await db().transaction((tx) => writeLedger(tx, { companyId, courseId: 1, delta: -1, kind: "enrolment", reason: person.email, byUserId: null }));
  if (opts.started) {
    const [first] = await db().select({ id: lesson.id }).from(lesson).innerJoin(courseModule, eq(courseModule.id, lesson.moduleId)).where(eq(courseModule.courseId, 1)).limit(1);
    await db().insert(lessonCompletion).values({ enrolmentId: row!.id, lessonId: first!.id });
  }
  if (opts.studied) {
    // Studying without completing yet: time credited to a lesson, none completed.
    const [first] = await db().select({ id: lesson.id }).from(lesson).innerJoin(courseModule, eq(courseModule.id, lesson.moduleId)).where(eq(courseModule.courseId, 1)).limit(1);
    const at = new Date();
    await db().insert(lessonStudy).values({ enrolmentId: row!.id, cycle: 1, lessonId: first!.id, seconds: 120, visitStartedAt: at, visitSeconds: 120, creditedUntil: at, updatedAt: at });
  }
  return { ...person, enrolmentId: row!.id };
}

const post = (cookie: string | undefined, companyId: number, fields: Record<string, string>) =>
  call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, fields, { cookie }), { companyId: String(companyId), courseId: "1" });

const free = async (companyId: number) => (await seatSummaries(companyId)).find((s) => s.courseId === 1)!.free;

describe("recordar", () => {
  it("a uno: se envía una vez por día; al día siguiente, otra vez", async () => {
    freezeClock(new Date("2031-05-05T15:00:00Z"));
    const w = await worker(A.companyId);
    const first = await post(A.manager.cookie, A.companyId, { intent: "remind", enrolmentId: String(w.enrolmentId) });
    expect(first).toMatchObject({ status: 200, data: { ok: true, message: "Enviamos el recordatorio a 1 trabajador." } });
    const mail = await lastMailTo(w.email);
    expect(mail?.subject).toMatch(/^Recordatorio de .*: Reanimación Cardiopulmonar solo Compresiones$/);
    expect(mail?.text).toContain("aún no lo empiezas");
    expect(await post(A.manager.cookie, A.companyId, { intent: "remind", enrolmentId: String(w.enrolmentId) })).toMatchObject({
      status: 409,
      data: { message: "Ya le enviaste un recordatorio hoy: se envía uno por día como máximo." },
    });
    freezeClock(new Date("2031-05-06T15:00:00Z"));
    expect((await post(A.manager.cookie, A.companyId, { intent: "remind", enrolmentId: String(w.enrolmentId) })).status).toBe(200);
    expect(await db().select().from(companyReminder).where(eq(companyReminder.enrolmentId, w.enrolmentId))).toHaveLength(2);
  });

  it("a todos los que no han terminado, dos veces a la vez: un recordatorio por trabajador; quien terminó no recibe", async () => {
    freezeClock(new Date("2031-06-01T15:00:00Z"));
    const company = await companyWithManager(admin.cookie, 5);
    const pending = [await worker(company.companyId), await worker(company.companyId, { started: true })];
    const done = await worker(company.companyId, { completed: true });
    const results = await Promise.all([
      post(company.manager.cookie, company.companyId, { intent: "remind-all" }),
      post(company.manager.cookie, company.companyId, { intent: "remind-all" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.data.message).toBe("Enviamos el recordatorio a 2 trabajadores.");
    for (const w of pending) expect(await db().select().from(companyReminder).where(eq(companyReminder.enrolmentId, w.enrolmentId))).toHaveLength(1);
    expect(await db().select().from(companyReminder).where(eq(companyReminder.enrolmentId, done.enrolmentId))).toHaveLength(0);
    expect((await lastMailTo(pending[1]!.email))?.text).toContain("Llevas 0 de");
    expect(await post(company.manager.cookie, company.companyId, { intent: "remind", enrolmentId: String(done.enrolmentId) })).toMatchObject({
      status: 409,
      data: { message: "Este trabajador ya completó el curso." },
    });
  });

  it("otra empresa o un alumno no pueden recordar a sus trabajadores", async () => {
    const w = await worker(A.companyId);
    const learner = await createUser();
    expect(await post(B.manager.cookie, B.companyId, { intent: "remind", enrolmentId: String(w.enrolmentId) })).toMatchObject({
      status: 409,
      data: { message: "El trabajador no está inscrito en este curso por tu empresa." },
    });
    expect(isRefused(await post(B.manager.cookie, A.companyId, { intent: "remind", enrolmentId: String(w.enrolmentId) }))).toBe(true);
    expect(isRefused(await post(learner.cookie, A.companyId, { intent: "remind-all" }))).toBe(true);
    expect(await db().select().from(companyReminder).where(eq(companyReminder.enrolmentId, w.enrolmentId))).toHaveLength(0);
  });
});

describe("liberar un cupo", () => {
  it("de quien no empezó: borra la inscripción, devuelve el cupo una vez aunque se pida dos veces a la vez, lo audita y le avisa", async () => {
    // Someone else's exam attempt in the course is not this worker's: the check reads the worker's own rows only.
    const other = await createUser();
    const [exam] = await db().select({ id: lesson.id }).from(lesson).innerJoin(courseModule, eq(courseModule.id, lesson.moduleId)).where(eq(courseModule.courseId, 1)).limit(1);
    await db().insert(examAttempt).values({ userId: other.id, lessonId: exam!.id, questionIds: [], optionOrder: [] });
    const w = await worker(A.companyId);
    const before = await free(A.companyId);
    const fields = { intent: "release", enrolmentId: String(w.enrolmentId), confirm: "on" };
    const results = await Promise.all([post(A.manager.cookie, A.companyId, fields), post(A.manager.cookie, A.companyId, fields)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.data.message).toBe(`Liberaste el cupo de ${w.name}: quedó disponible para otro trabajador.`);
    expect(await free(A.companyId)).toBe(before + 1);
    expect(await db().select().from(enrolment).where(eq(enrolment.id, w.enrolmentId))).toHaveLength(0);
    expect(await db().select().from(companySeatLedger).where(and(eq(companySeatLedger.companyId, A.companyId), eq(companySeatLedger.kind, "release")))).toHaveLength(1);
    expect(await db().select().from(auditEvent).where(and(eq(auditEvent.action, "enrolment.released"), eq(auditEvent.subjectId, String(w.enrolmentId))))).toHaveLength(1);
    expect((await lastMailTo(w.email))?.subject).toMatch(/liberó tu cupo en Reanimación Cardiopulmonar solo Compresiones$/);
  });

  it("no de quien ya empezó ni sin confirmar; tampoco otra empresa", async () => {
    const started = await worker(A.companyId, { started: true });
    const studying = await worker(A.companyId, { studied: true });
    const untouched = await worker(A.companyId);
    const before = await free(A.companyId);
    expect((await post(A.manager.cookie, A.companyId, { intent: "release", enrolmentId: String(studying.enrolmentId), confirm: "on" })).status).toBe(409);
    // The page says so too: the one who studied reads "En curso" and is offered no release; the untouched one is.
    const page = await call(courseRoute.loader, getRequest(`/empresa/${A.companyId}/cursos/1`, A.manager.cookie), { companyId: String(A.companyId), courseId: "1" });
    const rowOf = (enrolmentId: number) => page.data.workers.find((w: { enrolmentId: number }) => w.enrolmentId === enrolmentId);
    expect(rowOf(studying.enrolmentId)).toMatchObject({ status: "En curso", releasable: false });
    expect(rowOf(untouched.enrolmentId)).toMatchObject({ status: "Sin iniciar", releasable: true });
    expect(await post(A.manager.cookie, A.companyId, { intent: "release", enrolmentId: String(started.enrolmentId), confirm: "on" })).toMatchObject({
      status: 409,
      data: { message: "Solo se puede liberar el cupo de quien aún no empieza el curso (sin lecciones, evaluaciones ni asistencia SENCE)." },
    });
    expect(await post(A.manager.cookie, A.companyId, { intent: "release", enrolmentId: String(untouched.enrolmentId) })).toMatchObject({
      status: 400,
      data: { message: "Marca la casilla para confirmar que quieres liberar el cupo." },
    });
    expect((await post(B.manager.cookie, B.companyId, { intent: "release", enrolmentId: String(untouched.enrolmentId), confirm: "on" })).status).toBe(409);
    expect(isRefused(await post(B.manager.cookie, A.companyId, { intent: "release", enrolmentId: String(untouched.enrolmentId), confirm: "on" }))).toBe(true);
    expect(await free(A.companyId)).toBe(before);
    expect(await db().select().from(enrolment).where(eq(enrolment.id, untouched.enrolmentId))).toHaveLength(1);
  });
});
