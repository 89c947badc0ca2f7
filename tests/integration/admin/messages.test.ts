import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { contactMessage } from "~/server/platform/db/schema";
import { action, loader } from "~/routes/admin/mensajes";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";
import { createMessage } from "./factories";

describe("/admin/mensajes", () => {
  it("muestra los mensajes más nuevos primero, de 25 en 25, sin la IP", async () => {
    const admin = await createUser({ role: "admin" });
    for (let i = 0; i < 26; i++) await createMessage({ message: `Mensaje ${i}`, ip: "10.0.0.1", createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) });
    const p1 = await call(loader, getRequest("/admin/mensajes", admin.cookie));
    expect(p1.data.messages).toHaveLength(25);
    expect(p1.data.messages[0].message).toBe("Mensaje 25");
    expect(p1.data.messages[0]).not.toHaveProperty("ip");
    expect(p1.data.hasNext).toBe(true);
    const p2 = await call(loader, getRequest("/admin/mensajes?pagina=2", admin.cookie));
    expect(p2.data.messages.map((m: { message: string }) => m.message)).toEqual(["Mensaje 0"]);
  });

  it("marca como atendido y como pendiente", async () => {
    const admin = await createUser({ role: "admin" });
    const m = await createMessage();
    const r = await call(action, formRequest("/admin/mensajes", { messageId: String(m.id), handled: "true" }, { cookie: admin.cookie }));
    expect(r.data).toEqual({ ok: true, message: "Mensaje marcado como atendido." });
    expect((await db().select().from(contactMessage).where(eq(contactMessage.id, m.id)))[0]!.handledAt).not.toBeNull();
    await call(action, formRequest("/admin/mensajes", { messageId: String(m.id), handled: "false" }, { cookie: admin.cookie }));
    expect((await db().select().from(contactMessage).where(eq(contactMessage.id, m.id)))[0]!.handledAt).toBeNull();
    const bad = await call(action, formRequest("/admin/mensajes", { messageId: "x", handled: "true" }, { cookie: admin.cookie }));
    expect(bad.status).toBe(400);
  });

  it("un usuario o un anónimo no pueden leer ni marcar mensajes", async () => {
    const learner = await createUser();
    const m = await createMessage();
    for (const cookie of [learner.cookie, undefined]) {
      expect(isRefused(await call(loader, getRequest("/admin/mensajes", cookie)))).toBe(true);
      expect(isRefused(await call(action, formRequest("/admin/mensajes", { messageId: String(m.id), handled: "true" }, { cookie })))).toBe(true);
    }
    expect((await db().select().from(contactMessage).where(eq(contactMessage.id, m.id)))[0]!.handledAt).toBeNull();
  });
});
