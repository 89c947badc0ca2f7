// Renewal as a new cycle (docs/certificate-validity.md, "Renewal"): the learner's one enrolment starts afresh — no
// lessons, no attempts, no exam pause — while the ended cycle is kept as it stood and its certificate stays
// verifiable, marked renewed. Through the real routes and the real checkout, on the academy's clock.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull } from "drizzle-orm";
import * as verifyPage from "~/routes/certificado";
import * as checkoutRoute from "~/routes/curso-comprar";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { db } from "~/server/platform/db/client.server";
import { certificate, certificateReminder, coupon, course, enrolment, enrolmentCycle, enrolmentCycleLesson, examAttempt, lessonCompletion, order } from "~/server/platform/db/schema";
import { advanceClock, freezeClock, resetClock } from "~/server/platform/clock.server";
import { getCertificateByCode } from "~/server/certificates/certificates.server";
import { queueDueCertificateReminders } from "~/server/certificates/reminders.server";
import { startNextCycle } from "~/server/learning/cycles.server";
import { recordLessonEvent } from "~/server/learning/learning.server";
import { getUser } from "~/server/accounts/session.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { COURSE1, useFixtureCatalogue } from "../learning/fixture-catalogue";
import { answersFor, enrol, enrolmentOf, lessonId, openContent, studyLesson, startAttempt, submitAttempt } from "../learning/helpers";

useFixtureCatalogue();
beforeAll(async () => {
  await db().update(course).set({ validityMonths: 24 }).where(eq(course.id, 1));
});
afterEach(() => resetClock());

const at = (iso: string) => freezeClock(new Date(iso));

async function open(cookie: string, title: string) {
  await studyLesson(cookie, await lessonId(title));
}

/** Every lesson of the fixture's course 1, then the exam: `failFirst` failed attempts before the passing one. */
async function completeCourse(cookie: string, failFirst = 0) {
  await open(cookie, COURSE1.pdf);
  await open(cookie, COURSE1.documento);
  await open(cookie, COURSE1.lectura);
  await studyLesson(cookie, await lessonId(COURSE1.video));
  const user = (await getUser(getRequest("/", cookie)))!;
  await recordLessonEvent({ user, courseId: 1, lessonId: await lessonId(COURSE1.descarga), event: "download" });
  const exam = await lessonId(COURSE1.examen);
  for (let i = 0; i < failFirst; i++) {
    const a = await startAttempt(cookie, exam);
    await submitAttempt(cookie, exam, a, await answersFor(a, "wrong"));
  }
  // Past the pause that three failures in a row open.
  if (failFirst > 0) advanceClock(60 * 60_000);
  const attempt = await startAttempt(cookie, exam);
  const res = await submitAttempt(cookie, exam, attempt, await answersFor(attempt, "right"));
  expect(res.status).toBe(302);
  return attempt;
}

async function liveCode(enrolmentId: number) {
  const [row] = await db()
    .select({ code: certificate.code })
    .from(certificate)
    .innerJoin(enrolment, and(eq(enrolment.id, certificate.enrolmentId), eq(enrolment.cycle, certificate.cycle)))
    .where(eq(certificate.enrolmentId, enrolmentId));
  return row?.code ?? null;
}

function renew(enrolmentId: number) {
  return db().transaction((tx) => startNextCycle(tx, { enrolmentId, via: "seat" }));
}

async function verify(code: string) {
  const shown = formatCertificateCode(code);
  return call(verifyPage.loader, getRequest(`/certificados/${shown}`), { code: shown });
}

/** A learner who completed course 1 on 21 November 2026 (valid through 30 November 2028), after three failures. */
async function certified() {
  at("2026-11-21T15:00:00Z");
  const u = await createUser();
  const enrolmentId = await enrol(u.id);
  await completeCourse(u.cookie, 3);
  const code = (await liveCode(enrolmentId))!;
  expect((await getCertificateByCode(code))!.validUntil).toBe("2028-11-30");
  return { u, enrolmentId, code };
}

