import { afterEach, expect, test } from "vitest";
import { advanceClock, clockOffsetMs, freezeClock, now, resetClock } from "~/server/platform/clock.server";

afterEach(resetClock);

test("el reloj de la academia se puede detener y mover en las pruebas", () => {
  freezeClock(new Date("2026-12-31T12:00:00Z"));
  expect(now().toISOString()).toBe("2026-12-31T12:00:00.000Z");
  advanceClock(86_400_000);
  expect(now().toISOString()).toBe("2027-01-01T12:00:00.000Z");
  resetClock();
  expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
});

test("avanzar sin detener deja el reloj corriendo con un desfase", () => {
  advanceClock(3_600_000);
  expect(Math.abs(clockOffsetMs() - 3_600_000)).toBeLessThan(50);
  expect(now().getTime() - Date.now()).toBeGreaterThan(3_599_000);
});
