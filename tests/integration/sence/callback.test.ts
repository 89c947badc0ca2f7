// SENCE's callbacks (manual técnico RCE v1.1.6, §3.2–§3.3) against the academy's rules, through the local SENCE
// server: every shape, replays, forged and mismatched echoes, oversized fields, an abandoned sign-in, and two
// callbacks at once. Each one is kept raw in the append-only log, whatever it did.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { senceCallback, senceSession } from "~/server/platform/db/schema";
import { advanceClock } from "~/server/platform/clock.server";
import { beginSenceClose, beginSenceStart } from "~/server/sence/sessions.server";
import { receiveSenceCallback } from "~/server/sence/callback.server";
import { senceLearnerState } from "~/server/sence/sessions.server";
import { callbackOf } from "../../../scripts/sence/browser";
import { atSence, callbackLog, closeSession, companyAction, deliver, expectRedirect, startSession, useSence } from "./support";

const ctx = useSence();

async function sessionRow(correlationId: string) {
  const [row] = await db().select().from(senceSession).where(eq(senceSession.correlationId, correlationId));
  return row!;
}

describe("the four callback shapes", () => {
  it("start OK opens the session; close OK closes it, with the connected time", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const w = workers[0]!;
    const start = await startSession(w.id);
    expect(start.outcome).toEqual({ redirectTo: "/cursos/1/contenido", result: "applied:open" });
    const opened = await sessionRow(start.redirect.fields.IdSesionAlumno!);
    expect(opened).toMatchObject({ status: "open", runAlumno: w.rut, errorCodes: [] });
    expect(opened.senceSessionId).toBe(ctx.sence.sessions()[0]!.idSesionSence);
    expect(opened.senceStartedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    advanceClock(42 * 60_000);
    const close = await closeSession(w.id);
    expect(close.redirect.fields.IdSesionSence).toBe(opened.senceSessionId);
    expect(close.redirect.fields.IdSesionAlumno).toBe(start.redirect.fields.IdSesionAlumno);
    expect(close.outcome.result).toBe("applied:close");
    const closed = await sessionRow(start.redirect.fields.IdSesionAlumno!);
    expect(closed.status).toBe("closed");
    expect(Math.round((closed.closedAt!.getTime() - closed.startedAt!.getTime()) / 60_000)).toBe(42);
    expect((await senceLearnerState(w.enrolmentId))).toMatchObject({ status: "closed", connectedMinutes: 42 });
  });

  it("start error: the session fails with SENCE's code and the learner reads what to do", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const start = await startSession(workers[0]!.id, { escenario: "208" });
    expect(start.outcome.result).toBe("applied:fail");
    const row = await sessionRow(start.redirect.fields.IdSesionAlumno!);
    expect(row).toMatchObject({ status: "failed", errorCodes: ["208"] });
    const view = await senceLearnerState(workers[0]!.enrolmentId);
    expect(view!.errors.map((e) => e.code)).toEqual(["208"]);
    expect(view!.errors[0]!.action).toMatch(/empresa/);
  });

  it("several codes at once are all kept and explained", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const start = await startSession(workers[0]!.id, { escenario: "varios", codigos: "211;204" });
    expect((await sessionRow(start.redirect.fields.IdSesionAlumno!)).errorCodes).toEqual(["211", "204"]);
    expect((await senceLearnerState(workers[0]!.enrolmentId))!.errors.map((e) => e.who)).toEqual(["academy", "company"]);
  });

  it("close error: the session stays open with the codes; a new close can still succeed", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const start = await startSession(workers[0]!.id);
    const failed = await closeSession(workers[0]!.id, { escenario: "305" });
    expect(failed.outcome.result).toBe("applied:close-failed");
    const row = await sessionRow(start.redirect.fields.IdSesionAlumno!);
    expect(row).toMatchObject({ status: "open", errorCodes: ["305"], closeRequestedAt: null });
    expect((await senceLearnerState(workers[0]!.enrolmentId))!.errors.map((e) => e.code)).toEqual(["305"]);
    expect((await closeSession(workers[0]!.id)).outcome.result).toBe("applied:close");
  });

  it("a field refused by SENCE on arrival comes back as a start error at once", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    ctx.sence.presetScenario({ scenario: { outcome: "error", codes: "212" } });
    const start = await startSession(workers[0]!.id);
    expect((await sessionRow(start.redirect.fields.IdSesionAlumno!)).errorCodes).toEqual(["212"]);
  });
});