describe("renovar: un ciclo nuevo de la misma inscripción", () => {
  it("empieza de cero (lecciones, intentos y pausa), guarda el ciclo anterior tal cual y emite un certificado nuevo; el anterior sigue verificable como renovado", async () => {
    const { u, enrolmentId, code } = await certified();
    const before = await enrolmentOf(u.id);
    const lessonsBefore = await db().select().from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, enrolmentId));
    expect(before).toMatchObject({ progress: 100, cycle: 1, examPassed: true });

    at("2028-09-10T15:00:00Z");
    const started = await renew(enrolmentId);
    expect(started).toMatchObject({ ok: true, cycle: 2 });

    // The live enrolment starts afresh.
    const after = await enrolmentOf(u.id);
    expect(after).toMatchObject({ id: enrolmentId, cycle: 2, progress: 0, completedAt: null, examPassed: false, modulesDone: [], lastLessonId: null });
    expect(await db().select().from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, enrolmentId))).toHaveLength(0);
    // The ended cycle as it stood: its row, its lessons with their dates, its attempts stamped with it.
    const [cycle] = await db().select().from(enrolmentCycle).where(eq(enrolmentCycle.enrolmentId, enrolmentId));
    const [cert] = await db().select().from(certificate).where(eq(certificate.code, code));
    expect(cycle).toMatchObject({ cycle: 1, progress: 100, examPassed: true, certificateId: cert!.id, renewedVia: "seat", completedAt: before!.completedAt, enrolledAt: before!.enrolledAt });
    const kept = await db().select().from(enrolmentCycleLesson).where(eq(enrolmentCycleLesson.enrolmentId, enrolmentId));
    expect(kept.map((l) => [l.lessonId, l.completedAt.toISOString()]).sort()).toEqual(lessonsBefore.map((l) => [l.lessonId, l.completedAt.toISOString()]).sort());
    const attempts = await db().select().from(examAttempt).where(eq(examAttempt.userId, u.id));
    expect(attempts).toHaveLength(4);
    expect(attempts.every((a) => a.endedCycle === 1)).toBe(true);

    // The exam is fresh: no attempts shown, no pause from the three earlier failures.
    const exam = await lessonId(COURSE1.examen);
    const intro = (await openContent(u.cookie, 1, `?leccion=${exam}`)).data.exam.intro;
    expect(intro.pause).toBeNull();
    expect(intro.attempts ?? []).toHaveLength(0);

    // The earlier certificate: still verifiable, still vigente until its day, and renewed.
    let page = await verify(code);
    expect(page.status).toBe(200);
    expect(page.data.certificate).toMatchObject({ renewed: true, state: { kind: "vigente", validUntil: "2028-11-30" } });
    // The dashboard's card: the new cycle in progress, its earlier certificate in the history.
    const dash = await call(dashboardLoader, getRequest("/dashboard", u.cookie));
    const card = dash.data.courses.find((c: { courseId: number }) => c.courseId === 1);
    expect(card).toMatchObject({ progress: 0, completed: false, certificate: null });
    expect(card.earlierCertificates).toEqual([expect.objectContaining({ code: formatCertificateCode(code), renewed: true })]);

    // Studying again: attempts numbered from 1, a new certificate counted from its own issue.
    at("2028-10-05T15:00:00Z");
    const passing = await completeCourse(u.cookie, 1);
    const [numbered] = await db().select().from(examAttempt).where(eq(examAttempt.id, passing));
    expect(numbered!.attemptNumber).toBe(2);
    const fresh = (await liveCode(enrolmentId))!;
    expect(fresh).not.toBe(code);
    expect(await getCertificateByCode(fresh)).toMatchObject({ cycle: 2, renewed: false, validUntil: "2030-10-31" });
    page = await verify(code);
    expect(page.data.certificate.renewed).toBe(true);
    expect((await verify(fresh)).data.certificate.renewed).toBe(false);
    // Nothing of the first cycle was rewritten.
    const [still] = await db().select().from(certificate).where(eq(certificate.code, code));
    expect(still).toEqual(cert);
  });

  it("dos renovaciones a la vez hacen un solo ciclo", async () => {
    const { enrolmentId } = await certified();
    at("2028-11-15T15:00:00Z");
    const results = await Promise.all([renew(enrolmentId), renew(enrolmentId)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, reason: "not-renewable", eligibility: { reason: "no-certificate" } });
    expect((await db().select({ n: count() }).from(enrolmentCycle).where(eq(enrolmentCycle.enrolmentId, enrolmentId)))[0]!.n).toBe(1);
  });

  it("se puede renovar desde 90 días antes del vencimiento, o después; antes no", async () => {
    const { enrolmentId } = await certified();
    at("2028-08-31T15:00:00Z"); // 91 days before 30 November 2028
    expect(await renew(enrolmentId)).toMatchObject({ ok: false, eligibility: { reason: "too-early", opensOn: "2028-09-01" } });
    expect((await db().select().from(enrolment).where(eq(enrolment.id, enrolmentId)))[0]!.cycle).toBe(1);
    at("2029-03-01T15:00:00Z"); // expired
    expect(await renew(enrolmentId)).toMatchObject({ ok: true, cycle: 2 });
  });

  it("un certificado renovado ya no recibe avisos de vencimiento", async () => {
    const { enrolmentId, code } = await certified();
    at("2028-09-10T15:00:00Z");
    await renew(enrolmentId);
    at("2028-11-25T15:00:00Z"); // the 7-day threshold
    await queueDueCertificateReminders();
    const [cert] = await db().select({ id: certificate.id }).from(certificate).where(eq(certificate.code, code));
    expect(await db().select().from(certificateReminder).where(eq(certificateReminder.certificateId, cert!.id))).toHaveLength(0);
  });
});

