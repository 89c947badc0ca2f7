// Mail that is never lost: queued in the transaction that causes it, delivered by the worker with retries,
// shown to admins when it cannot be delivered. A real SMTP server that refuses, then accepts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { db } from "~/server/platform/db/client.server";
import { outbox } from "~/server/platform/db/schema";
import { env, parseEnv, setEnv, type Env } from "~/server/platform/env.server";
import { queueJob, queueMail } from "~/server/platform/outbox/outbox.server";
import { MAX_ATTEMPTS, runDueJobs, startOutboxWorker } from "~/server/platform/outbox/worker.server";
import { listUndeliveredMail } from "~/server/platform/mail/admin-mail.server";
import { action as mailAction, loader as mailLoader } from "~/routes/admin/correos";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { callAndRead as call } from "../support/call";

let accepting = true;
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (accepting) return callback();
    // A temporary refusal, as a full or greylisting server answers.
    const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
    callback(error);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});

let previous: Env;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  previous = env();
  // No waiting between tries in this file: a failed mail is due again at once.
  setEnv(
    parseEnv({ NODE_ENV: "test", DATA_DIR: previous.DATA_DIR, PUBLIC_URL: previous.PUBLIC_URL, LOG_LEVEL: "silent", SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_RETRY_BASE_SECONDS: "0" }),
  );
});
afterAll(async () => {
  setEnv(previous);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(async () => {
  accepting = true;
  received.length = 0;
  await db().delete(outbox);
});

const mail = (to: string, subject = "Prueba") => ({ to, subject, text: `Hola ${to}` });

describe("bandeja de salida", () => {
  it("un correo rechazado por el servidor queda pendiente con el error, y se entrega cuando el servidor vuelve", async () => {
    accepting = false;
    await queueMail(mail("ana@academia.test"));
    await runDueJobs();
    let [row] = await db().select().from(outbox);
    expect(row!.status).toBe("pending");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/451|temporarily/i);
    expect(received).toHaveLength(0);

    accepting = true;
    await runDueJobs();
    [row] = await db().select().from(outbox);
    expect(row!.status).toBe("sent");
    expect(row!.attempts).toBe(2);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["ana@academia.test"]);
  });

  it(`tras ${MAX_ATTEMPTS} intentos queda como no entregado, el administrador lo ve y puede reintentarlo`, async () => {
    accepting = false;
    await queueMail(mail("bruno@academia.test", "Recibo"));
    for (let i = 0; i < MAX_ATTEMPTS; i++) await runDueJobs();
    const [row] = await db().select().from(outbox);
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    // Nothing more happens by itself.
    await runDueJobs();
    expect((await db().select().from(outbox))[0]!.attempts).toBe(MAX_ATTEMPTS);

    const admin = await createUser({ role: "admin" });
    // Signing up queued the admin's own welcome mail: not what this test follows.
    await db().delete(outbox).where(eq(outbox.kind, "welcome"));
    const page = await call(mailLoader, getRequest("/admin/correos", admin.cookie));
    expect(page.data.failed).toBe(1);
    expect(page.data.mail[0]).toMatchObject({ recipient: "bruno@academia.test", subject: "Recibo", status: "failed", attempts: MAX_ATTEMPTS });

    accepting = true;
    const retried = await call(mailAction, formRequest("/admin/correos", { mailId: String(row!.id) }, { cookie: admin.cookie }));
    expect(retried.data).toEqual({ ok: true, message: "El correo se volverá a enviar en unos segundos." });
    await runDueJobs();
    expect((await db().select().from(outbox))[0]!.status).toBe("sent");
    expect(received).toHaveLength(1);
    expect((await listUndeliveredMail(1)).mail).toEqual([]);
  });

  it("solo un administrador ve y reintenta correos", async () => {
    const learner = await createUser();
    const page = await call(mailLoader, getRequest("/admin/correos", learner.cookie));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/dashboard");
    const anonymous = await call(mailAction, formRequest("/admin/correos", { mailId: "1" }));
    expect(anonymous.status).toBe(302);
    const forged = await call(mailAction, formRequest("/admin/correos", { mailId: "1" }, { cookie: learner.cookie }));
    expect(forged.status).toBe(302);
  });

  it("un trabajo con datos que no valida su esquema, o de un tipo que nadie registró, falla de inmediato sin reintentos", async () => {
    const [bad] = await db().insert(outbox).values({ kind: "certificateIssued", payload: { code: 42 } }).returning({ id: outbox.id });
    const [unknown] = await db().insert(outbox).values({ kind: "noExiste", payload: {} }).returning({ id: outbox.id });
    await runDueJobs();
    for (const id of [bad!.id, unknown!.id]) {
      const [row] = await db().select().from(outbox).where(eq(outbox.id, id));
      expect(row!.status).toBe("failed");
      expect(row!.attempts).toBe(1);
    }
    const [badRow] = await db().select({ lastError: outbox.lastError }).from(outbox).where(eq(outbox.id, bad!.id));
    expect(badRow!.lastError).toMatch(/invalid payload: code/);
    await db().delete(outbox).where(sql`${outbox.id} in (${bad!.id}, ${unknown!.id})`);
  });

  it("un correo encolado en una transacción que se revierte no existe", async () => {
    await expect(
      db().transaction(async (tx) => {
        await queueMail(mail("carla@academia.test"), tx);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await db().select().from(outbox)).toEqual([]);
  });

  it("dos trabajadores a la vez entregan cada correo una sola vez", async () => {
    for (let i = 0; i < 12; i++) await queueMail(mail(`persona${i}@academia.test`));
    await Promise.all([runDueJobs(), runDueJobs(), runDueJobs()]);
    expect(received).toHaveLength(12);
    expect(new Set(received.map((r) => r.to[0])).size).toBe(12);
    const [counts] = await db().select({ sent: sql<number>`count(*) filter (where status = 'sent')::int` }).from(outbox);
    expect(counts!.sent).toBe(12);
  });

  it("el trabajador del proceso entrega lo encolado sin que nadie lo llame", async () => {
    const worker = startOutboxWorker({ intervalMs: 60_000 });
    try {
      await queueMail(mail("diego@academia.test"));
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(1);
    } finally {
      await worker.stop();
    }
    const [row] = await db().select().from(outbox).where(eq(outbox.kind, "mail"));
    expect(row!.status).toBe("sent");
  });

  it("registro de enviados: un trabajo que conoce a su destinatario al correr queda con él; el admin lo busca por correo y lo reenvía", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser({ email: "Elena.Reenvio@Academia.test" });
    await db().delete(outbox);
    // 'welcome' names only the account: whom it reached is known once it runs.
    await queueJob({ kind: "welcome", userId: learner.id });
    await queueMail(mail("otra@academia.test", "No es de Elena"));
    await runDueJobs();
    const [welcome] = await db().select().from(outbox).where(eq(outbox.kind, "welcome"));
    expect(welcome).toMatchObject({ status: "sent", recipients: ["elena.reenvio@academia.test"] });
    expect(welcome!.subject).toBeTruthy();

    // Typed as the person wrote it to support: any case, spaces around.
    const page = await call(mailLoader, getRequest("/admin/correos?para=%20ELENA.reenvio@academia.test%20", admin.cookie));
    expect(page.data.search.error).toBeNull();
    expect(page.data.search.found).toHaveLength(1);
    expect(page.data.search.found[0]).toMatchObject({ id: welcome!.id, status: "sent", recipients: "elena.reenvio@academia.test", canResend: true });

    received.length = 0;
    const resent = await call(mailAction, formRequest("/admin/correos?para=elena.reenvio@academia.test", { mailId: String(welcome!.id), intent: "resend" }, { cookie: admin.cookie }));
    expect(resent.data).toMatchObject({ ok: true });
    await runDueJobs();
    expect(received.map((r) => r.to)).toEqual([["elena.reenvio@academia.test"]]);
    const after = await call(mailLoader, getRequest("/admin/correos?para=elena.reenvio@academia.test", admin.cookie));
    expect(after.data.search.found.map((m: { status: string }) => m.status)).toEqual(["sent", "sent"]);
  });

  it("registro de enviados: no se reenvía lo que no está entregado ni un trabajo que hace algo más que enviar; un correo mal escrito se dice junto al campo", async () => {
    const admin = await createUser({ role: "admin" });
    await db().delete(outbox);
    accepting = false;
    await queueMail(mail("pendiente@academia.test", "Aún no sale"));
    await runDueJobs();
    const [pending] = await db().select().from(outbox);
    // A rendered mail is found while it waits: it named its recipient when queued.
    const waiting = await call(mailLoader, getRequest("/admin/correos?para=pendiente@academia.test", admin.cookie));
    expect(waiting.data.search.found[0]).toMatchObject({ status: "retrying", canResend: false });
    const early = await call(mailAction, formRequest("/admin/correos", { mailId: String(pending!.id), intent: "resend" }, { cookie: admin.cookie }));
    expect(early.status).toBe(404);
    // A job that claims or changes something (here the expiry reminders' look) is never run again from the log.
    const [look] = await db().insert(outbox).values({ kind: "certificateReminders", payload: {}, status: "sent", recipients: ["x@academia.test"] }).returning({ id: outbox.id });
    const replay = await call(mailAction, formRequest("/admin/correos", { mailId: String(look!.id), intent: "resend" }, { cookie: admin.cookie }));
    expect(replay.status).toBe(404);
    expect(replay.data.message).toBe("Ese correo no se puede reenviar desde aquí.");
    expect(await db().select({ id: outbox.id }).from(outbox)).toHaveLength(2);
    // A learner cannot resend anything.
    const learner = await createUser();
    const forged = await call(mailAction, formRequest("/admin/correos", { mailId: String(look!.id), intent: "resend" }, { cookie: learner.cookie }));
    expect(forged.status).toBe(302);

    const bad = await call(mailLoader, getRequest("/admin/correos?para=no-es-un-correo", admin.cookie));
    expect(bad.status).toBe(200);
    expect(bad.data.search).toMatchObject({ typed: "no-es-un-correo", error: "Escribe un correo electrónico válido, por ejemplo nombre@empresa.cl.", found: null });
  });
});
