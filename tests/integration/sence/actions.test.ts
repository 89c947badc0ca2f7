// The staff's side of SENCE through its route modules: the OTEC's configuration (admin only; the token sealed at
// rest, masked, never logged), a company's actions and the workers under them (its manager or an admin, never
// another company), and the attendance report with its CSV and Excel.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as adminSence from "~/routes/admin/sence";
import * as companySence from "~/routes/empresa/sence";
import * as actionPage from "~/routes/empresa/sence-accion";
import * as exportsRoute from "~/routes/empresa/sence-asistencia";
import { senceMessages as M } from "~/domain/sence-messages";
import { db } from "~/server/platform/db/client.server";
import { senceConfig, senceParticipant, user } from "~/server/platform/db/schema";
import { env, setEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { advanceClock } from "~/server/platform/clock.server";
import * as ExcelJSNamespace from "exceljs";
import { beginSenceStart } from "~/server/sence/sessions.server";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";
import { closeSession, companyAction, freshCodigo, startSession, TOKEN, TOKEN_KEY, useSence } from "./support";

// exceljs (a test-only dependency) reads back what the academy's own writer made.
const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;
const ctx = useSence();
afterEach(() => vi.restoreAllMocks());

const saveConfig = (cookie: string, fields: Record<string, string>) => call(adminSence.action, formRequest("/admin/sence", { intent: "config", ...fields }, { cookie }));
const createForm = (cookie: string, companyId: number, fields: Record<string, string>) =>
  call(companySence.action, formRequest(`/empresa/${companyId}/sence`, { intent: "create", ...fields }, { cookie }), { companyId: String(companyId) });
const actionPost = (cookie: string, companyId: number, actionId: number, fields: Record<string, string | string[]>) =>
  call(actionPage.action, formRequest(`/empresa/${companyId}/sence/${actionId}`, fields, { cookie }), { companyId: String(companyId), actionId: String(actionId) });
const actionLoad = (cookie: string, companyId: number, actionId: number) =>
  call(actionPage.loader, getRequest(`/empresa/${companyId}/sence/${actionId}`, cookie), { companyId: String(companyId), actionId: String(actionId) });
const download = (cookie: string, companyId: number, actionId: number, file: string) =>
  call(exportsRoute.loader, getRequest(`/empresa/${companyId}/sence/${actionId}/descargas/${file}`, cookie), { companyId: String(companyId), actionId: String(actionId), file });

const validAction = (over: Record<string, string> = {}) => ({
  courseId: "1",
  codSence: "1237991108",
  codigoCurso: freshCodigo(),
  line: "3",
  environment: "production",
  startsOn: "2026-03-01",
  endsOn: "2026-04-30",
  ...over,
});

describe("the OTEC's configuration (/admin/sence)", () => {
  it("only admins see or change it", async () => {
    const learner = await createUser();
    expect((await call(adminSence.loader, getRequest("/admin/sence", learner.cookie))).location).toBe("/dashboard");
    expect((await call(adminSence.loader, getRequest("/admin/sence"))).location).toMatch(/^\/login/);
    expect((await saveConfig(learner.cookie, { rutOtec: "76543210-3", token: TOKEN })).location).toBe("/dashboard");
  });

  it("seals the token at rest, shows it masked and never logs it", async () => {
    const spies = (["info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(logger, level));
    const token = "ABCDEF01-2345-4678-89AB-CDEF01234567";
    const saved = await saveConfig(ctx.admin.cookie, { rutOtec: "76.543.210-3", token: token.toLowerCase() });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true, message: M.configSaved });
    expect(JSON.stringify(saved.data)).not.toContain(token.slice(0, 8));
    const [row] = await db().select().from(senceConfig);
    expect(row!.rutOtec).toBe("76543210-3");
    expect(row!.tokenSealed).not.toContain(token);
    expect(row!.tokenSealed.toUpperCase()).not.toContain(token.slice(0, 8));
    expect(row!.tokenLast4).toBe("4567");
    const page = await call(adminSence.loader, getRequest("/admin/sence", ctx.admin.cookie));
    expect(page.data.config).toMatchObject({ rutOtec: "76543210-3", tokenMasked: "••••••••-••••-••••-••••-••••••••4567", tokenReadable: true, keyConfigured: true });
    expect(JSON.stringify(page.data)).not.toContain(token.slice(0, 8));
    for (const spy of spies) for (const args of spy.mock.calls) expect(JSON.stringify(args)).not.toContain(token.slice(0, 8));
    // A blank token keeps the saved one; the tests' own token goes back.
    expect((await saveConfig(ctx.admin.cookie, { rutOtec: "76543210-3", token: "" })).status).toBe(200);
    expect((await db().select().from(senceConfig))[0]!.tokenLast4).toBe("4567");
    expect((await saveConfig(ctx.admin.cookie, { rutOtec: "76543210-3", token: TOKEN })).status).toBe(200);
  });

  it("bad input: a Spanish message next to the field, the RUT kept, the token never echoed", async () => {
    const bad = await saveConfig(ctx.admin.cookie, { rutOtec: "76543210-4", token: "123" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ rutOtec: "El dígito verificador del RUT no es correcto.", token: M.tokenInvalid });
    expect(bad.data.values).toEqual({ rutOtec: "76543210-4" });
  });

  it("without SENCE_TOKEN_KEY nothing is saved; with another key the saved token cannot be opened and nobody is sent to SENCE", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const original = env();
    try {
      setEnv({ ...original, SENCE_TOKEN_KEY: undefined });
      const refused = await saveConfig(ctx.admin.cookie, { rutOtec: "76543210-3", token: TOKEN });
      expect(refused.status).toBe(409);
      expect(refused.data.fieldErrors.token).toBe(M.keyMissing);
      setEnv({ ...original, SENCE_TOKEN_KEY: "7a".repeat(32) });
      const page = await call(adminSence.loader, getRequest("/admin/sence", ctx.admin.cookie));
      expect(page.data.config.tokenReadable).toBe(false);
      expect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 })).toMatchObject({ ok: false, status: 503, message: M.notConfigured });
    } finally {
      setEnv({ ...original, SENCE_TOKEN_KEY: TOKEN_KEY });
    }
  });
});

