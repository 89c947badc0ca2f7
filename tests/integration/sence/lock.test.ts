// The learner's lock (docs/decisions.md F3): a worker under a SENCE action studies only inside an open SENCE session,
// enforced by the server on every way into the course — the content page, lesson events, practice, the exam and
// the lesson files — and by nothing for anyone else.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as content from "~/routes/curso-contenido";
import * as fileRoute from "~/routes/archivo-leccion";
import * as senceRoute from "~/routes/curso-sence";
import { senceMessages } from "~/domain/sence-messages";
import { db } from "~/server/platform/db/client.server";
import { courseModule, lesson, lessonCompletion, senceParticipant, senceSession } from "~/server/platform/db/schema";
import { removeParticipant } from "~/server/sence/actions.server";
import { call } from "../support/call";
import { openContent, postHeartbeat, studyLesson } from "../learning/helpers";
import { BASE, formRequest } from "../support/requests";
import { createUser } from "../support/users";
import { callbackOf } from "../../../scripts/sence/browser";
import { atSence, closeSession, companyAction, deliver, startSession, useSence } from "./support";

const ctx = useSence();

async function lessons() {
  const rows = await db()
    .select({ id: lesson.id, type: lesson.type, assetId: lesson.assetId })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(courseModule.courseId, 1), eq(lesson.status, "published")))
    .orderBy(asc(courseModule.position), asc(lesson.position));
  const withFile = rows.find((r) => r.assetId !== null && r.type !== "examen")!;
  const exam = rows.find((r) => r.type === "examen")!;
  return { withFile: withFile.id, exam: exam.id };
}

const post = (cookie: string, fields: Record<string, string>) =>
  call(content.action, formRequest("/cursos/1/contenido", fields, { cookie }), { courseId: "1" });
const file = (cookie: string, id: number) =>
  call(fileRoute.loader, new Request(`${BASE}/archivos/lecciones/${id}`, { headers: { cookie } }), { lessonId: String(id) });
const completions = async (enrolmentId: number) => db().select().from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, enrolmentId));

/** Every way into the course is refused, and nothing is recorded (`completed`: the completions there already were). */
async function expectLocked(cookie: string, enrolmentId: number, completed = 0) {
  const { withFile, exam } = await lessons();
  const page = await openContent(cookie, 1);
  expect(page.status).toBe(403);
  expect(page.data.kind).toBe("sence-locked");
  expect(page.data.lesson).toBeUndefined();
  const opened = await post(cookie, { intent: "lesson-study", leccion: String(withFile), visita: "x" });
  expect(opened.status).toBe(403);
  const beat = await postHeartbeat(cookie, 1, { leccion: String(withFile), visita: "x" });
  expect(beat.status).toBe(403);
  const started = await post(cookie, { intent: "exam-start", leccion: String(exam) });
  expect(started.status).toBe(403);
  expect(started.data.exam.message).toBe(senceMessages.studyLocked);
  const practice = await post(cookie, { intent: "practice-completed", leccion: String(withFile), toques: "[]" });
  expect(practice.status).toBe(403);
  const served = await file(cookie, withFile);
  expect(served.status).toBe(403);
  expect(await served.response!.text()).toBe(senceMessages.fileLocked);
  expect(await completions(enrolmentId)).toHaveLength(completed);
}

describe("a worker under a SENCE action", () => {
  it("sees nothing of the course until SENCE opens a session, studies while it is open, and is locked again after closing", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const w = workers[0]!;
    await expectLocked(w.cookie, w.enrolmentId);
    expect((await openContent(w.cookie, 1)).data.sence).toMatchObject({ status: "none", environment: "test" });

    await startSession(w.id);
    const { withFile } = await lessons();
    const page = await openContent(w.cookie, 1);
    expect(page.status).toBe(200);
    expect(page.data.kind).toBe("content");
    expect(page.data.sence).toMatchObject({ status: "open", closing: false });
    expect((await studyLesson(w.cookie, withFile)).status).toBe(200);
    expect((await file(w.cookie, withFile)).status).toBe(200);
    expect(await completions(w.enrolmentId)).toHaveLength(1);

    await closeSession(w.id);
    // The completion recorded while the session was open stays; nothing else can be added.
    await expectLocked(w.cookie, w.enrolmentId, 1);
    expect((await openContent(w.cookie, 1)).data.sence).toMatchObject({ status: "closed" });
  });

  it("a failed or pending sign-in keeps the lock", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 2 });
    await startSession(workers[0]!.id, { escenario: "208" });
    await expectLocked(workers[0]!.cookie, workers[0]!.enrolmentId);
    const pending = await call(senceRoute.action, formRequest("/cursos/1/sence", { intent: "iniciar" }, { cookie: workers[1]!.cookie }), { courseId: "1" });
    expect(pending.status).toBe(200);
    await expectLocked(workers[1]!.cookie, workers[1]!.enrolmentId);
  });

  it("taken out of the action (paid privately), the worker studies without SENCE", async () => {
    const { companyId, actionId, manager, workers } = await companyAction(ctx.admin, { workers: 1 });
    expect((await openContent(workers[0]!.cookie, 1)).status).toBe(403);
    const [p] = await db().select({ id: senceParticipant.id }).from(senceParticipant).where(eq(senceParticipant.enrolmentId, workers[0]!.enrolmentId));
    expect((await removeParticipant(companyId, actionId, p!.id, manager.id)).ok).toBe(true);
    const after = await openContent(workers[0]!.cookie, 1);
    expect(after.status).toBe(200);
    expect(after.data.sence).toBeNull();
  });
});

