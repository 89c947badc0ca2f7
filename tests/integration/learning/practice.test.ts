// The compression trainer's completion: the server recomputes the round from the tap times and
// records the practice lesson only for a plausible round that held 100–120/min, for an enrolled learner.
import { describe, expect, it } from "vitest";
import { createUser } from "../support/users";
import { completedLessonIds, enrol, lessonId, openContent, postContent } from "./helpers";

const PRACTICE = "Práctica: entrena tu ritmo de compresiones";

function round(perMinute: number, seconds = 30): number[] {
  const out: number[] = [];
  for (let t = 0; t <= seconds * 1000; t += 60_000 / perMinute) out.push(Math.round(t));
  return out;
}

const send = (cookie: string | undefined, id: number, taps: unknown, courseId = 1) =>
  postContent(cookie, courseId, { intent: "practice-completed", leccion: String(id), toques: typeof taps === "string" ? taps : JSON.stringify(taps) });

describe("práctica de compresiones", () => {
  it("abrirla no la completa; un ritmo de 110/min durante 30 s sí", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(PRACTICE);
    const res = await openContent(u.cookie, 1, `?leccion=${id}`);
    expect(res.data.lesson).toMatchObject({ id, mode: "practica", type: "practica", completed: false });
    expect(await completedLessonIds(enrolmentId)).not.toContain(id);

    expect(await send(u.cookie, id, round(110))).toMatchObject({ status: 200, data: { practice: { ok: true } } });
    expect(await completedLessonIds(enrolmentId)).toContain(id);
    const again = await openContent(u.cookie, 1, `?leccion=${id}`);
    expect(again.data.lesson.completed).toBe(true);
  });

  it("un ritmo fuera de 100–120, una pausa o una ronda corta no la completan (422), con el consejo en español", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(PRACTICE);
    const slow = await send(u.cookie, id, round(80));
    expect(slow).toMatchObject({ status: 422, data: { practice: { ok: false, message: expect.stringMatching(/Demasiado lento/) } } });
    expect((await send(u.cookie, id, round(140))).status).toBe(422);
    expect((await send(u.cookie, id, round(110, 20))).status).toBe(422);
    const paused = round(110);
    const withPause = paused.map((t, i) => (i > 20 ? t + 2500 : t));
    expect((await send(u.cookie, id, withPause)).data.practice.message).toMatch(/pausa de más de 2 segundos/);
    expect(await completedLessonIds(enrolmentId)).not.toContain(id);
  });

  it("tiempos falsificados o imposibles se rechazan (400) sin registrar nada", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await lessonId(PRACTICE);
    const forged = [
      "no es json",
      "",
      JSON.stringify({ taps: round(110) }),
      round(110).map((t) => t + 100), // does not start at 0
      [...round(110)].reverse(),
      round(110).map((t, i) => (i === 10 ? Number.NaN : t)),
      Array.from({ length: 600 }, (_, i) => i * 545), // far too many, far too long
      Array.from({ length: 60 }, (_, i) => i * 100), // 600/min: no person compresses that fast
      "[" + "1,".repeat(5000) + "1]", // oversized body
    ];
    for (const taps of forged) expect((await send(u.cookie, id, taps)).status, String(taps).slice(0, 40)).toBe(400);
    expect(await completedLessonIds(enrolmentId)).not.toContain(id);
  });

  it("otro usuario, sin sesión, otro curso u otra lección: rechazado", async () => {
    const owner = await createUser();
    const ownerEnrolment = await enrol(owner.id);
    const stranger = await createUser();
    const id = await lessonId(PRACTICE);
    // Not enrolled in course 1: refused, nothing recorded for anyone.
    expect((await send(stranger.cookie, id, round(110))).status).toBe(403);
    // Anonymous: to the course detail, as the page does.
    expect(await send(undefined, id, round(110))).toMatchObject({ status: 302, location: "/cursos/1" });
    // Enrolled in course 1 but posting through course 2 (not enrolled there).
    expect((await send(owner.cookie, id, round(110), 2)).status).toBe(403);
    // A lesson that is not a practice.
    const video = await lessonId("Guía de ritmo: 110 compresiones por minuto");
    expect((await send(owner.cookie, video, round(110))).status).toBe(400);
    expect(await completedLessonIds(ownerEnrolment)).not.toContain(id);
  });

  it("un administrador no inscrito puede probarla sin que se registre nada", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await lessonId(PRACTICE);
    expect(await send(admin.cookie, id, round(110))).toMatchObject({ status: 200, data: { practice: { ok: true } } });
  });
});