describe("a company's actions (/empresa/:id/sence)", () => {
  it("its manager records one and is sent to it", async () => {
    const { companyId, manager } = await companyWithManager(ctx.admin.cookie, 3);
    const fields = validAction();
    const res = await createForm(manager.cookie, companyId, fields);
    expect(res.status).toBe(302);
    const actionId = Number(/\/sence\/(\d+)$/.exec(res.location!)![1]);
    const page = await actionLoad(manager.cookie, companyId, actionId);
    expect(page.data.action).toMatchObject({ codigoCurso: fields.codigoCurso, codSence: "1237991108", line: 3, environment: "production", startsOn: "2026-03-01" });
    const list = await call(companySence.loader, getRequest(`/empresa/${companyId}/sence`, manager.cookie), { companyId: String(companyId) });
    expect(list.data.actions.map((a: { id: number }) => a.id)).toEqual([actionId]);
  });

  it("each field rule gives its message and keeps what was typed", async () => {
    const { companyId, manager } = await companyWithManager(ctx.admin.cookie, 3);
    const cases: [Record<string, string>, string, string][] = [
      [{ codSence: "123799110" }, "codSence", M.codSenceInvalid],
      [{ codigoCurso: "123456" }, "codigoCurso", M.codigoCursoInvalid],
      [{ codSence: "-1", codigoCurso: "-1" }, "codSence", M.codSenceInvalid],
      [{ endsOn: "2026-02-01" }, "endsOn", M.endBeforeStart],
      [{ startsOn: "2026-02-30" }, "startsOn", M.dateInvalid],
      [{ environment: "" }, "environment", M.environmentRequired],
      [{ line: "2" }, "line", M.lineInvalid],
      [{ courseId: "3" }, "courseId", M.courseNotOfCompany],
    ];
    for (const [change, field, message] of cases) {
      const res = await createForm(manager.cookie, companyId, validAction(change));
      expect(res.status, field).toBeGreaterThanOrEqual(400);
      expect(res.data.fieldErrors[field], JSON.stringify(change)).toBe(message);
      if (field !== "environment" && field !== "courseId") expect(res.data.values[field]).toBe(change[field]);
    }
    // -1 is the test environment's wildcard.
    expect((await createForm(manager.cookie, companyId, validAction({ codSence: "-1", codigoCurso: "-1", environment: "test" }))).status).toBe(302);
  });

  it("an action id already recorded in the environment is refused", async () => {
    const { companyId, manager } = await companyWithManager(ctx.admin.cookie, 3);
    const fields = validAction();
    expect((await createForm(manager.cookie, companyId, fields)).status).toBe(302);
    const again = await createForm(manager.cookie, companyId, fields);
    expect(again.status).toBe(409);
    expect(again.data.fieldErrors.codigoCurso).toBe(M.codigoCursoTaken);
    expect((await createForm(manager.cookie, companyId, { ...fields, environment: "test" })).status).toBe(302);
  });

  it("another company's manager, a learner and the anonymous are refused; another company's action is not found", async () => {
    const a = await companyAction(ctx.admin, { workers: 1 });
    const b = await companyWithManager(ctx.admin.cookie, 1);
    const learner = await createUser();
    expect((await actionLoad(b.manager.cookie, a.companyId, a.actionId)).status).toBe(403);
    expect((await actionLoad(learner.cookie, a.companyId, a.actionId)).status).toBe(403);
    expect((await actionLoad("", a.companyId, a.actionId)).status).toBe(302);
    expect((await actionLoad(b.manager.cookie, b.companyId, a.actionId)).status).toBe(404);
    expect((await createForm(b.manager.cookie, a.companyId, validAction())).status).toBe(403);
    expect((await actionPost(b.manager.cookie, b.companyId, a.actionId, { intent: "add", enrolmentId: String(a.workers[0]!.enrolmentId) })).status).toBe(404);
    expect((await download(b.manager.cookie, a.companyId, a.actionId, "asistencia.csv")).status).toBe(403);
    // An admin reaches every company's action.
    expect((await actionLoad(ctx.admin.cookie, a.companyId, a.actionId)).status).toBe(200);
  });
});