describe("everyone else", () => {
  it("a worker of the same company not under the action, a private learner and an admin are not affected", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 2, underAction: 1 });
    const free = await openContent(workers[1]!.cookie, 1);
    expect(free.status).toBe(200);
    expect(free.data.sence).toBeNull();
    const admin = await openContent(ctx.admin.cookie, 1);
    expect(admin.status).toBe(200);
    const { withFile } = await lessons();
    expect((await file(ctx.admin.cookie, withFile)).status).toBe(200);
    const stranger = await createUser();
    expect((await openContent(stranger.cookie, 1)).status).toBe(403);
    expect((await openContent(stranger.cookie, 1)).data.kind).toBe("not-enrolled");
  });
});

describe("POST /cursos/:id/sence", () => {
  const senceAction = (cookie: string | undefined, intent: string) =>
    call(senceRoute.action, formRequest("/cursos/1/sence", { intent }, cookie ? { cookie } : {}), { courseId: "1" });

  it("answers the form for SENCE's test endpoint, with the academy's RUT and token", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const res = await senceAction(workers[0]!.cookie, "iniciar");
    expect(res.status).toBe(200);
    expect(res.data.endpoint).toBe(`${ctx.sence.url}/rcetest/Registro/IniciarSesion`);
    expect(res.data.fields).toMatchObject({ RutOtec: "76543210-3", RunAlumno: workers[0]!.rut, LineaCapacitacion: "3", UrlRetoma: `${BASE}/sence/retorno`, UrlError: `${BASE}/sence/error` });
    expect(res.data.fields.IdSesionAlumno).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(res.data.fields).sort()).toEqual(["CodSence", "CodigoCurso", "IdSesionAlumno", "LineaCapacitacion", "RunAlumno", "RutOtec", "Token", "UrlError", "UrlRetoma"]);
  });

  it("refuses the anonymous, the not enrolled, those not under an action, a second open and a close with nothing open", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 2, underAction: 1 });
    expect(await senceAction(undefined, "iniciar")).toMatchObject({ status: 302, location: "/cursos/1" });
    const stranger = await createUser();
    expect((await senceAction(stranger.cookie, "iniciar")).status).toBe(403);
    expect(await senceAction(workers[1]!.cookie, "iniciar")).toMatchObject({ status: 400, data: { message: senceMessages.notUnderAction } });
    expect(await senceAction(workers[0]!.cookie, "otra")).toMatchObject({ status: 400 });
    expect(await senceAction(workers[0]!.cookie, "cerrar")).toMatchObject({ status: 409, data: { message: senceMessages.noneOpen } });
    await startSession(workers[0]!.id);
    expect(await senceAction(workers[0]!.cookie, "iniciar")).toMatchObject({ status: 409, data: { message: senceMessages.alreadyOpen } });
  });

  it("two clicks at once leave one pending session, and the first attempt's answer no longer opens anything", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const [a, b] = await Promise.all([senceAction(workers[0]!.cookie, "iniciar"), senceAction(workers[0]!.cookie, "iniciar")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const live = await db()
      .select({ id: senceSession.id, correlationId: senceSession.correlationId })
      .from(senceSession)
      .where(and(inArray(senceSession.correlationId, [a.data.fields.IdSesionAlumno, b.data.fields.IdSesionAlumno]), eq(senceSession.status, "pending")));
    expect(live).toHaveLength(1);
    const superseded = await db().select().from(senceSession).where(and(inArray(senceSession.correlationId, [a.data.fields.IdSesionAlumno, b.data.fields.IdSesionAlumno]), isNotNull(senceSession.expiredAt)));
    expect(superseded).toHaveLength(1);
    const old = [a, b].find((r) => r.data.fields.IdSesionAlumno === superseded[0]!.correlationId)!;
    const answer = callbackOf(await atSence({ ok: true, operation: "start", endpoint: old.data.endpoint, fields: old.data.fields }));
    expect((await deliver(answer)).result).toBe("ignored:late");
    expect((await openContent(workers[0]!.cookie, 1)).status).toBe(403);
  });
});
