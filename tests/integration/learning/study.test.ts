// Honest completion and time on task (docs/decisions.md F8): every rule the server enforces, tried to be broken —
// time credited only as the server's clock moves, the heartbeat cap, a replay, two beats at once, another
// learner's token, the no-JavaScript form, a video "watched" faster than it plays, a stale page, the cycles.
import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { enrolment, lesson, lessonCompletion, lessonStudy } from "~/server/platform/db/schema";
import { advanceClock, freezeClock, now, resetClock } from "~/server/platform/clock.server";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { requestClockMiddleware } from "~/server/platform/clock-control.server";
import { env, setEnv } from "~/server/platform/env.server";
import { studySecondsByEnrolment } from "~/server/learning/study.server";
import { HEARTBEAT_CAP_SECONDS } from "~/domain/study";
import { learningMessages } from "~/domain/learning-messages";
import { getDashboard } from "~/server/learning/dashboard.server";
import { getLearnerDetail } from "~/server/learning/admin-learner.server";
import { getUser } from "~/server/accounts/session.server";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import { completedLessonIds, enrol, lessonId, openContent, postContent, postHeartbeat, studyLesson, visitTokenOf } from "./helpers";

useFixtureCatalogue();
afterEach(() => resetClock());

async function studyRow(enrolmentId: number, lesson: number) {
  const [row] = await db()
    .select()
    .from(lessonStudy)
    .where(and(eq(lessonStudy.enrolmentId, enrolmentId), eq(lessonStudy.lessonId, lesson)));
  return row;
}

async function setDuration(title: string, durationMin: number) {
  await db().update(lesson).set({ durationMin }).where(eq(lesson.title, title));
  catalogueChanged();
}

const beat = (cookie: string, lesson: number, visita: string, extra: Record<string, string> = {}) =>
  postHeartbeat(cookie, 1, { leccion: String(lesson), visita, fin: "1", ...extra });

