import { courseHours } from "~/domain/course-hours";
import { formatHours } from "~/domain/format";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { certificate, course, user } from "~/server/platform/db/schema";
import {
  countCertificatesByCourse,
  getCertificateByCode,
  getCertificatesForEnrolments,
  issueCertificateForEnrolment,
  listCertificatesForUser,
  certificateMailFor,
} from "~/server/certificates/certificates.server";
import { formatCertificateCode, isValidCertificateCode } from "~/domain/certificate-code";
import { completedEnrolment, lessonsOfCourse } from "./helpers";

async function certificatesOf(enrolmentId: number) {
  return db().select().from(certificate).where(eq(certificate.enrolmentId, enrolmentId));
}

describe("emisión de certificados", () => {
  it("emite un certificado con código, nombre del titular, curso, horas y fecha de aprobación", async () => {
    const completedAt = new Date("2026-11-21T22:30:00Z");
    const { learner, enrolmentId } = await completedEnrolment({ name: "José Muñoz", completedAt });
    const issued = await db().transaction((tx) => issueCertificateForEnrolment(tx, enrolmentId));
    expect(issued?.created).toBe(true);
    expect(isValidCertificateCode(issued!.code)).toBe(true);
    const [row] = await certificatesOf(enrolmentId);
    expect(row).toMatchObject({
      code: issued!.code,
      holderName: "José Muñoz",
      courseTitle: "Reanimación Cardiopulmonar solo Compresiones",
      // Decisions.md D1: the course's published lesson minutes, rounded to the half hour — never typed.
      hours: courseHours(await lessonsOfCourse(1)),
    });
    expect(row!.hours).toBeGreaterThan(0);
    expect(row!.hours % 0.5).toBe(0);
    expect(row!.issuedAt.toISOString()).toBe(completedAt.toISOString());
    const cert = await getCertificateByCode(issued!.code);
    expect(cert).toMatchObject({ userId: learner.id, courseId: 1, displayCode: formatCertificateCode(issued!.code) });
  });

  it("emitir dos veces para la misma inscripción devuelve el mismo certificado", async () => {
    const { enrolmentId } = await completedEnrolment();
    const first = await issueCertificateForEnrolment(db(), enrolmentId);
    const second = await db().transaction((tx) => issueCertificateForEnrolment(tx, enrolmentId));
    expect(second).toEqual({ code: first!.code, created: false });
    expect(await certificatesOf(enrolmentId)).toHaveLength(1);
  });

  it("emitir a la vez en varias transacciones deja un solo certificado, y solo una lo crea", async () => {
    const { enrolmentId } = await completedEnrolment();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        db().transaction(async (tx) => {
          // Hold the transaction open a moment, as the completing transaction does, so the inserts overlap.
          await tx.execute(sql`select 1`);
          return issueCertificateForEnrolment(tx, enrolmentId);
        }),
      ),
    );
    const codes = new Set(results.map((r) => r!.code));
    expect(codes.size).toBe(1);
    expect(results.filter((r) => r!.created)).toHaveLength(1);
    expect(await certificatesOf(enrolmentId)).toHaveLength(1);
  });

  it("si la transacción que completa el curso se revierte, no queda certificado", async () => {
    const { enrolmentId } = await completedEnrolment();
    await expect(
      db().transaction(async (tx) => {
        await issueCertificateForEnrolment(tx, enrolmentId);
        throw new Error("falla después de emitir");
      }),
    ).rejects.toThrow("falla después de emitir");
    expect(await certificatesOf(enrolmentId)).toHaveLength(0);
  });

  it("guarda el nombre del titular al momento de emitirlo", async () => {
    const { learner, enrolmentId } = await completedEnrolment({ name: "María Ñúñez" });
    const issued = await issueCertificateForEnrolment(db(), enrolmentId);
    await db().update(user).set({ name: "Otro Nombre" }).where(eq(user.id, learner.id));
    expect((await getCertificateByCode(issued!.code))!.holderName).toBe("María Ñúñez");
  });

  it("una inscripción inexistente no emite nada", async () => {
    expect(await issueCertificateForEnrolment(db(), 987654)).toBeNull();
  });

  it("cada inscripción recibe un código distinto", async () => {
    const a = await completedEnrolment();
    const b = await completedEnrolment();
    const ca = await issueCertificateForEnrolment(db(), a.enrolmentId);
    const cb = await issueCertificateForEnrolment(db(), b.enrolmentId);
    expect(ca!.code).not.toBe(cb!.code);
  });
});

