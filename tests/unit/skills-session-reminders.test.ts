// Which reminder a booked seat is due before its skills session (docs/skills-sessions.md): 48 hours, then 2 hours
// before the start; a mark passed before the seat was booked, or superseded by the next one, sends nothing.
import { describe, expect, test } from "vitest";
import { dueReminder, type SessionReminder } from "~/domain/skills-sessions";

const H = 3_600_000;
const START = new Date("2026-12-05T13:00:00Z"); // sábado 5 de diciembre, 10:00 en Santiago
const at = (hoursBefore: number) => new Date(START.getTime() - hoursBefore * H);
const seat = (bookedHoursBefore: number, sent: SessionReminder[] = []) => ({ startsAt: START, bookedAt: at(bookedHoursBefore), sent: new Set(sent) });

describe("dueReminder", () => {
  test("a seat booked a week ahead: the 48-hour reminder from its mark, the 2-hour one from its own", () => {
    expect(dueReminder(seat(168), at(48.01))).toBeNull();
    expect(dueReminder(seat(168), at(48))).toBe("reminder48h");
    expect(dueReminder(seat(168), at(30))).toBe("reminder48h");
    expect(dueReminder(seat(168, ["reminder48h"]), at(30))).toBeNull();
    expect(dueReminder(seat(168, ["reminder48h"]), at(2.01))).toBeNull();
    expect(dueReminder(seat(168, ["reminder48h"]), at(2))).toBe("reminder2h");
    expect(dueReminder(seat(168, ["reminder48h", "reminder2h"]), at(1))).toBeNull();
  });

  test("a 48-hour reminder missed (nothing looked until the 2-hour mark) is not sent late", () => {
    expect(dueReminder(seat(168), at(1.5))).toBe("reminder2h");
    expect(dueReminder(seat(168, ["reminder2h"]), at(1))).toBeNull();
  });

  test("a seat booked after a mark gets nothing for it: booked 30 hours before, only the 2-hour one", () => {
    expect(dueReminder(seat(30), at(29))).toBeNull();
    expect(dueReminder(seat(30), at(2))).toBe("reminder2h");
    // Booked exactly at the mark still counts; an hour before the start, nothing more.
    expect(dueReminder(seat(48), at(47))).toBe("reminder48h");
    expect(dueReminder(seat(1), at(0.5))).toBeNull();
  });

  test("nothing once the session has started", () => {
    expect(dueReminder(seat(168), at(0))).toBeNull();
    expect(dueReminder(seat(168), at(-1))).toBeNull();
  });
});
