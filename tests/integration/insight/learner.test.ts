// /admin/usuarios/{id}: a person's file with exact figures, the account actions that live
// here too (same rules as the users list), guards and hostile ids.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as learnerAction, loader as learnerLoader } from "~/routes/admin/usuario";
import { action as usersAction } from "~/routes/admin/usuarios";
import { db } from "~/server/platform/db/client.server";
import { user } from "~/server/platform/db/schema";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse, enrol, issueCertificate } from "../admin/factories";
import { addExam, attempt, complete, lessonsOf, paidOrder } from "./factories";

let admin: Awaited<ReturnType<typeof createUser>>;
let ana: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let qids: number[];
let certCode: string;
let orderNumber: string;

const load = (id: string, cookie = admin.cookie) => call(learnerLoader, getRequest(`/admin/usuarios/${encodeURIComponent(id)}`, cookie), { id });

beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Admin Ficha" });
  ana = await createUser({ name: "Ana Ficha" });
  other = await createUser({ name: "Otra Persona" });
  await db().update(user).set({ phone: "+56 9 1234 5678", rut: "12345678-5" }).where(eq(user.id, ana.id));
  const x = await createCourse({ title: "Curso Ficha", modules: 2, lessonsPerModule: 2 });
  const lessons = await lessonsOf(x.id);
  const { exam, questions } = await addExam(lessons[0]!.moduleId, 10);
  qids = questions.map((q) => q.id);
  const e = await enrol(ana.id, x.id, { progress: 50, completedAt: null });
  await complete(e.id, [lessons[0]!.id], new Date("2026-03-02T15:00:00Z"));
  await complete(e.id, [lessons[1]!.id], new Date("2026-03-03T15:30:00Z"));
  const right = qids.map(() => 0);
  await attempt({ userId: ana.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: [0, 0, 0, 0, 1, 2, 3, 1, 1, 1], correct: right, at: new Date("2026-03-04T12:00:00Z") });
  await attempt({ userId: ana.id, lessonId: exam.id, number: 2, questionIds: qids, chosen: right, correct: right, at: new Date("2026-03-05T12:00:00Z") });
  // Passing completes the exam lesson, which finishes module 1 (progress 50).
  await complete(e.id, [exam.id], new Date("2026-03-05T12:00:00Z"));
  certCode = (await issueCertificate(e.id)).code;
  orderNumber = (await paidOrder({ userId: ana.id, courseId: x.id, amountClp: 20_000 })).number;
  await enrol(other.id, x.id);
});

