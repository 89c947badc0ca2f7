import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, like, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { outbox, verification } from "~/server/platform/db/schema";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { env, parseEnv, setEnv } from "~/server/platform/env.server";
import { getUser } from "~/server/accounts/session.server";
import { loader as apiLoader, action as apiAction } from "~/routes/api.auth";
import { action as requestAction } from "~/routes/restablecer-contrasena";
import { action as newAction, loader as newLoader } from "~/routes/restablecer-contrasena-nueva";
import { action as loginAction } from "~/routes/login";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { apiRequest } from "./support";
import { callAndRead as call } from "../support/call";
import { resetLink, startMailbox } from "./mailbox";

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.stop();
});


/** Asks for a reset as the form does, then lets the outbox worker do its part (token, then the mail). */
async function requestReset(email: string) {
  const out = await call(requestAction, formRequest("/restablecer-contrasena", { email }));
  await runDueJobs();
  return out;
}

/** Follows the e-mail's link the way a browser does: Better Auth's callback, then the redirect. */
async function openLink(link: string) {
  const url = new URL(link);
  const callback = await call(apiLoader, getRequest(url.pathname + url.search));
  expect(callback.status).toBe(302);
  const target = new URL(callback.location!, "http://localhost:3000");
  return { target, page: await call(newLoader, getRequest(target.pathname + target.search)) };
}