describe("what changes nothing", () => {
  it("a replayed start OK, start error or close OK", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const start = await startSession(workers[0]!.id);
    expect((await deliver(start.post)).result).toBe("ignored:replay");
    const close = await closeSession(workers[0]!.id);
    const before = await sessionRow(start.redirect.fields.IdSesionAlumno!);
    expect((await deliver(close.post)).result).toBe("ignored:replay");
    expect((await deliver(start.post)).result).toBe("ignored:replay");
    expect(await sessionRow(start.redirect.fields.IdSesionAlumno!)).toEqual(before);

    const other = await companyAction(ctx.admin, { workers: 1 });
    const refused = await startSession(other.workers[0]!.id, { escenario: "208" });
    const failed = await sessionRow(refused.redirect.fields.IdSesionAlumno!);
    expect((await deliver(refused.post)).result).toBe("ignored:replay");
    expect(await sessionRow(refused.redirect.fields.IdSesionAlumno!)).toEqual(failed);
  });

  it("a callback whose RUN, CodSence or CodigoCurso differs from what was sent", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const redirect = expectRedirect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 }));
    const genuine = callbackOf(await atSence(redirect));
    for (const [field, value] of [["RunAlumno", "11111111-1"], ["CodSence", "9999999999"], ["CodigoCurso", "7654321"]] as const) {
      const forged = new URLSearchParams(genuine.body);
      forged.set(field, value);
      expect((await deliver({ url: genuine.url, body: forged })).result).toMatch(/^ignored:mismatch/);
    }
    expect((await sessionRow(redirect.fields.IdSesionAlumno!)).status).toBe("pending");
    // The genuine answer still opens it.
    expect((await deliver(genuine)).result).toBe("applied:open");
  });

  it("a forged callback: an unknown correlation id, or none", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const redirect = expectRedirect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 }));
    const genuine = callbackOf(await atSence(redirect));
    const forged = new URLSearchParams(genuine.body);
    forged.set("IdSesionAlumno", "a".repeat(43));
    expect(await deliver({ url: genuine.url, body: forged })).toEqual({ redirectTo: "/dashboard", result: "ignored:unknown-session" });
    forged.delete("IdSesionAlumno");
    expect((await deliver({ url: genuine.url, body: forged })).result).toBe("refused:missing-id");
    expect((await sessionRow(redirect.fields.IdSesionAlumno!)).status).toBe("pending");
  });

  it("oversized and repeated fields, and bodies refused unread", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const redirect = expectRedirect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 }));
    const genuine = callbackOf(await atSence(redirect));
    const big = new URLSearchParams(genuine.body);
    big.set("IdSesionSence", "S".repeat(150));
    expect((await deliver({ url: genuine.url, body: big })).result).toBe("refused:oversize");
    const twice = new URLSearchParams(genuine.body);
    twice.append("RunAlumno", "11111111-1");
    expect((await deliver({ url: genuine.url, body: twice })).result).toBe("refused:duplicate");
    expect((await receiveSenceCallback({ arrival: "retoma", body: null, refused: "too-large", address: null })).result).toBe("refused:too-large");
    expect((await sessionRow(redirect.fields.IdSesionAlumno!)).status).toBe("pending");
  });

  it("a close answer while the start is awaited, and a start answer while the close is awaited", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const redirect = expectRedirect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 }));
    const genuine = callbackOf(await atSence(redirect));
    const closeShaped = new URLSearchParams(genuine.body);
    closeShaped.delete("IdSesionSence");
    expect((await deliver({ url: genuine.url, body: closeShaped })).result).toMatch(/^ignored:unexpected/);
    expect((await deliver(genuine)).result).toBe("applied:open");
    expectRedirect(await beginSenceClose({ userId: workers[0]!.id, courseId: 1 }));
    expect((await deliver(genuine)).result).toMatch(/^ignored:replay/);
    expect((await sessionRow(redirect.fields.IdSesionAlumno!)).status).toBe("open");
  });
});