describe("consulta de certificados", () => {
  it("encuentra el certificado por su código en cualquier forma, y no por uno inventado", async () => {
    const { enrolmentId } = await completedEnrolment();
    const { code } = (await issueCertificateForEnrolment(db(), enrolmentId))!;
    const shown = formatCertificateCode(code);
    for (const typed of [code, shown, shown.toLowerCase(), ` ${code.toLowerCase()} `]) {
      expect((await getCertificateByCode(typed))?.code).toBe(code);
    }
    expect(await getCertificateByCode("ZZZZ-ZZZZ-ZZZZ")).toBeNull();
    expect(await getCertificateByCode("no-es-un-código")).toBeNull();
    expect(await getCertificateByCode("")).toBeNull();
  });

  it("cada alumno ve solo sus certificados; el administrador los ve por inscripción y por curso", async () => {
    const a = await completedEnrolment();
    const b = await completedEnrolment();
    const [other] = await db()
      .insert(course)
      .values({ slug: `otro-${Date.now()}`, title: "Primeros Auxilios Básicos", category: "Salud", level: "Básico", durationHours: 40, description: "x" })
      .returning({ id: course.id });
    const c2 = await completedEnrolment({ courseId: other!.id });
    const ca = await issueCertificateForEnrolment(db(), a.enrolmentId);
    await issueCertificateForEnrolment(db(), b.enrolmentId);
    await issueCertificateForEnrolment(db(), c2.enrolmentId);

    const mine = await listCertificatesForUser(a.learner.id);
    expect(mine.map((c) => c.code)).toEqual([ca!.code]);
    expect(mine[0]).toMatchObject({ courseId: 1, verifyPath: `/certificados/${formatCertificateCode(ca!.code)}` });
    expect(mine[0]!.pdfPath).toBe(`${mine[0]!.verifyPath}/pdf`);

    const byEnrolment = await getCertificatesForEnrolments([a.enrolmentId, b.enrolmentId, 987654]);
    expect([...byEnrolment.keys()].sort()).toEqual([a.enrolmentId, b.enrolmentId].sort());
    expect(await getCertificatesForEnrolments([])).toEqual(new Map());

    const perCourse = await countCertificatesByCourse();
    const [total] = await db().select({ n: sql<number>`count(*)::int` }).from(certificate);
    expect([...perCourse.values()].reduce((s, n) => s + n, 0)).toBe(total!.n);
    expect(perCourse.get(other!.id)).toBe(1);
  });
});

describe("aviso por correo", () => {
  it("envía al titular el enlace de verificación, en español", async () => {
    const { learner, enrolmentId } = await completedEnrolment({ name: "José Muñoz" });
    const { code } = (await issueCertificateForEnrolment(db(), enrolmentId))!;
    const mail = (await certificateMailFor(code))!;
    expect(mail.to).toBe(learner.email);
    expect(mail.subject).toBe("¡Felicitaciones! Tu certificado de Reanimación Cardiopulmonar solo Compresiones");
    const url = `http://localhost:3000/certificados/${formatCertificateCode(code)}`;
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("José Muñoz");
    expect(mail.text).toContain(formatHours(courseHours(await lessonsOfCourse(1))));
    // What it certifies, and no external body (none is configured).
    expect(mail.text).toContain("No evalúa habilidades prácticas");
    expect(mail.text).not.toMatch(/organismo internacional|Certificado además por/);
    expect(mail.text).toContain("21 de noviembre de 2026");
    expect(mail.html).toContain(url);
  });

  it("un código desconocido no produce ningún correo", async () => {
    await expect(certificateMailFor("ZZZZ-ZZZZ-ZZZZ")).resolves.toBeNull();
  });
});