describe("workers under an action", () => {
  it("only the company's workers of the course, with a RUT, under no other action", async () => {
    const a = await companyAction(ctx.admin, { workers: 3, underAction: 0 });
    const other = await companyAction(ctx.admin, { workers: 1 });
    const [w1, w2, w3] = a.workers;
    const add = (ids: number[]) => actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "add", enrolmentId: ids.map(String) });
    expect((await add([other.workers[0]!.enrolmentId])).data).toMatchObject({ ok: false, message: M.workerNotOfCompany });
    await db().update(user).set({ rut: null }).where(eq(user.id, w3!.id));
    expect((await add([w1!.enrolmentId, w3!.enrolmentId])).data).toMatchObject({ ok: false, message: M.workerNeedsRut });
    expect(await db().select().from(senceParticipant).where(eq(senceParticipant.actionId, a.actionId))).toEqual([]);
    expect((await add([w1!.enrolmentId, w2!.enrolmentId])).data).toMatchObject({ ok: true, message: M.workersAdded(2) });
    expect((await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "add" })).data.message).toBe(M.noWorkersChosen);
    expect((await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "add", enrolmentId: "x" })).status).toBe(400);

    const second = await createForm(a.manager.cookie, a.companyId, validAction());
    const secondId = Number(/\/sence\/(\d+)$/.exec(second.location!)![1]);
    const moved = await actionPost(a.manager.cookie, a.companyId, secondId, { intent: "add", enrolmentId: String(w1!.enrolmentId) });
    expect(moved.status).toBe(409);
    const page = await actionLoad(a.manager.cookie, a.companyId, secondId);
    expect(page.data.candidates.find((c: { enrolmentId: number }) => c.enrolmentId === w1!.enrolmentId)).toMatchObject({ state: "other-action" });
  });

  it("two managers adding the same worker to two actions at once: one wins, nothing half-written", async () => {
    const a = await companyAction(ctx.admin, { workers: 1, underAction: 0 });
    const second = await createForm(a.manager.cookie, a.companyId, validAction());
    const secondId = Number(/\/sence\/(\d+)$/.exec(second.location!)![1]);
    const id = String(a.workers[0]!.enrolmentId);
    const results = await Promise.all([
      actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "add", enrolmentId: id }),
      actionPost(ctx.admin.cookie, a.companyId, secondId, { intent: "add", enrolmentId: id }),
    ]);
    expect(results.map((r) => r.data.ok).sort()).toEqual([false, true]);
    const rows = await db().select().from(senceParticipant).where(eq(senceParticipant.enrolmentId, a.workers[0]!.enrolmentId));
    expect(rows).toHaveLength(1);
  });

  it("the codes are fixed once SENCE opened a session; the dates can still be corrected", async () => {
    const a = await companyAction(ctx.admin, { workers: 1 });
    const page = await actionLoad(a.manager.cookie, a.companyId, a.actionId);
    const current = { courseId: "1", codSence: page.data.action.codSence, codigoCurso: page.data.action.codigoCurso, line: "3", environment: "test", startsOn: "2026-01-01", endsOn: "2026-12-31" };
    expect((await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "update", ...current, codSence: "1111111111" })).data.ok).toBe(true);
    expect((await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "update", ...current })).data.ok).toBe(true);
    await startSession(a.workers[0]!.id);
    const locked = await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "update", ...current, codigoCurso: freshCodigo() });
    expect(locked).toMatchObject({ status: 409, data: { message: M.actionCodesLocked } });
    expect((await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "update", ...current, endsOn: "2026-11-30" })).data.ok).toBe(true);
  });
});