describe("the abandoned sign-in", () => {
  it("expires 15 minutes after the learner left, with no callback; a new start is then allowed", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const w = workers[0]!;
    const redirect = expectRedirect(await beginSenceStart({ userId: w.id, courseId: 1 }));
    const gone = await atSence(redirect, { accion: "Abandonar sin terminar" });
    expect(gone.forms).toEqual([]);
    advanceClock(14 * 60_000);
    expect((await senceLearnerState(w.enrolmentId))!.status).toBe("pending");
    advanceClock(60_000);
    expect((await senceLearnerState(w.enrolmentId))!.status).toBe("expired");
    const again = expectRedirect(await beginSenceStart({ userId: w.id, courseId: 1 }));
    expect(again.fields.IdSesionAlumno).not.toBe(redirect.fields.IdSesionAlumno);
    expect((await sessionRow(redirect.fields.IdSesionAlumno!)).status).toBe("expired");
  });

  it("a start SENCE confirms after the deadline opens the session if it is still the latest attempt; not otherwise", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const w = workers[0]!;
    const first = expectRedirect(await beginSenceStart({ userId: w.id, courseId: 1 }));
    const late = callbackOf(await atSence(first));
    advanceClock(20 * 60_000);
    expect((await deliver(late)).result).toBe("applied:open");

    const other = await companyAction(ctx.admin, { workers: 1 });
    const v = other.workers[0]!;
    const old = expectRedirect(await beginSenceStart({ userId: v.id, courseId: 1 }));
    const oldAnswer = callbackOf(await atSence(old));
    advanceClock(20 * 60_000);
    const fresh = expectRedirect(await beginSenceStart({ userId: v.id, courseId: 1 }));
    expect((await deliver(oldAnswer)).result).toBe("ignored:late");
    expect((await sessionRow(old.fields.IdSesionAlumno!)).status).toBe("expired");
    expect((await sessionRow(fresh.fields.IdSesionAlumno!)).status).toBe("pending");
  });
});

describe("two callbacks at once", () => {
  it("record one state change", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const redirect = expectRedirect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 }));
    const genuine = callbackOf(await atSence(redirect));
    const results = await Promise.all([deliver(genuine), deliver(genuine), deliver(genuine)]);
    expect(results.map((r) => r.result).sort()).toEqual(["applied:open", "ignored:replay", "ignored:replay"]);
    const log = (await callbackLog()).filter((l) => l.fields?.some(([k, v]) => k === "IdSesionAlumno" && v === redirect.fields.IdSesionAlumno));
    expect(log.map((l) => l.result).sort()).toEqual(["applied:open", "ignored:replay", "ignored:replay"]);
  });

  it("a success and an error for the same start: exactly one of them applies", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const redirect = expectRedirect(await beginSenceStart({ userId: workers[0]!.id, courseId: 1 }));
    const ok = callbackOf(await atSence(redirect));
    const error = new URLSearchParams(ok.body);
    error.set("GlosaError", "300");
    const results = await Promise.all([deliver(ok), deliver({ url: ok.url.replace("/sence/retorno", "/sence/error"), body: error })]);
    expect(results.filter((r) => r.result.startsWith("applied:"))).toHaveLength(1);
    const row = await sessionRow(redirect.fields.IdSesionAlumno!);
    expect(["open", "failed"]).toContain(row.status);
  });
});

describe("the callback log", () => {
  it("keeps every callback raw, and refuses to change or lose any", async () => {
    const { workers } = await companyAction(ctx.admin, { workers: 1 });
    const start = await startSession(workers[0]!.id);
    const [entry] = (await callbackLog()).filter((l) => l.sessionId !== null && l.fields?.some(([, v]) => v === start.redirect.fields.IdSesionAlumno));
    expect(entry).toMatchObject({ arrival: "retoma", result: "applied:open", address: "127.0.0.1" });
    expect(entry!.fields).toEqual([...start.post.body]);
    await expect(db().update(senceCallback).set({ result: "x" }).where(eq(senceCallback.id, entry!.id))).rejects.toThrow();
    await expect(db().delete(senceCallback).where(eq(senceCallback.id, entry!.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate sence_callback`)).rejects.toThrow();
    expect((await callbackLog()).find((l) => l.id === entry!.id)!.result).toBe("applied:open");
  });
});
