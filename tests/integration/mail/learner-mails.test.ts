// The mails of a learner, read as they arrive at a real SMTP server: welcome after registration (queued
// right after the account exists), the enrolment confirmation with the first lesson's link (queued in the
// enrolment's transaction), the password-changed notice and the certificate with its PDF attached. All go
// through the outbox: nothing is sent inline by the request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { certificate, course, courseModule, enrolment, lesson, outbox } from "~/server/platform/db/schema";
import { site } from "~/config/site";
import { formatCertificateCode } from "~/domain/certificate-code";
import { completeLessonInTx } from "~/server/learning/learning.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { enrolInCourse } from "~/server/learning/enrolments.server";
import { action as registerAction } from "~/routes/registro";
import { action as enrolAction } from "~/routes/curso-inscribir";
import { action as profileAction } from "~/routes/perfil";
import { startMailbox } from "../accounts/mailbox";
import { call } from "../support/call";
import { formRequest } from "../support/requests";
import { createUser } from "../support/users";

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  // The enrol button enrols at once only in a free course (a priced one goes to its checkout).
  await db().update(course).set({ priceClp: 0 }).where(eq(course.id, 1));
});
afterAll(async () => {
  await mailbox.stop();
});
beforeEach(async () => {
  await db().delete(outbox);
  mailbox.received.length = 0;
});

function decode(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

interface Part {
  type: string;
  headers: string;
  body: Buffer;
}

/** Every leaf part of a MIME message, multipart/mixed (an attachment) and multipart/alternative alike. */
function leafParts(entity: string): Part[] {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = entity.slice(0, split);
  const body = entity.slice(split).replace(/^\r?\n\r?\n/, "");
  const type = /Content-Type: ([^;\r\n]+)/i.exec(headers)?.[1]?.toLowerCase() ?? "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)![1]!;
    return body.split(`--${boundary}`).slice(1, -1).flatMap((chunk) => leafParts(chunk.replace(/^\r?\n/, "")));
  }
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase() ?? "7bit";
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : Buffer.from(encoding === "quoted-printable" ? decode(body, encoding) : body.replace(/\r?\n$/, ""), "utf8");
  return [{ type, headers, body: bytes }];
}

/** The decoded text and HTML parts (and attachments) of the one message that reached this address. */
function onlyMailTo(address: string): { subject: string; text: string; html: string; attachments: Part[] } {
  const raws = mailbox.received.filter((m) => m.to.includes(address.toLowerCase())).map((m) => m.raw);
  expect(raws).toHaveLength(1);
  const raw = raws[0]!;
  const parts = leafParts(raw);
  const textOf = (type: string) => parts.find((p) => p.type === type && !/Content-Disposition: attachment/i.test(p.headers))?.body.toString("utf8").replace(/\r\n/g, "\n") ?? "";
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, " ");
  const subject = header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decode(text.replace(/_/g, " "), "quoted-printable"),
  );
  return {
    subject: subject.trim(),
    text: textOf("text/plain"),
    html: textOf("text/html"),
    attachments: parts.filter((p) => /Content-Disposition: attachment/i.test(p.headers)),
  };
}

/** A learner whose own welcome mail is out of the way (createUser signs up through Better Auth). */
async function learnerWithoutMail(input: { name?: string } = {}) {
  const u = await createUser(input);
  await db().delete(outbox);
  return u;
}

async function jobsOf(kind: string) {
  return db().select().from(outbox).where(eq(outbox.kind, kind));
}

async function firstLessonOf(courseId: number) {
  const [row] = await db()
    .select({ id: lesson.id, title: lesson.title })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(courseModule.courseId, courseId), eq(lesson.status, "published")))
    .orderBy(asc(courseModule.position), asc(lesson.position))
    .limit(1);
  return row!;
}

