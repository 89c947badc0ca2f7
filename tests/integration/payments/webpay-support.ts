// A local Webpay server per test file, with the app's configuration pointing the real provider at it
// (WEBPAY_BASE_URL), exactly as `npm run dev:webpay` does for a developer.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { env, setEnv } from "~/server/platform/env.server";
import { createWebpayProvider, webpayConfig, webpayProvider } from "~/server/commerce/payments/webpay.server";
import type { CreatePaymentInput, PaymentProvider } from "~/server/commerce/payments/provider.server";
import { startLocalWebpay, type LocalWebpay, type LocalWebpayOptions } from "../../../scripts/webpay/local-webpay";

/** Tuesday 11 March 2025, 12:00 in Santiago: accounting day "0311". */
export const FIXED_NOW = new Date("2025-03-11T15:00:00Z");

export function useLocalWebpay(port: number, options: LocalWebpayOptions = {}) {
  const context = {} as { server: LocalWebpay; provider: PaymentProvider; fastProvider: PaymentProvider };
  beforeAll(async () => {
    context.server = await startLocalWebpay({ port, clock: () => FIXED_NOW, ...options });
    setEnv({ ...env(), WEBPAY_BASE_URL: context.server.url });
    context.provider = webpayProvider();
    // The same provider with a short deadline, for the tests that make the server slow.
    context.fastProvider = createWebpayProvider({ ...webpayConfig(), timeoutMs: 300 });
  });
  beforeEach(() => context.server.reset());
  afterAll(async () => {
    await context.server?.close();
  });
  return context;
}

let sequence = 0;
/** A fresh, valid order for each payment (Transbank asks for a unique buy_order). */
export function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    buyOrder: `AC-${process.pid}-${sequence}`,
    sessionId: `sesion-${sequence}`,
    amountClp: 20_000,
    returnUrl: "https://academia.test/pagos/webpay/retorno?orden=42",
    ...overrides,
  };
}

export async function created(provider: PaymentProvider, input = order()) {
  const result = await provider.create(input);
  if (result.kind !== "created") throw new Error(`create failed: ${JSON.stringify(result)}`);
  return { ...result, input };
}
