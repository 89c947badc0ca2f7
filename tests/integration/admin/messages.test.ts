import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { contactMessage, contactReply, outbox } from "~/server/platform/db/schema";
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

  describe("responder", () => {
    const reply = (cookie: string | undefined, messageId: number | string, text: string) =>
      call(action, formRequest("/admin/mensajes", { intent: "reply", messageId: String(messageId), reply: text }, { cookie }));
    const mailsTo = async (email: string) => (await db().select().from(outbox)).filter((o) => JSON.stringify(o.payload).includes(`"to":"${email}"`));

    it("envía la respuesta por correo con su mensaje citado, la guarda, marca el mensaje atendido y la muestra", async () => {
      const admin = await createUser({ role: "admin", name: "Carla Admin" });
      const m = await createMessage({ email: "rosa.valdes@example.cl", name: "Rosa", subject: "capacitacion_empresas", message: "¿Pueden venir a Quilicura?" });
      const r = await reply(admin.cookie, m.id, "Hola Rosa:\r\nSí, vamos a Quilicura.\u0007");
      expect(r).toMatchObject({ status: 200, data: { ok: true, message: "Respuesta enviada a rosa.valdes@example.cl. El mensaje quedó como atendido." } });
      const [stored] = await db().select().from(contactReply).where(eq(contactReply.messageId, m.id));
      // Line breaks normalised, control characters dropped.
      expect(stored).toMatchObject({ body: "Hola Rosa:\nSí, vamos a Quilicura.", byUserId: admin.id });
      expect((await db().select().from(contactMessage).where(eq(contactMessage.id, m.id)))[0]!.handledAt).not.toBeNull();
      const mails = await mailsTo("rosa.valdes@example.cl");
      expect(mails).toHaveLength(1);
      const payload = JSON.stringify(mails[0]!.payload);
      expect(payload).toContain("Respuesta a tu mensaje: Capacitación para empresas");
      expect(payload).toContain("¿Pueden venir a Quilicura?");
      const page = await call(loader, getRequest("/admin/mensajes", admin.cookie));
      const shown = page.data.messages.find((x: { id: number }) => x.id === m.id);
      expect(shown.replies).toEqual([expect.objectContaining({ body: "Hola Rosa:\nSí, vamos a Quilicura.", by: "Carla Admin" })]);
    });

    it("la misma respuesta dos veces a la vez (doble clic) se envía una vez", async () => {
      const admin = await createUser({ role: "admin" });
      const m = await createMessage({ email: "doble@example.cl" });
      const results = await Promise.all([reply(admin.cookie, m.id, "Gracias, le llamamos."), reply(admin.cookie, m.id, "Gracias, le llamamos.")]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(await db().select().from(contactReply).where(eq(contactReply.messageId, m.id))).toHaveLength(1);
      expect(await mailsTo("doble@example.cl")).toHaveLength(1);
    });

    it("rechaza junto al campo una respuesta vacía o demasiado larga, conserva lo escrito y no envía nada", async () => {
      const admin = await createUser({ role: "admin" });
      const m = await createMessage({ email: "vacio@example.cl" });
      expect(await reply(admin.cookie, m.id, "   ")).toMatchObject({ status: 400, data: { replyTo: m.id, replyError: "Escribe la respuesta antes de enviarla.", replyValue: "   " } });
      const long = "a".repeat(5001);
      expect(await reply(admin.cookie, m.id, long)).toMatchObject({ status: 400, data: { replyError: "La respuesta no puede superar los 5.000 caracteres.", replyValue: long } });
      expect(await reply(admin.cookie, 999999, "Hola")).toMatchObject({ status: 404, data: { message: "El mensaje ya no existe." } });
      expect(await reply(admin.cookie, "x", "Hola")).toMatchObject({ status: 400 });
      expect(await db().select().from(contactReply).where(eq(contactReply.messageId, m.id))).toHaveLength(0);
      expect(await mailsTo("vacio@example.cl")).toHaveLength(0);
    });

    it("un usuario o un anónimo no pueden responder", async () => {
      const learner = await createUser();
      const m = await createMessage({ email: "nadie@example.cl" });
      for (const cookie of [learner.cookie, undefined]) expect(isRefused(await reply(cookie, m.id, "Hola"))).toBe(true);
      expect(await mailsTo("nadie@example.cl")).toHaveLength(0);
    });
  });
});
