// The pause between failed exam attempts (docs/decisions.md B13) through the production server over real HTTP, as
// a learner's browser without JavaScript meets it. Before: the final exam could be retaken at once as often as
// wanted, so it could be passed by elimination (each failed attempt says which questions were wrong). Now the
// fourth attempt after three failures in a row opens only after 10 minutes, the page says when (Chile time), a
// start before then is refused, and starts sent at once open one attempt.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { courseModule, examAttempt, lesson, question } from "~/server/platform/db/schema";
import { formatTime } from "~/domain/format";
import { enrol } from "../learning/helpers";
import { createUser } from "../support/users";
import { httpClient } from "./support/http-client";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

let seeded: SeededServer;
let http: ReturnType<typeof httpClient>;
let examId = 0;
let fresh: Awaited<ReturnType<typeof createUser>>;
let pausedBefore: Awaited<ReturnType<typeof createUser>>;
/** Question id → the text of its right option (the page shows options shuffled, by text). */
const rightText = new Map<number, string>();
const MIN = 60_000;

beforeAll(async () => {
  const [exam] = await db()
    .select({ id: lesson.id })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(courseModule.courseId, 1), eq(lesson.type, "examen"), eq(lesson.status, "published")));
  examId = exam!.id;
  for (const q of await db().select().from(question).where(eq(question.lessonId, examId))) rightText.set(q.id, q.options[q.correctIndex]!);

  fresh = await createUser({ name: "Alumna Sin Pausa" });
  await enrol(fresh.id, 1);
  // Three failures in a row that ended 11 minutes ago: this learner's pause is over when the test starts.
  pausedBefore = await createUser({ name: "Alumno Tras la Pausa" });
  await enrol(pausedBefore.id, 1);
  const ids = [...rightText.keys()].slice(0, 10);
  for (let n = 1; n <= 3; n++) {
    const at = new Date(Date.now() - (14 - n) * MIN);
    await db().insert(examAttempt).values({
      userId: pausedBefore.id,
      lessonId: examId,
      attemptNumber: n,
      questionIds: ids,
      optionOrder: ids.map(() => [0, 1]),
      answers: ids.map(() => 1),
      score: 0,
      passed: false,
      startedAt: at,
      submittedAt: at,
    });
  }
  seeded = await startSeededServer({ prefix: "exam-pause" });
  http = httpClient(seeded.server);
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
});

const here = () => `/cursos/1/contenido?leccion=${examId}`;
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const start = (cookie: string) => http.post(here(), { intent: "exam-start", leccion: String(examId) }, cookie);

/** Every question of the attempt's page answered with an option that is not the right one. */
function wrongAnswers(html: string): Record<string, string> {
  const answers: Record<string, string> = {};
  const radio = /<input type="radio"[^>]*name="respuesta-(\d+)"[^>]*value="(\d+)"[^>]*>[\s\S]*?<span class="min-w-0 flex-1">([\s\S]*?)<\/span>/g;
  for (const [, qid, value, label] of html.matchAll(radio)) {
    const name = `respuesta-${qid}`;
    if (answers[name] === undefined && text(label!).trim() !== rightText.get(Number(qid))) answers[name] = value!;
  }
  expect(Object.keys(answers)).toHaveLength(10);
  return answers;
}

/** Starts an attempt over HTTP, reads its questions from the page and sends them all wrong; the result's address. */
async function failOnce(cookie: string) {
  const started = await start(cookie);
  expect(started.status, text(started.body).slice(0, 300)).toBe(302);
  const attemptId = new URL(started.location!, seeded.server.base).searchParams.get("intento")!;
  const page = await http.get(started.location!, cookie);
  expect(page.status).toBe(200);
  const sent = await http.post(here(), { intent: "exam-submit", leccion: String(examId), intento: attemptId, ...wrongAnswers(page.body) }, cookie);
  expect(sent.status, text(sent.body).slice(0, 300)).toBe(302);
  const result = await http.get(sent.location!, cookie);
  expect(text(result.body)).toContain("Reprobado");
  return { location: sent.location!, result: result.body };
}

const PAUSED = /Podrás hacer tu próximo intento (hoy|el \d{2}\/\d{2}\/\d{4}) desde las (\d{2}:\d{2}) \(hora de Chile\)\./;

describe("pausa entre intentos fallidos, por HTTP", () => {
  it("tras tres intentos fallidos seguidos el cuarto se rechaza, y la página dice en hora de Chile cuándo se abre", async () => {
    const { result: first } = await failOnce(fresh.cookie);
    expect(text(first)).toContain("Reintentar");
    await failOnce(fresh.cookie);
    const before = new Date();
    const third = await failOnce(fresh.cookie);
    const after = new Date();
    // Ten minutes after the third was sent, in Chile time.
    const expected = [formatTime(new Date(before.getTime() + 10 * MIN)), formatTime(new Date(after.getTime() + 10 * MIN))];

    // Its result says when the next one opens, instead of offering 'Reintentar'.
    const shown = PAUSED.exec(text(third.result));
    expect(shown, text(third.result).slice(0, 600)).not.toBeNull();
    expect(expected).toContain(shown![2]);
    expect(text(third.result)).not.toContain("Reintentar");

    // The intro: the same words and why, and no 'Comenzar Evaluación'.
    const intro = await http.get(here(), fresh.cookie);
    expect(text(intro.body)).toContain(shown![0]);
    expect(text(intro.body)).toContain("Aprovecha de repasar las lecciones de las preguntas que fallaste.");
    expect(intro.body).not.toContain('value="exam-start"');

    // The server refuses the start itself (a form kept from before, a script), in the same words.
    const refused = await start(fresh.cookie);
    expect(refused.status).toBe(409);
    expect(text(refused.body)).toContain(shown![0]);
  });

  it("con la pausa cumplida, tres 'Comenzar' a la vez abren un solo intento; al fallarlo, la pausa siguiente es de 20 minutos", async () => {
    const all = await Promise.all([start(pausedBefore.cookie), start(pausedBefore.cookie), start(pausedBefore.cookie)]);
    expect(all.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(new Set(all.map((r) => r.location)).size).toBe(1);

    const page = await http.get(all[0]!.location!, pausedBefore.cookie);
    const attemptId = new URL(all[0]!.location!, seeded.server.base).searchParams.get("intento")!;
    const before = new Date();
    const sent = await http.post(here(), { intent: "exam-submit", leccion: String(examId), intento: attemptId, ...wrongAnswers(page.body) }, pausedBefore.cookie);
    const after = new Date();
    expect(sent.status).toBe(302);
    const refused = await start(pausedBefore.cookie);
    expect(refused.status).toBe(409);
    const shown = PAUSED.exec(text(refused.body));
    expect([formatTime(new Date(before.getTime() + 20 * MIN)), formatTime(new Date(after.getTime() + 20 * MIN))]).toContain(shown?.[2]);
  });
});
