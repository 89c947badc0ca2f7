// When saving fails, the learner sees the spec's message and nothing is half-written: the attempt, the
// lesson completion, the progress and the course completion belong to one transaction.
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { examAttempt } from "~/server/platform/db/schema";
import { learningMessages } from "~/domain/learning-messages";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import { answersFor, completedLessonIds, enrol, enrolmentOf, lessonId, studyLesson, startAttempt, submitAttempt } from "./helpers";

vi.mock("~/server/certificates/certificates.server", () => ({
  issueCertificateForEnrolment: vi.fn(async () => {
    throw new Error("certificate storage unavailable");
  }),
  notifyCertificateIssued: vi.fn(async () => {}),
}));

useFixtureCatalogue();

describe("error al guardar la evaluación", () => {
  it("muestra 'Error al guardar tu progreso...' (500), conserva las respuestas y no guarda nada a medias", async () => {
    expect(learningMessages.examSaveFailed).toBe("Error al guardar tu progreso. Por favor, inténtalo de nuevo.");
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    for (const title of [COURSE1.pdf, COURSE1.documento, COURSE1.lectura]) await studyLesson(u.cookie, await lessonId(title));
    await studyLesson(u.cookie, await lessonId(COURSE1.video));
    const zip = await lessonId(COURSE1.descarga);
    const { loader } = await import("~/routes/archivo-leccion");
    await call(loader, getRequest(`/archivos/lecciones/${zip}?descargar=1`, u.cookie), { lessonId: String(zip) });
    const before = await completedLessonIds(enrolmentId);
    expect((await enrolmentOf(u.id))!.progress).toBe(75);

    const id = await lessonId(COURSE1.examen);
    const attemptId = await startAttempt(u.cookie, id);
    const right = await answersFor(attemptId, "right");
    const res = await submitAttempt(u.cookie, id, attemptId, right);
    expect(res.status).toBe(500);
    expect(res.data.exam).toEqual({ message: learningMessages.examSaveFailed, values: right });

    const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
    expect(attempt).toMatchObject({ submittedAt: null, answers: null, attemptNumber: null, score: null, passed: null });
    expect(await completedLessonIds(enrolmentId)).toEqual(before);
    expect((await enrolmentOf(u.id))!).toMatchObject({ progress: 75, completedAt: null });
  });
});
