// Small factories for the admin tests: courses with content, enrolments, certificates, messages.
import { db } from "~/server/platform/db/client.server";
import { certificate, contactMessage, course, courseModule, enrolment, lesson } from "~/server/platform/db/schema";
import { changedInTheDatabase } from "../support/catalogue-copies";

let n = 0;

export async function createCourse(input: Partial<typeof course.$inferInsert> & { modules?: number; lessonsPerModule?: number } = {}) {
  const { modules = 1, lessonsPerModule = 1, ...values } = input;
  const i = ++n;
  const [row] = await db()
    .insert(course)
    .values({
      slug: `curso-prueba-${i}-${Math.random().toString(36).slice(2, 8)}`,
      title: `Curso de prueba ${i}`,
      category: "Salud",
      level: "Básico",
      durationHours: 8,
      description: "Descripción de prueba",
      status: "published",
      ...values,
    })
    .returning();
  for (let m = 1; m <= modules; m++) {
    const [mod] = await db().insert(courseModule).values({ courseId: row!.id, position: m, title: `Módulo ${m}` }).returning();
    for (let l = 1; l <= lessonsPerModule; l++) {
      await db().insert(lesson).values({ moduleId: mod!.id, position: l, title: `Lección ${m}.${l}`, type: "lectura", body: "Hola", status: "published" });
    }
  }
  changedInTheDatabase();
  return row!;
}

export async function enrol(userId: string, courseId: number, values: Partial<typeof enrolment.$inferInsert> = {}) {
  const [row] = await db().insert(enrolment).values({ userId, courseId, ...values }).returning();
  return row!;
}

export async function issueCertificate(enrolmentId: number) {
  const [row] = await db()
    .insert(certificate)
    .values({ code: `PRUEBA-${enrolmentId}-${Math.random().toString(36).slice(2, 8)}`, enrolmentId, holderName: "Titular", courseTitle: "Curso", hours: 8 })
    .returning();
  return row!;
}

export async function createMessage(values: Partial<typeof contactMessage.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactMessage)
    .values({ name: "Ana", email: "ana@example.cl", subject: "consulta_general", message: "Hola", ...values })
    .returning();
  return row!;
}
