// The admin's skills-session reports: occupancy, no-shows, the pass rate per checklist item and per relator,
// computed from signed-off sessions; each table as CSV; admins only.
import { beforeAll, describe, expect, it } from "vitest";
import * as reportsPage from "~/routes/admin/sesiones-reportes";
import * as reportsCsv from "~/routes/admin/sesiones-reportes-csv";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { call, callAndRead } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { bookingsOf, instructorPost, learnerPost, makeInstructor, scheduleSession, sessionRow, theoryLearner, type TestUser } from "./support";

const RCP_ITEMS = ["scene-safety", "responsiveness", "call-131-aed", "compression-rate", "compression-depth", "full-recoil", "minimal-interruptions", "aed-pads", "safe-shock"];

let admin: TestUser;
let relator: TestUser;
let relatorName: string;
let sessionId: number;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  // A relator of their own, so the per-relator row holds only this file's session.
  relatorName = `Relatora Reportes ${Math.random().toString(36).slice(2, 7)}`;
  relator = await makeInstructor(admin, relatorName);
  sessionId = await scheduleSession(admin, relator.id, { capacity: "4" });
  const people = [await theoryLearner("Ana"), await theoryLearner("Beto"), await theoryLearner("Caro")];
  for (const p of people) expect((await learnerPost(p.cookie, sessionId, "book")).data.message).toBe(M.booked);
  const rows = await bookingsOf(sessionId);
  const [ana, beto, caro] = people.map((p) => rows.find((r) => r.userId === p.id)!.id);
  freezeClock((await sessionRow(sessionId)).startsAt);
  const mark = (b: number, attendance: string) => instructorPost(relator.cookie, sessionId, { intent: "attendance", bookingId: String(b), attendance });
  const checklist = (b: number, practice: string[]) =>
    instructorPost(relator.cookie, sessionId, {
      intent: "checklist",
      bookingId: String(b),
      ...Object.fromEntries(RCP_ITEMS.map((k) => [`item:${k}`, practice.includes(k) ? "practice" : "pass"])),
    });
  await mark(ana!, "present");
  await mark(beto!, "present");
  await mark(caro!, "absent");
  // Compression depth fails twice, the rate once: depth is the skill that fails most.
  expect((await checklist(ana!, ["compression-depth"])).data.message).toBe(M.checklistSaved);
  expect((await checklist(beto!, ["compression-depth", "compression-rate"])).data.message).toBe(M.checklistSaved);
  expect((await instructorPost(relator.cookie, sessionId, { intent: "signoff" })).data.message).toBe(M.signedOff);
  resetClock();
});

