// Hostile input on enrolment, the course content actions (video watched, exam start and submit), the
// content page's query, lesson files and certificate look-ups — with other learners' ids in the mix.
import fc from "fast-check";
import { and, asc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as enrolAction } from "~/routes/curso-inscribir";
import { action as contentAction, loader as contentLoader } from "~/routes/curso-contenido";
import { loader as lessonFileLoader } from "~/routes/archivo-leccion";
import { loader as certificateLoader } from "~/routes/certificado";
import { loader as certificatePdfLoader } from "~/routes/certificado-pdf";
import { loader as certificatesLoader } from "~/routes/certificados";
import { learningMessages } from "~/domain/learning-messages";
import { db } from "~/server/platform/db/client.server";
import { courseModule, enrolment, examAttempt, lesson } from "~/server/platform/db/schema";
import { enrolInCourse } from "~/server/learning/enrolments.server";
import { BASE } from "../support/requests";
import { createUser } from "../support/users";
import { callRoute, expectSafeAnswer, expectValidTables, fuzzOptions, hostileFormArb, hostileString, post } from "./fuzz-support";

const catalogue = Object.values(learningMessages);
type User = Awaited<ReturnType<typeof createUser>>;
let learner: User;
let victim: User;
let outsider: User;
let admin: User;
let lessonIds: string[] = [];
let otherCourseLessonId = "";
let examLessonId = "";
let victimAttempt = { id: "", questionIds: [] as number[] };

async function startAttempt(who: User): Promise<number | null> {
  const answer = await callRoute(contentAction, post(`/cursos/1/contenido?leccion=${examLessonId}`, { intent: "exam-start", leccion: examLessonId }, who.cookie), {
    courseId: "1",
  });
  return Number(/intento=(\d+)/.exec(answer.location ?? "")?.[1]) || null;
}

beforeAll(async () => {
  [learner, victim, outsider, admin] = await Promise.all([
    createUser({ name: "Lucía Alumna" }),
    createUser({ name: "Víctor Víctima" }),
    createUser({ name: "Olga Sin Inscripción" }),
    createUser({ name: "Ada Admin", role: "admin" }),
  ]);
  await enrolInCourse({ userId: learner.id, courseId: 1 });
  await enrolInCourse({ userId: victim.id, courseId: 1 });
  const rows = await db()
    .select({ id: lesson.id, type: lesson.type, courseId: courseModule.courseId })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .orderBy(asc(lesson.id));
  lessonIds = rows.filter((r) => r.courseId === 1).map((r) => String(r.id));
  otherCourseLessonId = String(rows.find((r) => r.courseId !== 1)?.id ?? 999_999);
  examLessonId = String(rows.find((r) => r.courseId === 1 && r.type === "examen")?.id ?? lessonIds[0]);
  const attemptId = await startAttempt(victim);
  // Without an exam to take, the exam properties below would test nothing.
  expect(attemptId, "course 1 has an exam a learner can start").toBeTruthy();
  const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId!));
  victimAttempt = { id: String(attemptId), questionIds: row!.questionIds };
});

async function victimState() {
  const attempts = await db().select().from(examAttempt).where(eq(examAttempt.userId, victim.id)).orderBy(asc(examAttempt.id));
  const enrolments = await db().select().from(enrolment).where(eq(enrolment.userId, victim.id));
  return { attempts, enrolments };
}

const ROLES = ["anonymous", "learner", "outsider", "admin"] as const;
const cookieOf = (role: (typeof ROLES)[number]) =>
  role === "anonymous" ? undefined : { learner, outsider, admin }[role].cookie;

describe("inscripción con entradas hostiles", () => {
  it("siempre redirige a una ruta propia, sin 500, y solo inscribe en cursos publicados", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), fc.oneof(fc.constantFrom("1", "2", "3", "0", "999999"), hostileString), hostileString, async (role, id, volver) => {
        const request = post(`/cursos/${encodeURIComponent(id.slice(0, 200))}/inscribir`, { volver }, cookieOf(role));
        const answer = await callRoute(enrolAction, request, { id });
        expectSafeAnswer(answer);
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^\/(?!\/)/);
      }),
      fuzzOptions(40),
    );
    const foreign = await db().select().from(enrolment).where(and(eq(enrolment.userId, outsider.id), ne(enrolment.courseId, 1)));
    for (const e of foreign) expect([2, 3]).toContain(e.courseId);
    await expectValidTables();
  });
});