describe("restablecer contraseña", () => {
  it("correo vacío: 'Por favor, ingresa tu correo electrónico.'", async () => {
    const out = await requestReset("  ");
    expect(out.status).toBe(400);
    expect(out.data.error).toBe("Por favor, ingresa tu correo electrónico.");
  });

  it("correo mal escrito: 'El correo electrónico no es válido.'", async () => {
    const out = await requestReset("ana@@academia");
    expect(out.status).toBe(400);
    expect(out.data.error).toBe("El correo electrónico no es válido.");
  });

  it("un correo sin cuenta recibe la misma respuesta y ningún mensaje (B10)", async () => {
    const out = await requestReset("nadie.registrado@academia.test");
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ sent: true });
    expect(mailbox.to("nadie.registrado@academia.test")).toEqual([]);
  });

  it("el enlace del correo lleva a /restablecer-contrasena/nueva, cambia la clave, cierra sesiones y sirve una vez", async () => {
    const u = await createUser({ name: "Rosa <b>Díaz</b>" });
    const before = mailbox.received.length;
    const out = await requestReset(u.email.toUpperCase());
    expect(out.data).toEqual({ sent: true });
    expect(mailbox.received.length).toBe(before + 1);
    const [mail] = mailbox.to(u.email);
    expect(mail).toMatch(/Subject: .*Restablece/);
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toContain("Rosa &lt;b&gt;Díaz&lt;/b&gt;"); // the HTML version escapes the name
    const link = resetLink(mail!);
    expect(link.startsWith("http://localhost:3000/api/auth/reset-password/")).toBe(true);

    const { target, page } = await openLink(link);
    expect(target.pathname).toBe("/restablecer-contrasena/nueva");
    const token = target.searchParams.get("token")!;
    expect(page.data).toEqual({ token });

    const post = (fields: Record<string, string>) => call(newAction, formRequest(`/restablecer-contrasena/nueva?token=${token}`, { token, ...fields }));
    expect((await post({ password: "", confirmPassword: "" })).data.formError).toBe("Por favor, completa todos los campos.");
    expect((await post({ password: "nueva-1", confirmPassword: "nueva-2" })).data.fieldErrors.confirmPassword).toBe("Las contraseñas no coinciden.");
    expect((await post({ password: "corta", confirmPassword: "corta" })).data.fieldErrors.password).toBe(
      "La contraseña debe tener al menos 6 caracteres.",
    );

    const done = await post({ password: "nueva-clave-1", confirmPassword: "nueva-clave-1" });
    expect(done.data).toEqual({ state: "done" });
    // The session held before the change has ended.
    expect(await getUser(getRequest("/dashboard", u.cookie))).toBeNull();
    // New password works, the old one does not.
    expect((await call(loginAction, formRequest("/login", { email: u.email, password: "nueva-clave-1" }))).status).toBe(302);
    expect((await call(loginAction, formRequest("/login", { email: u.email, password: u.password }))).status).toBe(401);

    // The link served once.
    const again = await post({ password: "otra-clave-9", confirmPassword: "otra-clave-9" });
    expect(again.data).toEqual({ state: "invalid" });
    expect((await openLink(link)).page.data).toEqual({ token: null });
    // Neither can the token be replayed straight at Better Auth's endpoint.
    const replay = await call(apiAction, apiRequest("/reset-password", { token, newPassword: "tercera-clave" }));
    expect(replay.status).toBe(400);
  });

  it("un enlace vencido (más de 1 hora) o inventado no sirve", async () => {
    const u = await createUser();
    await requestReset(u.email);
    const link = resetLink(mailbox.to(u.email).at(-1)!);
    const token = new URL(link).pathname.split("/").at(-1)!;
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`));
    expect((await call(newLoader, getRequest(`/restablecer-contrasena/nueva?token=${token}`))).data).toEqual({ token: null });
    const out = await call(newAction, formRequest("/restablecer-contrasena/nueva", { token, password: "nueva-clave-1", confirmPassword: "nueva-clave-1" }));
    expect(out.data).toEqual({ state: "invalid" });
    expect((await call(newLoader, getRequest("/restablecer-contrasena/nueva?token=inventado"))).data).toEqual({ token: null });
    expect((await call(newLoader, getRequest("/restablecer-contrasena/nueva?error=INVALID_TOKEN"))).data).toEqual({ token: null });
    // A NUL or other junk in the token is simply not a token (PostgreSQL would refuse NUL with a 500).
    expect((await call(newLoader, getRequest("/restablecer-contrasena/nueva?token=a%00b"))).data).toEqual({ token: null });
    const junk = await call(newAction, formRequest("/restablecer-contrasena/nueva", { token: "a\u0000b", password: "nueva-clave-1", confirmPassword: "nueva-clave-1" }));
    expect(junk.data).toEqual({ state: "invalid" });
    expect((await call(apiLoader, getRequest("/api/auth/reset-password/a%00b?callbackURL=%2F"))).status).toBe(404);
  });

  it("el token vence en 1 hora", async () => {
    const u = await createUser();
    const start = Date.now();
    await requestReset(u.email);
    const token = new URL(resetLink(mailbox.to(u.email).at(-1)!)).pathname.split("/").at(-1)!;
    const [row] = await db().select().from(verification).where(eq(verification.identifier, `reset-password:${token}`));
    const ttl = row!.expiresAt.getTime() - start;
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(61 * 60 * 1000);
  });

  it("si el servidor de correo no responde, la respuesta es la misma y el correo queda en cola para reintentarse", async () => {
    const u = await createUser();
    const previous = env();
    setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: previous.DATA_DIR, PUBLIC_URL: previous.PUBLIC_URL, LOG_LEVEL: "silent", SMTP_URL: "smtp://127.0.0.1:1" }));
    try {
      const out = await requestReset(u.email);
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ sent: true });
      const [queued] = await db().select().from(outbox).where(eq(outbox.kind, "mail")).orderBy(desc(outbox.id)).limit(1);
      expect((queued!.payload as { mail: { to: string } }).mail.to).toBe(u.email);
      expect(queued!.status).toBe("pending");
      expect(queued!.attempts).toBe(1);
      expect(queued!.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      setEnv(previous);
    }
  });

  it("el formulario solo falla si no se puede registrar la solicitud: 'Ha ocurrido un error al enviar el correo de recuperación.'", async () => {
    const u = await createUser();
    // The request cannot even be queued: the outbox table refuses every write.
    await db().execute(sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db().execute(sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`);
    try {
      const out = await call(requestAction, formRequest("/restablecer-contrasena", { email: u.email }));
      expect(out.status).toBe(500);
      expect(out.data.error).toBe("Ha ocurrido un error al enviar el correo de recuperación.");
      expect(out.data.email).toBe(u.email);
    } finally {
      await db().execute(sql`drop trigger refuse_outbox on outbox`);
    }
  });
});

describe("cuota de correos de restablecimiento", () => {
  it("más de 5 pedidos en 15 minutos para un correo no envían más mensajes, y la respuesta no cambia", async () => {
    const u = await createUser();
    for (let i = 0; i < 7; i++) expect((await requestReset(u.email)).data).toEqual({ sent: true });
    expect(mailbox.to(u.email)).toHaveLength(5);
  });
});