describe("una lectura se completa al estudiarla, no al abrirla (F8)", () => {
  it("abrir y marcar de inmediato no completa: dice cuánto falta; con el tiempo del servidor, sí", async () => {
    freezeClock(new Date("2026-03-02T13:00:00Z"));
    await setDuration(COURSE1.lectura, 10);
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(COURSE1.lectura);
    const page = await openContent(u.cookie, 1, `?leccion=${id}`);
    expect(page.data.lesson.study).toMatchObject({ kind: "reading", requiredSeconds: 300, seconds: 0 });
    expect(page.data.lesson.study.message).toBe("Te faltan unos 5 minutos de lectura para completar esta lección: léela hasta el final.");
    const visita = page.data.lesson.study.token as string;

    const early = await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita });
    expect(early).toMatchObject({ status: 200, data: { study: { completed: false, message: "Te faltan unos 5 minutos de lectura para completar esta lección." } } });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);

    // A minute of real reading, told by heartbeats: 20 s each, credited from the server's clock.
    for (let i = 0; i < 3; i++) {
      advanceClock(20_000);
      expect((await beat(u.cookie, id, visita)).data).toMatchObject({ completed: false });
    }
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(60);
    expect((await openContent(u.cookie, 1, `?leccion=${id}`)).data.lesson.study.message).toBe("Te faltan unos 4 minutos de lectura para completar esta lección.");

    // Four more minutes pass on the page; the form (also the no-JavaScript path) closes the visit.
    advanceClock(240_000);
    const done = await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita });
    expect(done).toMatchObject({ status: 200, data: { study: { completed: true, message: null } } });
    expect(await completedLessonIds(enrolmentId)).toEqual([id]);
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(300);
  });

  it("un latido cuenta a lo más el tiempo real desde el anterior, con tope: una pestaña olvidada no suma horas", async () => {
    freezeClock(new Date("2026-03-02T13:00:00Z"));
    await setDuration(COURSE1.lectura, 60);
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(COURSE1.lectura);
    const visita = (await visitTokenOf(u.cookie, id))!;
    advanceClock(3 * 3_600_000);
    await beat(u.cookie, id, visita);
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(HEARTBEAT_CAP_SECONDS);
    // The clock did not move: a replay earns nothing.
    await beat(u.cookie, id, visita);
    await beat(u.cookie, id, visita);
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(HEARTBEAT_CAP_SECONDS);
  });

  it("dos latidos a la vez (o diez) se acreditan una sola vez", async () => {
    freezeClock(new Date("2026-03-02T13:00:00Z"));
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(COURSE1.pdf);
    const visita = (await visitTokenOf(u.cookie, id))!;
    advanceClock(20_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => beat(u.cookie, id, visita, { fin: "0" })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(20);
    // Two forms at once: the visit's time once (40 s open, capped at the lesson's 30 s — it has no duration set).
    advanceClock(20_000);
    await Promise.all([1, 2].map(() => postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita })));
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(30);
    expect(await completedLessonIds(enrolmentId)).toEqual([id]);
  });

  it("el token de la visita es de quien la abrió y de esa lección: otro alumno, otra lección o uno alterado se rechazan", async () => {
    const a = await createUser();
    const b = await createUser();
    const enrolmentA = await enrol(a.id);
    const enrolmentB = await enrol(b.id);
    const pdf = await lessonId(COURSE1.pdf);
    const doc = await lessonId(COURSE1.documento);
    const tokenA = (await visitTokenOf(a.cookie, pdf))!;
    advanceClock(60_000);
    // B posts A's token (B is enrolled in the same course): refused, nothing recorded for either.
    expect((await beat(b.cookie, pdf, tokenA)).status).toBe(403);
    expect((await postContent(b.cookie, 1, { intent: "lesson-study", leccion: String(pdf), visita: tokenA })).status).toBe(403);
    // A's own token for another lesson.
    expect((await beat(a.cookie, doc, tokenA)).status).toBe(403);
    // An altered token (the instant moved back an hour, to claim the time).
    const [e, c, l, t, sig] = tokenA.split(".");
    expect((await beat(a.cookie, pdf, [e, c, l, String(Number(t) - 3_600_000), sig].join("."))).status).toBe(400);
    expect((await beat(a.cookie, pdf, "")).status).toBe(400);
    expect((await beat(a.cookie, pdf, tokenA, { segmentos: "no" })).status).toBe(400);
    // Without a session, or not enrolled.
    expect(await postHeartbeat(undefined, 1, { leccion: String(pdf), visita: tokenA })).toMatchObject({ status: 302 });
    const stranger = await createUser();
    expect((await beat(stranger.cookie, pdf, tokenA)).status).toBe(403);
    expect(await studyRow(enrolmentA, pdf)).toBeUndefined();
    expect(await studyRow(enrolmentB, pdf)).toBeUndefined();
    expect(await completedLessonIds(enrolmentB)).toEqual([]);
  });

  it("una página abierta hace más de 12 horas pide recargarla", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await lessonId(COURSE1.pdf);
    const visita = (await visitTokenOf(u.cookie, id))!;
    advanceClock(13 * 3_600_000);
    expect(await beat(u.cookie, id, visita)).toMatchObject({ status: 409, data: { error: learningMessages.studyStale } });
  });

  it("sin JavaScript, el formulario cuenta el tiempo desde que se abrió la página, con tope en la duración", async () => {
    freezeClock(new Date("2026-03-02T13:00:00Z"));
    await setDuration(COURSE1.pdf, 4);
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(COURSE1.pdf);
    const visita = (await visitTokenOf(u.cookie, id))!;
    advanceClock(60_000);
    expect((await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita })).data.study).toMatchObject({ completed: false });
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(60);
    // Replayed a minute later: only that minute.
    advanceClock(60_000);
    expect((await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita })).data.study).toMatchObject({ completed: true });
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(120);
    // A day later the same page's form earns at most the lesson's 4 minutes in all.
    advanceClock(11 * 3_600_000);
    await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita });
    expect((await studyRow(enrolmentId, id))!.seconds).toBe(240);
  });
});

describe("un video se completa al verlo, no al adelantarlo", () => {
  it("tramos vistos más rápido que el tiempo transcurrido no cuentan; vistos de verdad, sí", async () => {
    freezeClock(new Date("2026-03-02T13:00:00Z"));
    await setDuration(COURSE1.video, 10);
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(COURSE1.video);
    const visita = (await visitTokenOf(u.cookie, id))!;
    const whole = { segmentos: JSON.stringify([[0, 600]]), duracion: "600", fin: "0" };
    // Ten minutes of video claimed after one minute of page: at most twice the credited time counts.
    advanceClock(60_000);
    const claimed = await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(id), visita, ...whole });
    expect(claimed.data.study).toMatchObject({ completed: false });
    const row = (await studyRow(enrolmentId, id))!;
    expect(row.seconds).toBe(60);
    expect(row.segments).toEqual([[0, 122]]);
    expect(claimed.data.study.message).toBe("Mira el video completo para completar esta lección (llevas 20 %). Adelantarlo no cuenta.");
    // Jumping to the end and playing the last seconds is not watching it either.
    advanceClock(20_000);
    await beat(u.cookie, id, visita, { segmentos: JSON.stringify([[590, 600]]), duracion: "600" });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
    // Watched at its pace, beat after beat, it completes.
    for (let t = 80; t <= 600 && (await completedLessonIds(enrolmentId)).length === 0; t += 20) {
      advanceClock(20_000);
      await beat(u.cookie, id, visita, { segmentos: JSON.stringify([[0, t]]), duracion: "600" });
    }
    expect(await completedLessonIds(enrolmentId)).toEqual([id]);
    const done = (await studyRow(enrolmentId, id))!;
    expect(done.segments[0]![1]).toBeGreaterThanOrEqual(540);
    expect(done.seconds).toBeGreaterThanOrEqual(300);
  });
});

