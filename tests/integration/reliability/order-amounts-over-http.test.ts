// Price × seats beyond what the amount columns hold (PostgreSQL integer, up to 2.147.483.647): through the
// production server over real HTTP. The insert used to fail and the buyer got a misleading "try again later" (503);
// now an order is capped at MAX_ORDER_AMOUNT_CLP (domain/commerce.ts says why a ceiling and not bigint) and the
// form says so next to the quantity, keeping what was typed.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { course } from "~/server/platform/db/schema";
import { companyWithManager } from "../companies/support";
import { createUser } from "../support/users";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

let seeded: SeededServer;
let companyId = 0;
let manager: { cookie: string };

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  ({ companyId, manager } = await companyWithManager(admin.cookie, 0));
  // The highest price the course editor takes (nine digits).
  await db().update(course).set({ priceClp: 999_999_999 }).where(eq(course.id, 1));
  seeded = await startSeededServer({ prefix: "order-amounts" });
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
});

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

async function buy(quantity: string) {
  const body = new URLSearchParams({ courseId: "1", quantity, method: "transfer", coupon: "", terms: "on" });
  const res = await fetch(`${seeded.server.base}/empresa/${companyId}/comprar`, { method: "POST", body, headers: { origin: seeded.server.base, cookie: manager.cookie }, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

describe("montos de una compra de cupos", () => {
  it("precio × cupos sobre el máximo: 400 con un mensaje claro junto a la cantidad, lo escrito se conserva, nada se guarda", async () => {
    for (const quantity of ["3", "2"]) {
      const res = await buy(quantity);
      expect(res.status, quantity).toBe(400);
      const shown = text(res.body);
      expect(shown).toContain("El total de una compra en línea no puede superar $999.999.999. Compra menos cupos por vez o escríbenos para cotizar.");
      expect(shown).not.toContain("Inténtalo de nuevo");
      expect(res.body).toMatch(new RegExp(`name="quantity"[^>]*value="${quantity}"|value="${quantity}"[^>]*name="quantity"`));
    }
    const purchases = await fetch(`${seeded.server.base}/compras`, { headers: { cookie: manager.cookie } });
    expect(text(await purchases.text())).not.toContain("$2.999.999.997");
    // One seat at the highest price is still an order.
    const one = await buy("1");
    expect(one.status).toBe(302);
    expect(one.location).toMatch(/^\/compras\/[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });
});
