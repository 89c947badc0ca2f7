// The password gate: a few password checks at once, a short queue, and past it an immediate refusal — never a
// turn lost when the work fails, never a wait without end.
import { describe, expect, it, vi } from "vitest";
import { PasswordWorkBusy, passwordTurns, passwordTurnsFull, withPasswordTurn } from "~/server/accounts/password-gate.server";

describe("turnos para revisar contraseñas", () => {
  it("los que caben corren o esperan; el siguiente se rechaza al instante; al terminar uno entra el que esperaba", async () => {
    const { running, waiting } = passwordTurns().limits;
    const releases: Array<() => void> = [];
    const work = () => new Promise<string>((resolve) => releases.push(() => resolve("hecho")));
    const admitted = Array.from({ length: running + waiting }, () => withPasswordTurn(work));
    await vi.waitFor(() => expect(releases).toHaveLength(running));
    expect(passwordTurns()).toMatchObject({ running, waiting });
    expect(passwordTurnsFull()).toBe(true);
    await expect(withPasswordTurn(work)).rejects.toBeInstanceOf(PasswordWorkBusy);
    releases[0]!();
    await expect(admitted[0]).resolves.toBe("hecho");
    // The first in the queue took the freed turn.
    await vi.waitFor(() => expect(releases).toHaveLength(running + 1));
    expect(passwordTurnsFull()).toBe(false);
    // Let everyone through, one after the other.
    for (let i = 1; i < running + waiting; i++) {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(i));
      releases[i]!();
    }
    await Promise.all(admitted);
    expect(passwordTurns()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("un trabajo que falla devuelve su turno", async () => {
    const { running } = passwordTurns().limits;
    for (let i = 0; i < running * 3; i++) await expect(withPasswordTurn(() => Promise.reject(new Error("falló")))).rejects.toThrow("falló");
    expect(passwordTurns()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("nadie espera más de cinco segundos por un turno", async () => {
    vi.useFakeTimers();
    try {
      const { running } = passwordTurns().limits;
      const releases: Array<() => void> = [];
      const busy = Array.from({ length: running }, () => withPasswordTurn(() => new Promise<void>((resolve) => releases.push(resolve))));
      const waiter = withPasswordTurn(async () => "nunca");
      const refused = expect(waiter).rejects.toBeInstanceOf(PasswordWorkBusy);
      await vi.advanceTimersByTimeAsync(5_001);
      await refused;
      expect(passwordTurns().waiting).toBe(0);
      for (const release of releases) release();
      await Promise.all(busy);
    } finally {
      vi.useRealTimers();
    }
  });
});
