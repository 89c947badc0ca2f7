import { describe, expect, it } from "vitest";
import { parseSenceCallback, type SenceArrival } from "~/domain/sence-callback";
import {
  closeInProgress,
  connectedMinutes,
  currentStatus,
  pendingExpiresAt,
  senceTransition,
  SENCE_PENDING_MS,
  studyAllowed,
  type SenceSessionState,
} from "~/domain/sence-session";

const T0 = new Date("2026-05-12T14:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const sent = { runAlumno: "12345678-5", codSence: "1237991108", codigoCurso: "5911547" };
const echo = { CodSence: sent.codSence, CodigoCurso: sent.codigoCurso, IdSesionAlumno: "corr", RunAlumno: sent.runAlumno, FechaHora: "2026-05-12 10:00:00", ZonaHoraria: "America/Santiago", LineaCapacitacion: "3" };
const callback = (fields: Record<string, string>, arrival: SenceArrival) => {
  const parsed = parseSenceCallback(Object.entries({ ...echo, ...fields }), arrival);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.callback;
};
const startOk = callback({ IdSesionSence: "S-1" }, "retoma");
const startError = callback({ IdSesionSence: "", GlosaError: "208" }, "error");
const closeOk = callback({}, "retoma");
const closeError = callback({ GlosaError: "304" }, "error");

const pending: SenceSessionState = { status: "pending", requestedAt: T0, closeRequestedAt: null, sent };
const open: SenceSessionState = { ...pending, status: "open" };
const closing: SenceSessionState = { ...open, closeRequestedAt: at(30) };

describe("the 15-minute deadline of a pending session", () => {
  it("expires exactly 15 minutes after the learner was sent to SENCE", () => {
    expect(SENCE_PENDING_MS).toBe(15 * 60_000);
    expect(pendingExpiresAt(T0)).toEqual(at(15));
    expect(currentStatus(pending, at(14.99))).toBe("pending");
    expect(currentStatus(pending, at(15))).toBe("expired");
    expect(currentStatus(open, at(600))).toBe("open");
  });

  it("content opens only while a session is open", () => {
    expect(studyAllowed(null, T0)).toBe(false);
    expect(studyAllowed(pending, T0)).toBe(false);
    expect(studyAllowed(open, at(120))).toBe(true);
    expect(studyAllowed({ ...open, status: "closed" }, T0)).toBe(false);
    expect(studyAllowed({ ...open, status: "failed" }, T0)).toBe(false);
  });

  it("a close waits 15 minutes for its answer too", () => {
    expect(closeInProgress(closing, at(44))).toBe(true);
    expect(closeInProgress(closing, at(45))).toBe(false);
    expect(closeInProgress(open, at(31))).toBe(false);
  });
});

describe("what a callback does to a session", () => {
  it("start OK opens a pending session; start error fails it", () => {
    expect(senceTransition(pending, startOk, at(2), true)).toEqual({ change: "open", senceSessionId: "S-1" });
    expect(senceTransition(pending, startError, at(2), true)).toEqual({ change: "fail", codes: ["208"] });
  });

  it("close OK closes a session whose close was asked; close error leaves it open", () => {
    expect(senceTransition(closing, closeOk, at(31), true)).toEqual({ change: "close" });
    expect(senceTransition(closing, closeError, at(31), true)).toEqual({ change: "close-failed", codes: ["304"] });
  });

  it("a replay changes nothing", () => {
    expect(senceTransition(open, startOk, at(3), true)).toMatchObject({ change: "none", reason: "replay" });
    expect(senceTransition({ ...pending, status: "failed" }, startError, at(3), true)).toMatchObject({ change: "none", reason: "replay" });
    expect(senceTransition({ ...closing, status: "closed" }, closeOk, at(40), true)).toMatchObject({ change: "none", reason: "replay" });
    // The start answer arriving again while the close is awaited is not a close.
    expect(senceTransition(closing, startOk, at(31), true)).toMatchObject({ change: "none" });
  });

  it("an answer nobody waits for changes nothing", () => {
    expect(senceTransition(pending, closeOk, at(1), true)).toMatchObject({ change: "none", reason: "unexpected" });
    expect(senceTransition(open, closeOk, at(10), true)).toMatchObject({ change: "none", reason: "replay" });
  });

  it("an echo that differs changes nothing, whatever the outcome", () => {
    for (const [field, value] of [["RunAlumno", "11111111-1"], ["CodSence", "1111111111"], ["CodigoCurso", "7777777"]]) {
      expect(senceTransition(pending, callback({ IdSesionSence: "S-1", [field!]: value! }, "retoma"), at(1), true)).toMatchObject({ change: "none", reason: "mismatch" });
      expect(senceTransition(pending, callback({ GlosaError: "208", [field!]: value! }, "error"), at(1), true)).toMatchObject({ change: "none", reason: "mismatch" });
    }
  });

  it("a start SENCE confirms after the deadline opens the session only if it is still the learner's latest", () => {
    expect(senceTransition(pending, startOk, at(20), true)).toEqual({ change: "open", senceSessionId: "S-1" });
    expect(senceTransition({ ...pending, status: "expired" }, startOk, at(20), false)).toMatchObject({ change: "none", reason: "late" });
    expect(senceTransition({ ...pending, status: "expired" }, startError, at(20), true)).toMatchObject({ change: "none", reason: "late" });
  });
});

describe("connected time", () => {
  it("counts whole minutes and never goes negative", () => {
    expect(connectedMinutes(T0, at(42.9))).toBe(42);
    expect(connectedMinutes(at(5), T0)).toBe(0);
  });
});
