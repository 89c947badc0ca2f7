// Moves the end-to-end server's clock (app/server/platform/clock.server.ts), e.g. across a certificate's expiry.
import type { APIRequestContext } from "@playwright/test";

const TOKEN = "e2e-clock-token-0123456789abcdefghij";
const DAY = 86_400_000;

export async function advanceServerClock(request: APIRequestContext, days: number): Promise<void> {
  const response = await request.post(`/__pruebas/reloj?avanzar=${Math.round(days * DAY)}`, { headers: { "x-clock-token": TOKEN } });
  if (!response.ok()) throw new Error(`the server's clock did not move: ${response.status()}`);
}

export async function resetServerClock(request: APIRequestContext): Promise<void> {
  const response = await request.post("/__pruebas/reloj?reiniciar=1", { headers: { "x-clock-token": TOKEN } });
  if (!response.ok()) throw new Error(`the server's clock was not reset: ${response.status()}`);
}