describe("contenido del curso con entradas hostiles", () => {
  it("video visto, comenzar y enviar evaluación: sin 500, mensajes del catálogo y sin tocar intentos ajenos", async () => {
    const before = await victimState();
    const answerFields = () =>
      fc.dictionary(
        fc.oneof(
          fc.constantFrom(...victimAttempt.questionIds.map((q) => `respuesta-${q}`), "respuesta-0", "respuesta-abc", "respuesta-"),
          fc.string({ maxLength: 12 }).map((s) => `respuesta-${s}`),
        ),
        fc.oneof(fc.constantFrom("0", "1", "2", "3", "4", "-1", "03"), hostileString),
        { maxKeys: 12 },
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROLES),
        fc.oneof({ weight: 4, arbitrary: fc.constant("1") }, { weight: 1, arbitrary: fc.constantFrom("2", "0", "abc") }, { weight: 1, arbitrary: hostileString }),
        hostileFormArb({
          intent: fc.constantFrom("lesson-study", "exam-start", "exam-submit"),
          leccion: fc.constantFrom(...lessonIds, examLessonId, examLessonId, otherCourseLessonId),
          intento: fc.constantFrom(victimAttempt.id || "1", "1", "2147483647", "2147483648"),
        }),
        answerFields(),
        async (role, courseId, form, answers) => {
          const request = post(`/cursos/1/contenido?leccion=${examLessonId}`, { ...answers, ...form }, cookieOf(role));
          const answer = await callRoute(contentAction, request, { courseId });
          expectSafeAnswer(answer, { catalogue });
          if (role === "anonymous") expect(answer.status).toBe(302);
          if (answer.location) expect(answer.location).toMatch(/^\/(?!\/)/);
        },
      ),
      fuzzOptions(60),
    );
    // Another learner's attempt and enrolment are exactly as they were, whatever ids were posted.
    expect(await victimState()).toEqual(before);
    await expectValidTables();
  });

  it("un intento propio recibe respuestas hostiles: o se califica con respuestas válidas, o 400 con el mensaje", async () => {
    const outcomes = { graded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom("0", "1", "2", "3"), hostileString), { minLength: 0, maxLength: 12 }),
        fc.boolean(),
        async (values, extraQuestion) => {
          const attemptId = (await startAttempt(learner))!;
          expect(attemptId).toBeTruthy();
          const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
          const form: Record<string, string> = { intent: "exam-submit", leccion: examLessonId, intento: String(attemptId) };
          row!.questionIds.forEach((q, i) => {
            if (values[i] !== undefined) form[`respuesta-${q}`] = values[i]!;
          });
          if (extraQuestion) form[`respuesta-${victimAttempt.questionIds[0] ?? 1}`] = "0";
          const answer = await callRoute(contentAction, post(`/cursos/1/contenido?leccion=${examLessonId}`, form, learner.cookie), { courseId: "1" });
          expectSafeAnswer(answer, { catalogue });
          const [after] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
          if (answer.status === 302) {
            outcomes.graded++;
            expect(after!.submittedAt).not.toBeNull();
          } else {
            outcomes.refused++;
            expect(answer.status).toBe(400);
            expect(after!.submittedAt).toBeNull();
          }
        },
      ),
      {
        ...fuzzOptions(25),
        examples: [[["0", "1", "2", "3", "0", "1", "2", "3", "0", "1"], false], [["0", "0", "0", "0", "0", "0", "0", "0", "0", "\u0000"], false]],
      },
    );
    expect(outcomes.graded).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    await expectValidTables();
  });

  it("la página de contenido con ?leccion e ?intento hostiles responde sin 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROLES),
        fc.oneof(fc.constantFrom("1", "2", "x"), hostileString),
        fc.oneof(fc.constantFrom(...lessonIds, examLessonId, otherCourseLessonId), hostileString),
        fc.oneof(fc.constant(victimAttempt.id), hostileString),
        async (role, courseId, leccion, intento) => {
        const url = new URL(`${BASE}/cursos/1/contenido`);
        url.searchParams.set("leccion", leccion.slice(0, 2000));
        url.searchParams.set("intento", intento.slice(0, 2000));
        const request = new Request(url, { headers: cookieOf(role) ? { cookie: cookieOf(role)! } : {} });
        const answer = await callRoute(contentLoader, request, { courseId: courseId.slice(0, 2000) });
        expectSafeAnswer(answer);
        // Another learner's attempt is never shown.
        expect(answer.body.includes(`"attemptId":${victimAttempt.id},`) && role !== "admin").toBe(false);
      }),
      fuzzOptions(30),
    );
  });
});

describe("archivos y certificados con parámetros hostiles", () => {
  it("archivos de lecciones: sin 500 para cualquier id, rango o rol", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROLES),
        fc.oneof(fc.constantFrom(...lessonIds, otherCourseLessonId), hostileString),
        fc.oneof(fc.constant(undefined), fc.constantFrom("bytes=0-10", "bytes=-5", "bytes=10-0", "bytes=0-99999999999", "bytes=a-b", "bytes=0-1,2-3"), hostileString),
        async (role, lessonId, range) => {
          const headers: Record<string, string> = {};
          const cookie = cookieOf(role);
          if (cookie) headers.cookie = cookie;
          if (range !== undefined) headers.range = range.replace(/[^\t\x20-\x7e]/g, "").slice(0, 500);
          const request = new Request(`${BASE}/archivos/lecciones/${encodeURIComponent(lessonId.slice(0, 200))}`, { headers });
          const answer = await callRoute(lessonFileLoader, request, { lessonId });
          expectSafeAnswer(answer);
        },
      ),
      fuzzOptions(40),
    );
  });

  it("verificación y PDF de certificados: sin 500 para cualquier código", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), fc.oneof(fc.constantFrom("ABCD-EFGH-JK12", "abcdefghjk12", "0000-0000-0000"), hostileString), async (role, code) => {
        const cookie = cookieOf(role);
        const init = cookie ? { headers: { cookie } } : {};
        const page = await callRoute(certificateLoader, new Request(`${BASE}/certificados/x`, init), { code });
        expectSafeAnswer(page);
        const pdf = await callRoute(certificatePdfLoader, new Request(`${BASE}/certificados/x/pdf`, init), { code });
        expectSafeAnswer(pdf);
        const url = new URL(`${BASE}/certificados`);
        url.searchParams.set("codigo", code.slice(0, 5000));
        const search = await callRoute(certificatesLoader, new Request(url, init));
        expectSafeAnswer(search);
      }),
      fuzzOptions(30),
    );
  });
});