describe("skills-session reports (/admin/sesiones/reportes)", () => {
  it("admins only, page and CSV", async () => {
    const learner = await createUser();
    expect((await call(reportsPage.loader, getRequest("/admin/sesiones/reportes", learner.cookie))).location).toBe("/dashboard");
    expect((await call(reportsCsv.loader, getRequest("/admin/sesiones/reportes.csv", learner.cookie))).location).toBe("/dashboard");
    expect((await call(reportsCsv.loader, getRequest("/admin/sesiones/reportes.csv"))).location).toMatch(/^\/login/);
    expect((await call(reportsCsv.loader, getRequest("/admin/sesiones/reportes.csv?tabla=otra", admin.cookie))).status).toBe(404);
  });

  it("occupancy and no-shows per session, pass rate per item (the most failed first) and per relator", async () => {
    const page = await call(reportsPage.loader, getRequest("/admin/sesiones/reportes", admin.cookie));
    const row = page.data.sessions.find((s: { id: number }) => s.id === sessionId);
    expect(row).toMatchObject({ capacity: 4, seated: 3, occupancy: 75, present: 2, absent: 1, noShow: 33, passed: 0, statusLabel: "Realizada" });
    const mine = page.data.instructors.find((r: { instructorName: string }) => r.instructorName.startsWith("Relatora Reportes"));
    expect(mine).toMatchObject({ sessions: 1, present: 2, absent: 1, noShow: 33, passed: 0, passRate: 0 });
    // Items across every signed-off session in the database: the order is by pass rate, ascending.
    const rates = page.data.items.map((r: { passRate: number }) => r.passRate);
    expect(rates).toEqual([...rates].sort((a: number, b: number) => a - b));
    const depth = page.data.items.find((r: { itemKey: string; courseTitle: string }) => r.itemKey === "compression-depth");
    expect(depth.label).toBe("Comprime con una profundidad de 5 a 6 cm");
    expect(depth.needsPractice).toBeGreaterThanOrEqual(2);
  });

  it("each table downloads as CSV with its header", async () => {
    const csv = await callAndRead(reportsCsv.loader, getRequest("/admin/sesiones/reportes.csv?tabla=sesiones", admin.cookie));
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/sesiones-practicas-sesiones-12m-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.data.split("\r\n")[0]).toBe("Fecha;Curso;Lugar;Relator;Estado;Cupo;Inscritos;% ocupación;Lista de espera;Presentes;Ausentes;% inasistencia;Aprobados");
    expect(csv.data).toContain(";4;3;75;0;2;1;33;0");
    const items = await callAndRead(reportsCsv.loader, getRequest("/admin/sesiones/reportes.csv?tabla=items", admin.cookie));
    expect(items.data).toContain("Comprime con una profundidad de 5 a 6 cm");
    const relators = await callAndRead(reportsCsv.loader, getRequest("/admin/sesiones/reportes.csv?tabla=relatores", admin.cookie));
    expect(relators.data.split("\r\n")[0]).toBe("Relator;Sesiones realizadas;Inscritos;Presentes;Ausentes;% inasistencia;Aprobados;% aprobación");
    expect(relators.data).toMatch(/Relatora Reportes \w+;1;3;2;1;33;0;0/);
  });

  it("a period (30 days, 90 days, 12 months, all) filters the page and each CSV alike; anything else is the default", async () => {
    const startsAt = (await sessionRow(sessionId)).startsAt;
    // Forty days after the session: out of the last 30 days, within the last 90.
    freezeClock(new Date(startsAt.getTime() + 40 * 86_400_000));
    try {
      const page = (q: string) => call(reportsPage.loader, getRequest(`/admin/sesiones/reportes${q}`, admin.cookie));
      const has = (data: { sessions: { id: number }[] }) => data.sessions.some((s) => s.id === sessionId);
      const mineIn = (data: { instructors: { instructorName: string }[] }) => data.instructors.some((r) => r.instructorName === relatorName);
      const last30 = await page("?periodo=30d");
      expect(last30.data.period).toBe("30d");
      expect(has(last30.data)).toBe(false);
      expect(mineIn(last30.data)).toBe(false);
      for (const q of ["?periodo=90d", "?periodo=12m", "?periodo=todo"]) {
        const d = (await page(q)).data;
        expect(has(d), q).toBe(true);
        expect(mineIn(d), q).toBe(true);
      }
      // Not a period (absent, typed or hostile): the default, last 12 months, as the other reports do, never a 500; repeated: the first.
      for (const q of ["", "?periodo=7d", "?periodo=%27%3B--", "?periodo=30d&periodo=todo"]) {
        const res = await page(q);
        expect(res.status, q).toBe(200);
        expect(res.data.period, q).toBe(q.includes("&") ? "30d" : "12m");
      }
      const csv = (table: string, period: string) => callAndRead(reportsCsv.loader, getRequest(`/admin/sesiones/reportes.csv?tabla=${table}&periodo=${period}`, admin.cookie));
      const sessions30 = await csv("sesiones", "30d");
      expect(sessions30.headers.get("content-disposition")).toMatch(/sesiones-practicas-sesiones-30d-/);
      expect(sessions30.data).not.toContain(";4;3;75;0;2;1;33;0");
      expect((await csv("sesiones", "90d")).data).toContain(";4;3;75;0;2;1;33;0");
      expect((await csv("relatores", "30d")).data).not.toContain(relatorName);
      expect((await csv("relatores", "todo")).data).toContain(relatorName);
      // The items of this file's session only count within the period (each one was assessed here).
      const items30 = (await page("?periodo=30d")).data.items.find((r: { itemKey: string }) => r.itemKey === "compression-depth");
      const items90 = (await page("?periodo=90d")).data.items.find((r: { itemKey: string }) => r.itemKey === "compression-depth");
      expect(items90.assessed - (items30?.assessed ?? 0)).toBeGreaterThanOrEqual(2);
    } finally {
      resetClock();
    }
  });
});
