import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { db } from "~/server/platform/db/client.server";
import { contactMessage, loginAttempt, outbox } from "~/server/platform/db/schema";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { env, parseEnv, setEnv, type Env } from "~/server/platform/env.server";
import { CLIENT_IP_HEADER } from "~/server/platform/rate-limit.server";
import { CONTACT_MESSAGES } from "~/domain/contact-form";
import { action } from "~/routes/contacto";
import { BASE, formRequest } from "../support/requests";
import { installPublicCatalogue } from "./fixture";

installPublicCatalogue();

const INBOX = "buzon@academia.test";
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let smtpUrl = "";
let previousEnv: Env;

function decode(raw: string) {
  return Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

function useEnv(extra: Record<string, string>) {
  setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: previousEnv.DATA_DIR, PUBLIC_URL: previousEnv.PUBLIC_URL, LOG_LEVEL: "silent", CONTENT_DIR: previousEnv.CONTENT_DIR, ...extra }));
}

beforeAll(async () => {
  previousEnv = env();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decode(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  setEnv(previousEnv);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(async () => {
  useEnv({ SMTP_URL: smtpUrl, CONTACT_INBOX: INBOX });
  received.length = 0;
  await db().delete(contactMessage);
  await db().delete(outbox);
  await db().delete(loginAttempt);
});

let ipCounter = 0;
function freshIp() {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

const VALID = {
  name: "Ana Pérez Soto",
  email: "ana.perez@example.cl",
  phone: "+56 9 1234 5678",
  subject: "capacitacion_empresas",
  message: "Hola, quisiera cotizar un curso de RCP para 20 personas.",
};

type ActionResult = {
  status: string;
  message: string;
  values: Record<string, string>;
  fieldErrors?: Record<string, string>;
};

async function submit(fields: Record<string, string>, ip: string | null = freshIp()) {
  const request = formRequest("/contacto", fields, { headers: ip ? { [CLIENT_IP_HEADER]: ip } : {} });
  const result = (await action({ request, params: {}, context: {} } as never)) as unknown as {
    data: ActionResult;
    init: ResponseInit | null;
  };
  // What the outbox worker would do right after: deliver the academy's copy.
  await runDueJobs();
  return { status: result.init?.status ?? 200, data: result.data };
}

async function storedCount() {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(contactMessage);
  return row!.n;
}

describe("formulario de contacto", () => {
  it("un mensaje válido se guarda, se envía al buzón de la academia y muestra el cuadro verde con los campos vacíos", async () => {
    const res = await submit(VALID);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe("success");
    expect(res.data.message).toBe("¡Gracias por contactarnos! Te responderemos a la brevedad.");
    expect(Object.values(res.data.values).every((v) => v === "")).toBe(true);

    const rows = await db().select().from(contactMessage);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: VALID.name,
      email: VALID.email,
      phone: VALID.phone,
      subject: "capacitacion_empresas",
      message: VALID.message,
    });
    expect(rows[0]!.ip).toMatch(/^203\.0\.113\./);

    const mails = received.filter((m) => m.to.includes(INBOX));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain("Capacitación para empresas");
    expect(mails[0]!.raw).toContain(VALID.message);
    expect(mails[0]!.raw).toMatch(/^Reply-To: ana\.perez@example\.cl/im);
    // The sender is told the message arrived, with a copy of it.
    const reply = received.filter((m) => m.to.includes(VALID.email));
    expect(reply).toHaveLength(1);
    expect(reply[0]!.raw).toContain(VALID.message);
  });

  it("sin CONTACT_INBOX el correo va al correo de la academia (site.email)", async () => {
    useEnv({ SMTP_URL: smtpUrl });
    const { site } = await import("~/config/site");
    await submit(VALID);
    expect(received.some((m) => m.to.includes(site.email))).toBe(true);
  });

  it("el teléfono es opcional", async () => {
    const res = await submit({ ...VALID, phone: "" });
    expect(res.data.status).toBe("success");
    const [row] = await db().select().from(contactMessage);
    expect(row!.phone).toBeNull();
  });

  it("campos vacíos o inválidos: 400, mensajes en castellano junto a cada campo, lo escrito se conserva, nada se guarda", async () => {
    const typed = { name: "  ", email: "no-es-correo", phone: "abc", subject: "spam", message: "" };
    const res = await submit(typed);
    expect(res.status).toBe(400);
    expect(res.data.status).toBe("invalid");
    expect(res.data.message).toBe(CONTACT_MESSAGES.invalid);
    expect(res.data.fieldErrors).toEqual({
      name: "Por favor, ingresa tu nombre.",
      email: "El correo electrónico no es válido.",
      phone: "El teléfono solo puede contener números, espacios y los signos + - ( ).",
      subject: "Por favor, selecciona un asunto.",
      message: "Por favor, escribe tu mensaje.",
    });
    expect(res.data.values).toEqual(typed);
    expect(await storedCount()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("un formulario sin ningún campo no rompe nada (400)", async () => {
    const res = await submit({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.data.fieldErrors ?? {}).sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("límites de largo: nombre 120, correo 254, teléfono 30, mensaje 5000 caracteres", async () => {
    const tooLong = await submit({
      ...VALID,
      name: "a".repeat(121),
      email: `${"b".repeat(250)}@x.cl`,
      phone: "1".repeat(31),
      message: "m".repeat(5001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.fieldErrors).toEqual({
      name: "El nombre no puede superar los 120 caracteres.",
      email: "El correo electrónico no puede superar los 254 caracteres.",
      phone: "El teléfono no puede superar los 30 caracteres.",
      message: "El mensaje no puede superar los 5.000 caracteres.",
    });
    expect(await storedCount()).toBe(0);

    // Exactly at the limits (counted in characters: an emoji is one).
    const atLimit = await submit({ ...VALID, name: "ñ".repeat(120), phone: "1".repeat(30), message: "🚑".repeat(5000) });
    expect(atLimit.data.status).toBe("success");
    const [row] = await db().select().from(contactMessage);
    expect([...row!.message]).toHaveLength(5000);
  });

  it("una entrada enorme se rechaza sin guardarse ni caerse", async () => {
    const res = await submit({ ...VALID, message: "x".repeat(600_000) });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe(CONTACT_MESSAGES.tooLarge);
    expect(await storedCount()).toBe(0);
  });

  it("caracteres de control (NUL) no provocan un error: se guardan sin ellos", async () => {
    const res = await submit({ ...VALID, name: "Ana\u0000 Pérez", message: "Hola\u0000\nmundo" });
    expect(res.data.status).toBe("success");
    const [row] = await db().select().from(contactMessage);
    expect(row!.name).toBe("Ana Pérez");
    expect(row!.message).toBe("Hola\nmundo");
  });

  it("el campo trampa lleno (bot) responde como éxito pero no guarda ni envía nada", async () => {
    const res = await submit({ ...VALID, sitio_web: "https://spam.example" });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe("success");
    expect(await storedCount()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("como máximo 5 mensajes por dirección IP cada 10 minutos; el sexto ve el aviso y conserva lo escrito", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const ok = await submit({ ...VALID, message: `Mensaje ${i}` }, ip);
      expect(ok.data.status).toBe("success");
    }
    const sixth = await submit({ ...VALID, message: "El sexto" }, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.data.status).toBe("rate_limited");
    expect(sixth.data.message).toBe("Has enviado demasiados mensajes. Por favor, intenta más tarde.");
    expect(sixth.data.values.message).toBe("El sexto");
    expect(await storedCount()).toBe(5);

    // Another address is not affected.
    expect((await submit(VALID, freshIp())).data.status).toBe("success");

    // Messages older than ten minutes no longer count.
    await db().execute(sql`update login_attempt set attempted_at = now() - interval '11 minutes' where key = ${`contact-ip:${ip}`}`);
    expect((await submit(VALID, ip)).data.status).toBe("success");
  });

  it("muchos envíos simultáneos desde la misma IP no superan el límite", async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => submit({ ...VALID, message: `Simultáneo ${i}` }, ip)));
    expect(results.filter((r) => r.data.status === "success")).toHaveLength(5);
    expect(results.filter((r) => r.data.status === "rate_limited")).toHaveLength(4);
    expect(await storedCount()).toBe(5);
  });

  it("sin IP conocida, el límite se aplica por correo electrónico", async () => {
    for (let i = 0; i < 5; i++) expect((await submit(VALID, null)).data.status).toBe("success");
    expect((await submit({ ...VALID, email: VALID.email.toUpperCase() }, null)).data.status).toBe("rate_limited");
    expect((await submit({ ...VALID, email: "otra@example.cl" }, null)).data.status).toBe("success");
  });

  it("si el correo falla después de guardar, el mensaje queda guardado, se muestra el éxito y el correo queda en cola", async () => {
    useEnv({ SMTP_URL: "smtp://127.0.0.1:1", CONTACT_INBOX: INBOX });
    const res = await submit(VALID);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe("success");
    expect(await storedCount()).toBe(1);
    const queued = await db().select().from(outbox).where(eq(outbox.kind, "mail"));
    expect(queued.map((q) => q.status)).toEqual(["pending", "pending"]);
    expect(queued.map((q) => (q.payload as { mail: { to: string } }).mail.to).sort()).toEqual([INBOX, VALID.email].sort());
  });

  it("si la base de datos falla, cuadro rojo de error y lo escrito se conserva", async () => {
    await db().execute(sql`alter table contact_message rename to contact_message_off`);
    try {
      const res = await submit(VALID);
      expect(res.status).toBe(503);
      expect(res.data.status).toBe("error");
      expect(res.data.message).toBe(CONTACT_MESSAGES.serverError);
      expect(res.data.values).toEqual(VALID);
    } finally {
      await db().execute(sql`alter table contact_message_off rename to contact_message`);
    }
    expect(received).toHaveLength(0);
  });

  it("multipart/form-data también se acepta", async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries(VALID)) body.append(k, v);
    const request = new Request(`${BASE}/contacto`, { method: "POST", body, headers: { origin: BASE, [CLIENT_IP_HEADER]: freshIp() } });
    const result = (await action({ request, params: {}, context: {} } as never)) as unknown as { data: ActionResult };
    expect(result.data.status).toBe("success");
  });
});
