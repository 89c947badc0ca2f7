// "Por hacer" (docs/admin-guide.md): the admin layout counts what waits — each count moves with the real rows that
// make it, and only for administrators.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as layout from "~/routes/admin/admin-layout";
import * as checkoutRoute from "~/routes/curso-comprar";
import { db } from "~/server/platform/db/client.server";
import { companyInvitation, contactMessage, order, outbox, privacyRequest } from "~/server/platform/db/schema";
import { companyWithManager } from "../companies/support";
import { attachTransferProof } from "~/server/commerce/orders/transfer-proof.server";
import { confirmTransfer } from "~/server/commerce/orders/admin-orders.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";

const todos = async (cookie: string) => (await call(layout.loader, getRequest("/admin", cookie))).data as { todos: Record<string, number | string | null>; counts: Record<string, number> };

/** A proof file on disk, as the upload parser leaves it. */
function proofFile() {
  const bytes = Buffer.from(`%PDF-1.7\n${crypto.randomUUID()}\n%%EOF\n`);
  const file = path.join(os.tmpdir(), `proof-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  return { path: file, size: bytes.length, sha256: crypto.createHash("sha256").update(bytes).digest("hex"), head: bytes.subarray(0, 16), filename: "comprobante.pdf", declaredType: "application/pdf" };
}

describe("por hacer", () => {
  it("cuenta transferencias (y cuáles tienen comprobante), mensajes, correos fallidos y solicitudes de datos; confirmar una la descuenta", async () => {
    const admin = await createUser({ role: "admin" });
    const before = await todos(admin.cookie);

    const buyer = await createUser();
    await call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "transfer", terms: "on" }, { cookie: buyer.cookie }), { id: "1" });
    const [o] = await db().select().from(order).where(eq(order.userId, buyer.id));
    expect((await attachTransferProof({ number: o!.number, userId: buyer.id, file: proofFile() })).ok).toBe(true);
    await db().insert(contactMessage).values({ name: "Rosa", email: "rosa@example.cl", subject: "empresas", message: "Hola" });
    await db().insert(outbox).values({ kind: "mail", payload: {}, status: "failed", lastError: "550 mailbox unavailable" });
    // A failure older than 30 days no longer counts.
    await db().insert(outbox).values({ kind: "mail", payload: {}, status: "failed", createdAt: new Date(Date.now() - 40 * 86_400_000) });
    await db().insert(privacyRequest).values({ email: "p@example.cl", name: "Pedro", kind: "access", channel: "mail", receivedAt: new Date(), dueOn: "2030-01-15" });

    const after = await todos(admin.cookie);
    const delta = (key: string) => Number(after.todos[key]) - Number(before.todos[key]);
    expect(delta("transfers")).toBe(1);
    expect(delta("transfersWithProof")).toBe(1);
    expect(delta("messages")).toBe(1);
    expect(delta("failedMail")).toBe(1);
    expect(delta("privacy")).toBe(1);
    expect(after.counts["/admin/ventas"]).toBe(after.todos.transfers);
    expect(after.counts["/admin/privacidad"]).toBe(after.todos.privacy);

    expect((await confirmTransfer(o!.number, admin.id)).ok).toBe(true);
    const confirmed = await todos(admin.cookie);
    expect(Number(confirmed.todos.transfers)).toBe(Number(after.todos.transfers) - 1);
    expect(Number(confirmed.todos.transfersWithProof)).toBe(Number(after.todos.transfersWithProof) - 1);
  });

  it("una invitación que vence en 7 días cuenta; una que vence después, o ya vencida, no", async () => {
    const admin = await createUser({ role: "admin" });
    const { companyId } = await companyWithManager(admin.cookie, 1);
    const at = new Date("2031-03-01T12:00:00Z");
    freezeClock(at);
    try {
      const base = Number((await todos(admin.cookie)).todos.invitationsExpiring);
      const invite = (days: number) =>
        db().insert(companyInvitation).values({
          kind: "worker",
          companyId,
          courseId: 1,
          email: `${crypto.randomUUID()}@empresa.test`,
          name: "Trabajador",
          rut: "12345678-5",
          tokenHash: crypto.randomUUID(),
          expiresAt: new Date(at.getTime() + days * 86_400_000),
        });
      await invite(3);
      await invite(10);
      await invite(-1);
      // A revoked one holds no seat and needs nothing.
      await invite(2);
      await db().update(companyInvitation).set({ revokedAt: at }).where(eq(companyInvitation.expiresAt, new Date(at.getTime() + 2 * 86_400_000)));
      expect(Number((await todos(admin.cookie)).todos.invitationsExpiring)).toBe(base + 1);
      freezeClock(new Date(at.getTime() + 4 * 86_400_000));
      // Four days on, the first has expired and the second is 6 days away.
      expect(Number((await todos(admin.cookie)).todos.invitationsExpiring)).toBe(base + 1);
    } finally {
      resetClock();
    }
  });

  it("solo para administradores", async () => {
    const learner = await createUser();
    expect(isRefused(await call(layout.loader, getRequest("/admin", learner.cookie)))).toBe(true);
    expect(isRefused(await call(layout.loader, getRequest("/admin")))).toBe(true);
  });
});
