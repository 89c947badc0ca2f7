// /admin's overview: figures for a period and a course, the chart's buckets, the CSV, guards.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminLoader } from "~/routes/admin/index";
import { loader as csvLoader } from "~/routes/admin/resumen-csv";
import { db } from "~/server/platform/db/client.server";
import { certificate } from "~/server/platform/db/schema";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse, enrol, issueCertificate } from "../admin/factories";
import { addExam, attempt, backdateUser, daysAgo, lessonsOf, paidOrder } from "./factories";

let admin: Awaited<ReturnType<typeof createUser>>;
let learner: Awaited<ReturnType<typeof createUser>>;
let courseId: number;
let otherCourseId: number;

beforeAll(async () => {
  // Five accounts: four this month, one 40 days ago.
  admin = await createUser({ role: "admin", name: "Admin Resumen" });
  const a = await createUser({ name: "Ana" });
  const b = await createUser({ name: "Beto" });
  const c = await createUser({ name: "Carla" });
  learner = a;
  await backdateUser(c.id, daysAgo(40));

  const x = await createCourse({ title: "Curso X", modules: 2, lessonsPerModule: 2 });
  const y = await createCourse({ title: "Curso Y", modules: 1, lessonsPerModule: 1 });
  courseId = x.id;
  otherCourseId = y.id;
  const mod = (await lessonsOf(x.id))[0]!.moduleId;
  const { exam, questions } = await addExam(mod, 10);
  const qids = questions.map((q) => q.id);
  const allRight = qids.map(() => 0);

  // Course X: Ana enrolled today; Beto enrolled and completed today (certificate); Carla 40 days ago,
  // completed 35 days ago (certificate then). Course Y: Beto enrolled today.
  await enrol(a.id, x.id, { progress: 25 });
  const eb = await enrol(b.id, x.id, { progress: 100, completedAt: new Date() });
  await issueCertificate(eb.id);
  const ec = await enrol(c.id, x.id, { enrolledAt: daysAgo(40), progress: 100, completedAt: daysAgo(35) });
  const certC = await issueCertificate(ec.id);
  await db().update(certificate).set({ issuedAt: daysAgo(35) }).where(eq(certificate.id, certC.id));
  await enrol(b.id, y.id);

  // Exams of course X this month: Ana fails (40) then passes (100); Beto passes (80). Carla failed 40 days ago.
  await attempt({ userId: a.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: [0, 0, 0, 0, 1, 1, 1, 1, 1, 1], correct: allRight });
  await attempt({ userId: a.id, lessonId: exam.id, number: 2, questionIds: qids, chosen: allRight, correct: allRight });
  await attempt({ userId: b.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: [0, 0, 0, 0, 0, 0, 0, 0, 2, 3], correct: allRight });
  await attempt({ userId: c.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: allRight.map(() => 1), correct: allRight, at: daysAgo(40) });

  // Money: $20.000 paid for X today; $15.000 paid for X today and refunded today; $10.000 for Y today;
  // $30.000 paid for X 40 days ago and refunded ($12.000) today.
  await paidOrder({ userId: a.id, courseId: x.id, amountClp: 20_000 });
  await paidOrder({ userId: b.id, courseId: x.id, amountClp: 15_000, refundClp: 15_000 });
  await paidOrder({ userId: b.id, courseId: y.id, amountClp: 10_000 });
  await paidOrder({ userId: c.id, courseId: x.id, amountClp: 30_000, paidAt: daysAgo(40), refundClp: 12_000 });
});

