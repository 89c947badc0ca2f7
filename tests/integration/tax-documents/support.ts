// A local OpenFactura server per test file, with the app's configuration pointing the real adapter at it
// (OPENFACTURA_BASE_URL), exactly as `npm run dev:dte` does for a developer; orders bought and paid through the
// real checkout and admin actions; the outbox run as its worker runs it.
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { env, parseEnv, setEnv, type Env } from "~/server/platform/env.server";
import { db } from "~/server/platform/db/client.server";
import { coupon, course, order, outbox, taxDocument, taxDocumentEvent } from "~/server/platform/db/schema";
import { checkout, type CheckoutInput } from "~/server/commerce/orders/checkout.server";
import { confirmTransfer } from "~/server/commerce/orders/admin-orders.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import type { BuyerTaxData } from "~/domain/tax-document-forms";
import { startLocalOpenFactura, type LocalOpenFactura, type LocalOpenFacturaOptions } from "../../../scripts/dte/local-openfactura";
import { changedInTheDatabase } from "../support/catalogue-copies";

/** OpenFactura's development environment as the academy is configured for it, pointed at a local server. */
export function dteEnv(base: Env, url: string, extra: Record<string, string> = {}): Env {
  const source = Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  return parseEnv({ ...source, DTE_PROVIDER: "openfactura", OPENFACTURA_ENVIRONMENT: "development", OPENFACTURA_BASE_URL: url, ...extra });
}

export function useLocalOpenFactura(options: LocalOpenFacturaOptions = {}) {
  const context = {} as { server: LocalOpenFactura };
  let before: Env;
  beforeAll(async () => {
    context.server = await startLocalOpenFactura(options);
    before = env();
    setEnv(dteEnv(before, context.server.url));
  });
  beforeEach(() => context.server.reset());
  afterAll(async () => {
    if (before) setEnv(before);
    await context.server?.close();
  });
  return context;
}

export const boleta: BuyerTaxData = { receipt: "boleta", rut: null, businessName: null, giro: null, address: null, comuna: null, purchaseOrder: null, senceActionId: null };
export const factura: BuyerTaxData = {
  receipt: "factura",
  rut: "76430498-5",
  businessName: "Constructora Los Andes SpA",
  giro: "Construcción de edificios",
  address: "Av. Matta 100",
  comuna: "Santiago",
  purchaseOrder: "OC-4471",
  senceActionId: null,
};

/** A transfer order (no Webpay in the way), confirmed by an admin: paid, with its document queued. */
export async function paidByTransfer(userId: string, adminId: string, input: Partial<CheckoutInput> = {}) {
  const result = await checkout({ userId, courseId: 1, method: "transfer", couponCode: null, taxBuyer: boleta, ...input });
  if (result.kind !== "transfer" && result.kind !== "paid") throw new Error(`checkout: ${JSON.stringify(result)}`);
  if (result.kind === "transfer") {
    const confirmed = await confirmTransfer(result.number, adminId);
    if (!confirmed.ok) throw new Error(confirmed.message);
  }
  const [row] = await db().select().from(order).where(eq(order.number, result.number));
  return row!;
}

export async function documentsOf(orderId: number) {
  return db().select().from(taxDocument).where(eq(taxDocument.orderId, orderId)).orderBy(asc(taxDocument.id));
}

export async function eventsOf(documentId: number) {
  return db().select().from(taxDocumentEvent).where(eq(taxDocumentEvent.documentId, documentId)).orderBy(asc(taxDocumentEvent.id));
}

/** Every job waiting for a retry or a later look becomes due now (the outbox's backoff, skipped). */
export async function makeJobsDue() {
  await db().update(outbox).set({ runAt: sql`now()` }).where(eq(outbox.status, "pending"));
}

export async function pendingJobs(kind: string) {
  return db().select().from(outbox).where(and(eq(outbox.kind, kind), eq(outbox.status, "pending")));
}

/** The mails the outbox delivered to disk (no SMTP_URL in tests): raw MIME text, oldest first. */
export function deliveredMails(to?: string): string[] {
  const dir = path.join(env().DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => !to || m.includes(`To: ${to}`));
}

export function clearDeliveredMails() {
  fs.rmSync(path.join(env().DATA_DIR, "outbox"), { recursive: true, force: true });
}

export async function decodedSubject(mail: string) {
  const line = /^Subject: (.*(?:\n [^\n]*)*)/m.exec(mail)?.[1] ?? "";
  return line.replace(/\n /g, "").replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => Buffer.from(q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"));
}

export { runDueJobs };

export async function setCourseTreatment(treatment: "exempt" | "taxed", courseId = 1) {
  await db().update(course).set({ taxTreatment: treatment }).where(eq(course.id, courseId));
  changedInTheDatabase();
}

export async function addCoupon(code: string, kind: "percent" | "fixed", value: number) {
  const [row] = await db().insert(coupon).values({ code, kind, value }).returning();
  return row!;
}
