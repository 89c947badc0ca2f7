import { describe, expect, it } from "vitest";
import { dueLine, dueNudges, dueState, parseDueDate } from "~/domain/company-follow-up";

describe("parseDueDate", () => {
  const today = "2030-02-27";
  it("empty is none; a real day from today on, at most five years ahead", () => {
    expect(parseDueDate("", today)).toEqual({ ok: true, value: null });
    expect(parseDueDate(" 2030-02-27 ", today)).toEqual({ ok: true, value: "2030-02-27" });
    expect(parseDueDate("2035-02-27", today)).toEqual({ ok: true, value: "2035-02-27" });
    expect(parseDueDate("2035-02-28", today)).toMatchObject({ ok: false, message: "La fecha límite no puede estar a más de 5 años." });
    expect(parseDueDate("2030-02-26", today)).toMatchObject({ ok: false, message: "La fecha límite no puede ser anterior a hoy." });
    expect(parseDueDate(null, today)).toEqual({ ok: true, value: null });
    for (const bad of ["2030-02-30", "27/02/2030", "2030-2-28", "x", "2030-02-28T00:00"]) expect(parseDueDate(bad, today)).toMatchObject({ ok: false });
  });
});

describe("dueState and dueLine", () => {
  it("late the day after the due date; 'soon' within 7 days; nothing once completed", () => {
    expect(dueState("2030-03-10", null, "2030-03-10")).toBe("soon");
    expect(dueState("2030-03-10", null, "2030-03-11")).toBe("overdue");
    expect(dueState("2030-03-18", null, "2030-03-10")).toBe("ok");
    expect(dueState("2030-03-17", null, "2030-03-10")).toBe("soon");
    expect(dueState("2030-03-10", new Date(), "2030-04-10")).toBe("done");
    expect(dueState(null, null, "2030-04-10")).toBe("none");
    expect(dueLine("2026-12-15", "2026-12-15")).toEqual({ text: "Tu empresa pide terminar este curso antes del 15/12/2026", late: false });
    expect(dueLine("2026-12-15", "2026-12-16").late).toBe(true);
  });
});

describe("dueNudges", () => {
  const all = { inactiveDays: 7, beforeDueDays: 7, overdue: true };
  it("inactivity counts Chile days since the last step; the due date's nudge is 'before-due' inside the window, 'overdue' after", () => {
    expect(dueNudges(all, { dueOn: null, lastActivityDay: "2030-03-03" }, "2030-03-10")).toEqual(["inactive"]);
    expect(dueNudges(all, { dueOn: null, lastActivityDay: "2030-03-04" }, "2030-03-10")).toEqual([]);
    expect(dueNudges(all, { dueOn: "2030-03-17", lastActivityDay: "2030-03-09" }, "2030-03-10")).toEqual(["before-due"]);
    expect(dueNudges(all, { dueOn: "2030-03-18", lastActivityDay: "2030-03-09" }, "2030-03-10")).toEqual([]);
    expect(dueNudges(all, { dueOn: "2030-03-09", lastActivityDay: "2030-03-09" }, "2030-03-10")).toEqual(["overdue"]);
    expect(dueNudges({ ...all, overdue: false }, { dueOn: "2030-03-09", lastActivityDay: "2030-03-09" }, "2030-03-10")).toEqual([]);
    expect(dueNudges({ inactiveDays: null, beforeDueDays: null, overdue: false }, { dueOn: "2030-03-10", lastActivityDay: "2020-01-01" }, "2030-03-10")).toEqual([]);
  });
});
