// Starting orders and joining a waiting list, through the production server over real HTTP with the local Webpay
// server standing in for Transbank. Before: 100 anonymous waiting-list entries went in within seconds, and 30
// Webpay checkouts in a row made 30 orders and 30 calls to Transbank. Now both are throttled
// (platform/rate-limit.server.ts) and a learner has one pending Webpay order per course, reused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/server/platform/rate-limit.server";
import { startLocalWebpay, type LocalWebpay } from "../../../scripts/webpay/local-webpay";
import { createUser } from "../support/users";
import { httpClient } from "./support/http-client";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

let seeded: SeededServer;
let webpay: LocalWebpay;
let http: ReturnType<typeof httpClient>;
let buyer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  webpay = await startLocalWebpay({ port: 0 });
  buyer = await createUser();
  other = await createUser();
  seeded = await startSeededServer({ prefix: "order-throttle", env: { WEBPAY_BASE_URL: webpay.url, RATE_LIMIT_IP_FACTOR: "1" } });
  http = httpClient(seeded.server);
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
  await webpay?.close();
});

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("límites de pedidos y de la lista de espera", () => {
  it("30 compras con Webpay seguidas: un solo pedido pendiente y una sola llamada a Transbank; pasado el límite, 429 en español", async () => {
    const before = webpay.transactions().length;
    const places = new Set<string>();
    const statuses: number[] = [];
    let refused = "";
    for (let i = 0; i < 30; i++) {
      const res = await http.post("/cursos/1/comprar", { method: "webpay", terms: "on", coupon: "" }, buyer.cookie);
      statuses.push(res.status);
      if (res.status === 302) places.add(res.location!);
      else refused = text(res.body);
    }
    expect(places.size).toBe(1);
    expect([...places][0]).toMatch(/^\/compras\/[A-Z0-9-]+\/webpay$/);
    expect(webpay.transactions().length - before).toBe(1);
    expect(statuses.filter((s) => s === 302)).toHaveLength(LIMITS.checkoutPerUser.max);
    expect(statuses.slice(LIMITS.checkoutPerUser.max).every((s) => s === 429)).toBe(true);
    expect(refused).toContain("Iniciaste demasiadas compras seguidas. Espera unos minutos e inténtalo de nuevo");
    // Another learner is not held back by this one.
    expect((await http.post("/cursos/1/comprar", { method: "webpay", terms: "on", coupon: "" }, other.cookie)).status).toBe(302);
  });

  it("100 inscripciones anónimas en la lista de espera: entran las del límite, el resto recibe 429 en español", async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => http.post("/cursos/3/avisame", { email: `lista${i}.${Date.now()}@spam.test` })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(LIMITS.waitlistPerAddress.max);
    expect(refused).toHaveLength(100 - LIMITS.waitlistPerAddress.max);
    expect(text(refused[0]!.body)).toContain("Recibimos demasiadas solicitudes seguidas desde tu conexión. Espera unos minutos e inténtalo de nuevo.");
  });
});
