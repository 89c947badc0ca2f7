// The mails of a new learner, read as they arrive: welcome after registration (queued right after the
// account exists) and the enrolment confirmation with the first lesson's link (queued in the enrolment's
// transaction). Both go through the outbox: nothing is sent inline by the request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { course, courseModule, enrolment, lesson, outbox } from "~/server/db/schema";
import { runDueJobs } from "~/server/outbox-worker.server";
import { enrolInCourse } from "~/server/enrolments.server";
import { action as registerAction } from "~/routes/registro";
import { action as enrolAction } from "~/routes/curso-inscribir";
import { startMailbox } from "../accounts/mailbox";
import { call } from "../learning/call";
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

/** The decoded text and HTML parts of the one message that reached this address. */
function onlyMailTo(address: string): { subject: string; text: string; html: string } {
  const raws = mailbox.received.filter((m) => m.to.includes(address.toLowerCase())).map((m) => m.raw);
  expect(raws).toHaveLength(1);
  const raw = raws[0]!;
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)![1]!;
  const parts: Record<string, string> = {};
  for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
    const split = chunk.search(/\r?\n\r?\n/);
    const headers = chunk.slice(0, split);
    const type = /Content-Type: ([^;\r\n]+)/i.exec(headers)![1]!;
    const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase() ?? "7bit";
    parts[type] = decode(chunk.slice(split).replace(/^\r?\n\r?\n/, ""), encoding).replace(/\r\n/g, "\n");
  }
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, " ");
  const subject = header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decode(text.replace(/_/g, " "), "quoted-printable"),
  );
  return { subject: subject.trim(), text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
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

  it("un registro rechazado (correo en uso) no encola nada", async () => {
    const existing = await learnerWithoutMail();
    await call(registerAction, formRequest("/registro", { name: "Otra", email: existing.email, password: "clave-123", confirmPassword: "clave-123" }));
    expect(await jobsOf("welcome")).toHaveLength(0);
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