describe("the attendance report", () => {
  it("shows each worker's sessions, connected time, who has a session for the DJ and who is below 75 %, in the page, CSV and Excel", async () => {
    const a = await companyAction(ctx.admin, { workers: 2 });
    const [w1, w2] = a.workers;
    await startSession(w1!.id);
    advanceClock(35 * 60_000);
    await closeSession(w1!.id);
    await startSession(w2!.id, { escenario: "208" });

    const page = await actionLoad(a.manager.cookie, a.companyId, a.actionId);
    const rows = page.data.attendance as { run: string; startedSessions: number; connectedMinutes: number; belowMinimum: boolean; sessions: { status: string; errorCodes: string[] }[] }[];
    const first = rows.find((r) => r.run === w1!.rut)!;
    const second = rows.find((r) => r.run === w2!.rut)!;
    expect(first).toMatchObject({ startedSessions: 1, connectedMinutes: 35, belowMinimum: true });
    expect(first.sessions.map((s) => s.status)).toEqual(["closed"]);
    expect(second).toMatchObject({ startedSessions: 0, connectedMinutes: 0 });
    expect(second.sessions).toMatchObject([{ status: "failed", errorCodes: ["208"] }]);

    const csv = await download(a.manager.cookie, a.companyId, a.actionId, "asistencia.csv");
    expect(csv.response!.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await csv.response!.text();
    const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toContain("Con al menos una sesión (DJ)");
    expect(lines.some((l) => l.includes(w1!.name) && l.includes(";Cerrada;") && l.includes(";35;"))).toBe(true);
    expect(lines.some((l) => l.includes(w2!.name) && l.includes("Rechazada por SENCE") && l.includes(";208;"))).toBe(true);

    const xlsx = await download(a.manager.cookie, a.companyId, a.actionId, "asistencia.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.response!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const values = [2, 3].map((r) => sheet.getRow(r).values as unknown[]);
    const anaRow = values.find((v) => v.includes(w1!.name))!;
    expect(anaRow).toContain(35);
    expect(anaRow).toContain("Cerrada");
    expect(anaRow.some((v) => v instanceof Date)).toBe(true);
    expect(values.find((v) => v.includes(w2!.name))).toContain("208");
    expect((await download(a.manager.cookie, a.companyId, a.actionId, "otro.pdf")).status).toBe(404);
  });

  it("a worker taken out stays in the report with their sessions", async () => {
    const a = await companyAction(ctx.admin, { workers: 1 });
    await startSession(a.workers[0]!.id);
    const page = await actionLoad(a.manager.cookie, a.companyId, a.actionId);
    const participantId = page.data.attendance[0].participantId;
    const removed = await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "remove", participantId: String(participantId) });
    expect(removed.data).toMatchObject({ ok: true, message: M.workerRemoved });
    expect((await actionPost(a.manager.cookie, a.companyId, a.actionId, { intent: "remove", participantId: String(participantId) })).status).toBe(404);
    const after = await actionLoad(a.manager.cookie, a.companyId, a.actionId);
    expect(after.data.attendance[0]).toMatchObject({ removed: true, startedSessions: 1 });
  });
});