describe("tiempo de estudio registrado", () => {
  it("por inscripción y ciclo; lo completado antes de medirse queda completado y su tiempo es desconocido", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const old = await createUser();
    const oldEnrolment = await enrol(old.id);
    // A completion recorded before time was measured (as the migration leaves them).
    await db().insert(lessonCompletion).values({ enrolmentId: oldEnrolment, lessonId: await lessonId(COURSE1.pdf) });
    expect((await openContent(old.cookie, 1, `?leccion=${await lessonId(COURSE1.pdf)}`)).data.lesson).toMatchObject({ completed: true, study: { message: null } });

    await studyLesson(u.cookie, await lessonId(COURSE1.pdf));
    const totals = await studySecondsByEnrolment([enrolmentId, oldEnrolment]);
    expect(totals.get(enrolmentId)).toBeGreaterThanOrEqual(30);
    expect(totals.has(oldEnrolment)).toBe(false);
    // Another cycle's rows are not the live cycle's hours.
    await db().update(enrolment).set({ cycle: 2 }).where(eq(enrolment.id, enrolmentId));
    expect((await studySecondsByEnrolment([enrolmentId])).has(enrolmentId)).toBe(false);
  });

  it("se muestra al alumno (dashboard) y al administrador (ficha): medido, 'al menos' si hay lecciones sin medir, '—' si nada se midió", async () => {
    freezeClock(new Date("2026-03-02T13:00:00Z"));
    await setDuration(COURSE1.pdf, 4);
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const pdf = await lessonId(COURSE1.pdf);
    const visita = (await visitTokenOf(u.cookie, pdf))!;
    advanceClock(150_000);
    await postContent(u.cookie, 1, { intent: "lesson-study", leccion: String(pdf), visita });
    const card = async (cookie: string) => (await getDashboard((await getUser(getRequest("/", cookie)))!)).courses.find((c) => c.courseId === 1)!;
    expect((await card(u.cookie)).studyTime).toBe("2 min");
    let detail = (await getLearnerDetail(u.id))!.enrolments.find((e) => e.id === enrolmentId)!;
    expect(detail.studyTime).toBe("2 min");
    expect(detail.lessons).toEqual([expect.objectContaining({ lessonId: pdf, studyTime: "2 min" })]);
    // A lesson completed before time was measured: what is known is a floor.
    const doc = await lessonId(COURSE1.documento);
    await db().insert(lessonCompletion).values({ enrolmentId, lessonId: doc });
    expect((await card(u.cookie)).studyTime).toBe("al menos 2 min");
    detail = (await getLearnerDetail(u.id))!.enrolments.find((e) => e.id === enrolmentId)!;
    expect(detail.lessons.find((l) => l.lessonId === doc)!.studyTime).toBe("—");
    // Only unmeasured completions: unknown, never 0.
    const old = await createUser();
    const oldEnrolment = await enrol(old.id);
    await db().insert(lessonCompletion).values({ enrolmentId: oldEnrolment, lessonId: pdf });
    expect((await card(old.cookie)).studyTime).toBe("—");
    expect((await getLearnerDetail(old.id))!.enrolments[0]!.studyTime).toBe("—");
  });

  it("un administrador no inscrito estudia sin que se registre nada", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await lessonId(COURSE1.pdf);
    const page = await openContent(admin.cookie, 1, `?leccion=${id}`);
    expect(page.data.lesson.study).toBeNull();
    expect((await postContent(admin.cookie, 1, { intent: "lesson-study", leccion: String(id), visita: "x" })).status).toBe(200);
  });
});

describe("el reloj por petición de las pruebas de navegador", () => {
  const run = (cookie: string | undefined) =>
    new Promise<number>((resolve) => {
      const req = { headers: { cookie } } as never;
      requestClockMiddleware(req, {} as never, () => resolve(now().getTime() - Date.now()));
    });

  it("solo un servidor de pruebas (TEST_CLOCK_TOKEN) lo respeta; uno de producción lo ignora", async () => {
    const saved = env();
    try {
      setEnv({ ...saved, TEST_CLOCK_TOKEN: undefined });
      expect(Math.abs(await run("academia_reloj_pruebas=3600000"))).toBeLessThan(1000);
      setEnv({ ...saved, TEST_CLOCK_TOKEN: "t".repeat(32) });
      expect(await run("a=1; academia_reloj_pruebas=3600000")).toBeGreaterThan(3_599_000);
      expect(Math.abs(await run("academia_reloj_pruebas=abc"))).toBeLessThan(1000);
      expect(Math.abs(await run("academia_reloj_pruebas=99999999999999"))).toBeLessThan(1000);
      // Only for that request: the clock outside it did not move.
      expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    } finally {
      setEnv(saved);
    }
  });
});
