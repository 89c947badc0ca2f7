// The person is mailed when their privacy request is received (with its legal deadline) and when it is answered,
// through the outbox, in the same transaction as the request. The answer to a deletion that was carried out goes to
// the erased address and its outbox row goes once delivered, so the address does not stay behind.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { outbox, privacyRequest } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { answerRequest, openMailRequest, openOwnRequest } from "~/server/privacy/requests.server";
import { startMailbox } from "../accounts/mailbox";
import { createUser } from "../support/users";

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.stop();
});
beforeEach(async () => {
  await db().delete(outbox);
  mailbox.received.length = 0;
});

async function queued() {
  const rows = await db().select({ kind: outbox.kind, payload: outbox.payload }).from(outbox);
  return rows.map((r) => ({ kind: r.kind, ...(r.payload as { mail: { to: string; subject: string; text: string } }).mail }));
}

describe("privacy request mails", () => {
  it("a request from 'Mis datos' queues the 'received' mail with its deadline; the answer queues its mail with the answer", async () => {
    const person = await createUser({ name: "Rocío Aravena" });
    const admin = await createUser({ role: "admin" });
    freezeClock(new Date("2026-12-02T15:00:00Z"));
    try {
      const opened = await openOwnRequest(person, "rectification", "Mi RUT es 12.345.678-5, no el que aparece.");
      expect(opened.ok).toBe(true);
      const [received] = await queued();
      expect(received).toMatchObject({ kind: "mail", to: person.email, subject: "Recibimos tu solicitud de rectificación de datos personales" });
      expect(received!.text).toContain("Hola, Rocío Aravena:");
      expect(received!.text).toContain("Recibida el: 2 de diciembre de 2026");
      expect(received!.text).toContain("Respuesta a más tardar el: 1 de enero de 2027");
      expect(received!.text).toContain("/mis-datos");

      await db().delete(outbox);
      const answered = await answerRequest(admin.id, (opened as { id: number }).id, "done", "Corregimos tu RUT.");
      expect(answered.ok).toBe(true);
      const [answer] = await queued();
      expect(answer).toMatchObject({ kind: "mail", to: person.email, subject: "Respuesta a tu solicitud de rectificación de datos personales" });
      expect(answer!.text).toContain("> Corregimos tu RUT.");
      expect(answer!.text).toContain("/mis-datos");
    } finally {
      resetClock();
    }
  });

  it("a refused request says so, and where to complain", async () => {
    const person = await createUser({ name: "Rocío Aravena" });
    const admin = await createUser({ role: "admin" });
    const opened = await openOwnRequest(person, "opposition", "");
    await db().delete(outbox);
    await answerRequest(admin.id, (opened as { id: number }).id, "refused", "Necesitamos esos datos para emitir tu boleta.");
    const [answer] = await queued();
    expect(answer!.text).toContain("no pudimos acogerla");
    expect(answer!.text).toContain("Agencia de Protección de Datos Personales");
  });

  it("a request registered by an admin for a mail mails the person who wrote, with the deadline from the day it arrived", async () => {
    const admin = await createUser({ role: "admin" });
    freezeClock(new Date("2026-12-10T15:00:00Z"));
    try {
      const opened = await openMailRequest(admin.id, { email: "escribio.por.correo@example.cl", name: "Luis Tapia", kind: "access", receivedOn: "2026-12-05", details: "" });
      expect(opened.ok).toBe(true);
      const [received] = await queued();
      expect(received).toMatchObject({ kind: "mail", to: "escribio.por.correo@example.cl", subject: "Recibimos tu solicitud de acceso de datos personales" });
      expect(received!.text).toContain("Registramos la solicitud de acceso de tus datos personales que nos enviaste por correo.");
      expect(received!.text).toContain("Respuesta a más tardar el: 4 de enero de 2027");
      // No account: no link to "Mis datos".
      expect(received!.text).not.toContain("/mis-datos");
    } finally {
      resetClock();
    }
  });

  it("nothing is queued when the request is refused as a duplicate", async () => {
    const person = await createUser();
    await openOwnRequest(person, "deletion", "");
    await db().delete(outbox);
    expect(await openOwnRequest(person, "deletion", "otra vez")).toMatchObject({ ok: false, status: 409 });
    expect(await queued()).toEqual([]);
  });

  it("the answer to a carried-out deletion reaches the erased address, and its outbox row is gone once delivered", async () => {
    const person = await createUser({ name: "Rocío Borrable" });
    const admin = await createUser({ role: "admin" });
    const opened = await openOwnRequest(person, "deletion", "");
    const answered = await answerRequest(admin.id, (opened as { id: number }).id, "done", "Eliminamos tus datos personales.");
    expect(answered.ok).toBe(true);
    // The 'received' mail went with the rest of the person's data; the answer waits, addressed to them.
    const waiting = await queued();
    expect(waiting.map((m) => [m.kind, m.to])).toEqual([["privacyErasedAnswer", person.email]]);
    expect(waiting[0]!.text).not.toContain("/mis-datos");

    await runDueJobs();
    const [delivered] = mailbox.to(person.email);
    expect(delivered).toContain("Respuesta a tu solicitud de supresi");
    expect(delivered).toContain("Eliminamos tus datos personales.");
    expect(await db().select().from(outbox)).toEqual([]);
    const [request] = await db().select().from(privacyRequest).where(eq(privacyRequest.id, (opened as { id: number }).id));
    expect(request!.email).not.toBe(person.email);
  });
});