describe("correo de bienvenida", () => {
  it("registrarse encola la bienvenida (no la envía en la petición) y llega con HTML y texto", async () => {
    const email = `bienvenida.${Date.now()}@academia.test`;
    const out = await call(registerAction, formRequest("/registro", { name: "Camila Soto", email, password: "clave-123", confirmPassword: "clave-123" }));
    expect(out.status).toBe(302);
    expect(mailbox.received).toHaveLength(0);
    expect(await jobsOf("welcome")).toHaveLength(1);

    await runDueJobs();
    const mail = onlyMailTo(email);
    expect(mail.subject).toMatch(/^Te damos la bienvenida a /);
    expect(mail.html).toContain("Camila Soto");
    expect(mail.html).toContain('href="http://localhost:3000/cursos"');
    expect(mail.text).toContain("Camila Soto");
    expect(mail.text).toContain("http://localhost:3000/cursos");
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it("un registro con un correo que ya tiene cuenta no da la bienvenida: avisa a su dueña, con la hora de Chile y cómo entrar", async () => {
    const existing = await learnerWithoutMail({ name: "Elena Dueña" });
    freezeClock(new Date("2026-03-15T17:05:00Z"));
    try {
      await call(registerAction, formRequest("/registro", { name: "Nombre Ajeno", email: existing.email, password: "clave-123", confirmPassword: "clave-123" }));
    } finally {
      resetClock();
    }
    expect(await jobsOf("welcome")).toHaveLength(0);
    expect(mailbox.received).toHaveLength(0);
    expect(await jobsOf("signUpAttemptNotice")).toEqual([expect.objectContaining({ payload: { userId: existing.id, attemptedAt: "2026-03-15T17:05:00.000Z" } })]);

    await runDueJobs();
    const mail = onlyMailTo(existing.email);
    expect(mail.subject).toBe(`Ya tienes una cuenta en ${site.name}`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Elena Dueña");
      expect(part).not.toContain("Nombre Ajeno");
      expect(part).toContain("15/03/2026 14:05 (hora de Chile)");
      expect(part).toContain("http://localhost:3000/login");
      expect(part).toContain("http://localhost:3000/restablecer-contrasena");
    }
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });
});

describe("confirmación de inscripción", () => {
  it("inscribirse encola la confirmación en la misma transacción; llega con el enlace a la primera lección", async () => {
    const learner = await learnerWithoutMail({ name: "Pedro Rojas" });
    const out = await call(enrolAction, formRequest("/cursos/1/inscribir", {}, { cookie: learner.cookie }), { id: "1" });
    expect(out).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(mailbox.received).toHaveLength(0);
    const [row] = await db().select().from(enrolment).where(eq(enrolment.userId, learner.id));
    expect(await jobsOf("enrolmentConfirmation")).toEqual([expect.objectContaining({ payload: { enrolmentId: row!.id } })]);

    await runDueJobs();
    const [c] = await db().select({ title: course.title }).from(course).where(eq(course.id, 1));
    const first = await firstLessonOf(1);
    const mail = onlyMailTo(learner.email);
    expect(mail.subject).toBe(`Inscripción confirmada: ${c!.title}`);
    const link = `http://localhost:3000/cursos/1/contenido?leccion=${first.id}`;
    expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(mail.html).toContain("Pedro Rojas");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(first.title);
  });

  it("inscribirse otra vez, o dos veces a la vez, deja una sola confirmación", async () => {
    const learner = await learnerWithoutMail();
    const once = () => enrolInCourse({ userId: learner.id, courseId: 1, confirm: true });
    await Promise.all([once(), once()]);
    await once();
    expect(await jobsOf("enrolmentConfirmation")).toHaveLength(1);
    await runDueJobs();
    expect(onlyMailTo(learner.email).subject).toMatch(/^Inscripción confirmada/);
  });

  it("si la inscripción no se guarda, tampoco queda el correo", async () => {
    const learner = await learnerWithoutMail();
    await expect(
      db().transaction(async (tx) => {
        await enrolInCourse({ userId: learner.id, courseId: 1, confirm: true }, tx);
        throw new Error("fallo después de inscribir");
      }),
    ).rejects.toThrow("fallo después de inscribir");
    expect(await jobsOf("enrolmentConfirmation")).toHaveLength(0);
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, learner.id))).toHaveLength(0);
  });
});

describe("aviso de contraseña cambiada", () => {
  it("cambiar la contraseña desde el perfil encola el aviso; llega con la fecha y el enlace para restablecerla", async () => {
    const learner = await learnerWithoutMail({ name: "Marta Díaz" });
    const out = await call(
      profileAction,
      formRequest("/perfil", { intent: "password", currentPassword: learner.password, newPassword: "otra-clave-9", confirmNewPassword: "otra-clave-9" }, { cookie: learner.cookie }),
    );
    expect(out.status).toBe(200);
    expect(mailbox.received).toHaveLength(0);
    expect(await jobsOf("passwordChangedNotice")).toEqual([expect.objectContaining({ payload: { userId: learner.id } })]);

    await runDueJobs();
    const mail = onlyMailTo(learner.email);
    expect(mail.subject).toBe(`Tu contraseña de ${site.name} fue cambiada`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Marta Díaz");
      expect(part).toContain("http://localhost:3000/restablecer-contrasena");
      expect(part).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    }
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it("una contraseña actual equivocada no cambia nada ni avisa", async () => {
    const learner = await learnerWithoutMail();
    await call(profileAction, formRequest("/perfil", { intent: "password", currentPassword: "no-es-esta", newPassword: "otra-clave-9", confirmNewPassword: "otra-clave-9" }, { cookie: learner.cookie }));
    expect(await jobsOf("passwordChangedNotice")).toHaveLength(0);
  });
});

describe("correo del certificado", () => {
  it("completar el curso encola el correo en la misma transacción; llega con el PDF adjunto y el enlace de verificación", async () => {
    const learner = await learnerWithoutMail({ name: "Luis Fuentes" });
    const enrolmentId = (await enrolInCourse({ userId: learner.id, courseId: 1 })) as { enrolmentId: number };
    await db().delete(outbox);
    const lessons = await db()
      .select({ id: lesson.id })
      .from(lesson)
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .where(and(eq(courseModule.courseId, 1), eq(lesson.status, "published")));
    for (const l of lessons) await db().transaction((tx) => completeLessonInTx(tx, enrolmentId.enrolmentId, l.id));
    const [cert] = await db().select().from(certificate).where(eq(certificate.enrolmentId, enrolmentId.enrolmentId));
    expect(cert).toBeDefined();
    expect(await jobsOf("certificateIssued")).toEqual([expect.objectContaining({ payload: { code: cert!.code } })]);
    expect(mailbox.received).toHaveLength(0);

    await runDueJobs();
    const mail = onlyMailTo(learner.email);
    expect(mail.subject).toBe("¡Felicitaciones! Tu certificado de Reanimación Cardiopulmonar solo Compresiones");
    const verify = `http://localhost:3000/certificados/${formatCertificateCode(cert!.code)}`;
    expect(mail.html).toContain(verify);
    expect(mail.text).toContain(verify);
    expect(mail.text).toContain("Luis Fuentes");
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.headers).toMatch(/filename="?[^"\r\n]+\.pdf"?/i);
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.body.length).toBeGreaterThan(5_000);
  });
});