describe("renovar comprando el curso", () => {
  const buy = (cookie: string, fields: Record<string, string>) =>
    call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "webpay", terms: "on", ...fields }, { cookie }), { id: "1" });
  const page = (cookie: string) => call(checkoutRoute.loader, getRequest("/cursos/1/comprar", cookie), { id: "1" });

  it("lejos del vencimiento el checkout lleva al contenido; dentro de la ventana es el de renovación, y el pedido pagado (con un cupón del 100 %) inicia el ciclo nuevo", async () => {
    const { u, enrolmentId, code } = await certified();
    at("2027-05-01T15:00:00Z");
    expect(await page(u.cookie)).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(await buy(u.cookie, {})).toMatchObject({ status: 302, location: "/cursos/1/contenido" });

    at("2028-10-01T15:00:00Z");
    const shown = await page(u.cookie);
    expect(shown).toMatchObject({ status: 200, data: { renewal: true, course: { id: 1 } } });
    const codeText = `RENUEVA${Date.now() % 100000}`;
    await db().insert(coupon).values({ code: codeText, kind: "percent", value: 100 });
    const paid = await buy(u.cookie, { coupon: codeText });
    expect(paid.status).toBe(302);
    const [row] = await db().select().from(order).where(and(eq(order.userId, u.id), eq(order.status, "paid")));
    expect(row).toBeTruthy();
    expect(await enrolmentOf(u.id)).toMatchObject({ id: enrolmentId, cycle: 2, progress: 0 });
    const [cycle] = await db().select().from(enrolmentCycle).where(eq(enrolmentCycle.enrolmentId, enrolmentId));
    expect(cycle).toMatchObject({ renewedVia: "purchase", orderId: row!.id });
    expect((await getCertificateByCode(code))!.renewed).toBe(true);

    // The new cycle has no certificate yet: buying again is refused (it leads to the course).
    expect(await buy(u.cookie, {})).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(await db().select().from(enrolmentCycle).where(and(eq(enrolmentCycle.enrolmentId, enrolmentId), isNull(enrolmentCycle.byUserId)))).toHaveLength(0);
  });
});