describe("resumen de /admin", () => {
  it("últimos 30 días, todos los cursos: cifras exactas y el gráfico suma lo mismo", async () => {
    const r = await call(adminLoader, getRequest("/admin", admin.cookie));
    expect(r.status).toBe(200);
    const o = r.data.overview;
    expect(o.filters).toEqual({ period: "30d", courseId: null });
    expect(o.totals).toEqual({
      registrations: 3,
      enrolments: 3,
      completions: 1,
      certificates: 1,
      attempts: 3,
      passed: 2,
      passRate: 67,
      paidClp: 45_000,
      refundedClp: 27_000,
      revenueClp: 18_000,
    });
    expect(o.series).toHaveLength(30);
    const today = o.series[29];
    expect(today).toMatchObject({ enrolments: 3, completions: 1, registrations: 3, attempts: 3, passed: 2, revenueClp: 18_000 });
    expect(o.series.slice(0, 29).every((p: { enrolments: number }) => p.enrolments === 0)).toBe(true);
    // The learner dashboard's admin badges are still there.
    expect(r.data.adminCounts).toMatchObject({ users: 4, enrolments: 4 });
  });

  it("90 días y un curso: incluye lo de hace 40 días y solo ese curso", async () => {
    const r = await call(adminLoader, getRequest(`/admin?periodo=90d&curso=${courseId}`, admin.cookie));
    const o = r.data.overview;
    expect(o.filters).toEqual({ period: "90d", courseId });
    expect(o.courseTitle).toBe("Curso X");
    expect(o.totals).toEqual({
      registrations: 4,
      enrolments: 3,
      completions: 2,
      certificates: 2,
      attempts: 4,
      passed: 2,
      passRate: 50,
      paidClp: 65_000,
      refundedClp: 27_000,
      revenueClp: 38_000,
    });
    expect(o.series).toHaveLength(13);
    expect(o.series.reduce((a: number, p: { enrolments: number }) => a + p.enrolments, 0)).toBe(3);
    expect(o.series[12].enrolments).toBe(2);

    const y = await call(adminLoader, getRequest(`/admin?periodo=7d&curso=${otherCourseId}`, admin.cookie));
    expect(y.data.overview.series).toHaveLength(7);
    expect(y.data.overview.totals).toMatchObject({ enrolments: 1, completions: 0, attempts: 0, passRate: null, revenueClp: 10_000 });
  });

  it("12 meses: doce meses, el último es el actual", async () => {
    const r = await call(adminLoader, getRequest("/admin?periodo=12m", admin.cookie));
    const o = r.data.overview;
    expect(o.series).toHaveLength(12);
    expect(o.totals.registrations).toBe(4);
    expect(o.totals.enrolments).toBe(4);
    expect(o.series.slice(9).reduce((a: number, p: { enrolments: number }) => a + p.enrolments, 0)).toBe(4);
  });

  it("parámetros hostiles: periodo y curso desconocidos vuelven a los valores por defecto, nunca un 500", async () => {
    for (const qs of ["periodo=1y", "periodo=%00", "curso=-1", "curso=1e3", "curso=99999999999", "curso=abc&periodo=7d&periodo=12m", "curso=999999"]) {
      const r = await call(adminLoader, getRequest(`/admin?${qs}`, admin.cookie));
      expect(r.status, qs).toBe(200);
      expect(["7d", "30d"]).toContain(r.data.overview.filters.period);
      expect(r.data.overview.filters.courseId, qs).toBeNull();
    }
  });

  it("CSV: una fila por tramo más el total, con ';' y BOM", async () => {
    const r = await call(csvLoader, getRequest(`/admin/resumen.csv?periodo=7d&curso=${courseId}`, admin.cookie));
    expect(r.status).toBe(200);
    expect(r.response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.response!.headers.get("content-disposition")).toContain("resumen-7d.csv");
    const bytes = new Uint8Array(await r.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Periodo;Registros;Inscripciones;Cursos completados;Certificados;Exámenes rendidos;Exámenes aprobados;Ingresos netos (CLP)");
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines[8]).toBe("Total;3;2;1;1;3;2;8000");
  });

  it("guardias: anónimo → /login, alumno → /dashboard (también el CSV)", async () => {
    expect((await call(adminLoader, getRequest("/admin"))).location).toMatch(/^\/login/);
    expect((await call(adminLoader, getRequest("/admin", learner.cookie))).location).toBe("/dashboard");
    expect((await call(csvLoader, getRequest("/admin/resumen.csv"))).location).toMatch(/^\/login/);
    expect((await call(csvLoader, getRequest("/admin/resumen.csv", learner.cookie))).location).toBe("/dashboard");
  });
});