describe("ficha de una persona", () => {
  it("perfil, inscripción con progreso y lecciones con fecha, intentos con respuestas, certificado y pedido", async () => {
    const r = await load(ana.id);
    expect(r.status).toBe(200);
    const d = r.data;
    expect(d.profile).toMatchObject({ id: ana.id, name: "Ana Ficha", email: ana.email, phone: "+56 9 1234 5678", rut: "12345678-5", role: "user", banned: false });
    expect(d.enrolments).toHaveLength(1);
    expect(d.enrolments[0]).toMatchObject({ courseTitle: "Curso Ficha", progress: 50, completedAt: "" });
    expect(d.enrolments[0].lessons.map((l: { title: string; completedAt: string }) => [l.title, l.completedAt])).toEqual([
      ["Lección 1.1", "02/03/2026 12:00"],
      ["Lección 1.2", "03/03/2026 12:30"],
      ["Examen final", "05/03/2026 09:00"],
    ]);
    expect(d.attempts.map((a: { attemptNumber: number; score: number; passed: boolean }) => [a.attemptNumber, a.score, a.passed])).toEqual([
      [2, 100, true],
      [1, 40, false],
    ]);
    const first = d.attempts[1];
    expect(first.submittedAt).toBe("04/03/2026 09:00");
    expect(first.answers).toHaveLength(10);
    expect(first.answers.filter((a: { correct: boolean }) => a.correct)).toHaveLength(4);
    expect(first.answers[4]).toMatchObject({ position: 5, questionId: qids[4], prompt: "Pregunta 5", chosen: "B. Mala 1", correctOption: "A. Correcta", correct: false });
    expect(first.answers[6]).toMatchObject({ chosen: "D. Mala 3", correct: false });
    expect(first.answers[0]).toMatchObject({ chosen: "A. Correcta", correct: true });
    expect(d.certificates).toHaveLength(1);
    expect(d.certificates[0].code.replace(/-/g, "")).toBe(certCode.replace(/-/g, ""));
    expect(d.orders).toEqual([expect.objectContaining({ number: orderNumber, amountClp: 20_000, statusLabel: "Pagado", courseTitle: "Curso Ficha" })]);
  });

  it("una persona sin actividad: listas vacías", async () => {
    const fresh = await createUser({ name: "Sin Actividad" });
    const d = (await load(fresh.id)).data;
    expect([d.enrolments, d.attempts, d.certificates, d.orders]).toEqual([[], [], [], []]);
  });

  it("ids que no existen u hostiles: 404, nunca un 500", async () => {
    for (const id of ["no-existe", "\u0000", "a b", "x".repeat(500), "%00", "ñandú"]) {
      const r = await load(id);
      expect(r.status, JSON.stringify(id)).toBe(404);
    }
  });

  it("guardias: anónimo → /login, alumno → /dashboard, también para las acciones", async () => {
    expect((await load(ana.id, "")).location).toMatch(/^\/login/);
    expect((await load(ana.id, other.cookie)).location).toBe("/dashboard");
    const post = (cookie: string) =>
      call(learnerAction, formRequest(`/admin/usuarios/${ana.id}`, { intent: "set-banned", userId: ana.id, banned: "true" }, { cookie }), { id: ana.id });
    expect((await post("")).location).toMatch(/^\/login/);
    expect((await post(other.cookie)).location).toBe("/dashboard");
    const [row] = await db().select({ banned: user.banned }).from(user).where(eq(user.id, ana.id));
    expect(row!.banned).toBe(false);
  });

  it("acciones: deshabilitar y hacer administrador desde la ficha, siempre sobre la persona de la ficha", async () => {
    // The form names someone else: the page acts on its own person.
    const r = await call(learnerAction, formRequest(`/admin/usuarios/${other.id}`, { intent: "set-banned", userId: ana.id, banned: "true" }, { cookie: admin.cookie }), { id: other.id });
    expect(r.status).toBe(200);
    expect(r.data.message).toBe("Se deshabilitó la cuenta de Otra Persona y se cerraron sus sesiones.");
    const rows = await db().select({ id: user.id, banned: user.banned }).from(user);
    expect(rows.find((u) => u.id === other.id)!.banned).toBe(true);
    expect(rows.find((u) => u.id === ana.id)!.banned).toBe(false);
    expect((await load(other.id)).data.profile.banned).toBe(true);

    const role = await call(learnerAction, formRequest(`/admin/usuarios/${ana.id}`, { intent: "set-role", role: "admin" }, { cookie: admin.cookie }), { id: ana.id });
    expect(role.data).toEqual({ ok: true, message: "Ana Ficha ahora es administrador." });
    expect((await load(ana.id)).data.profile.role).toBe("admin");
  });

  it("las mismas reglas que la lista: no te quitas tu propio rol ni te deshabilitas; una intención desconocida es 400", async () => {
    const own = await call(learnerAction, formRequest(`/admin/usuarios/${admin.id}`, { intent: "set-banned", banned: "true" }, { cookie: admin.cookie }), { id: admin.id });
    expect(own).toMatchObject({ status: 400, data: { ok: false, message: "No puedes deshabilitar tu propia cuenta." } });
    const ownRole = await call(learnerAction, formRequest(`/admin/usuarios/${admin.id}`, { intent: "set-role", role: "user" }, { cookie: admin.cookie }), { id: admin.id });
    expect(ownRole.data.message).toBe("No puedes quitarte tu propio rol de administrador.");
    const bad = await call(learnerAction, formRequest(`/admin/usuarios/${ana.id}`, { intent: "delete-everything" }, { cookie: admin.cookie }), { id: ana.id });
    expect(bad).toMatchObject({ status: 400, data: { ok: false, message: "La solicitud no es válida." } });
    const unknown = await call(learnerAction, formRequest(`/admin/usuarios/nadie`, { intent: "set-banned", banned: "true" }, { cookie: admin.cookie }), { id: "nadie" });
    expect(unknown.data.message).toBe("No se encontró el usuario.");
    // The list still works through the same rule.
    const list = await call(usersAction, formRequest("/admin/usuarios", { intent: "set-banned", userId: other.id, banned: "false" }, { cookie: admin.cookie }));
    expect(list.data).toEqual({ ok: true, message: "Se habilitó la cuenta de Otra Persona." });
  });
});
