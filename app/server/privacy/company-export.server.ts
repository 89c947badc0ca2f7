// A company's managers export what the academy processes for the company about its workers (docs/privacy.md: the
// company is the controller of the data it asks the academy to process): who each worker is and how they did in the
// courses the company enrolled them in. A worker whose processing is blocked (a pending rectification, deletion,
// opposition or blocking request) appears without their personal data; an erased worker does not appear.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { Zip } from "fflate";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { BLOCKING_KINDS } from "~/domain/privacy";
import { formatRut } from "~/domain/rut";
import { db } from "../platform/db/client.server";
import { certificate, companyEnrolment, course, enrolment, privacyRequest, user } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { writeEntry } from "./export.server";
import { logAccess } from "./requests.server";

const HEADER = ["nombre", "correo", "rut", "telefono", "curso", "inscrito", "avance", "completado", "examen_aprobado", "certificado", "datos_bloqueados"] as const;

export async function companyWorkersRows(companyId: number) {
  const rows = await db()
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      rut: user.rut,
      phone: user.phone,
      course: course.title,
      enrolledAt: enrolment.enrolledAt,
      progress: enrolment.progress,
      completedAt: enrolment.completedAt,
      examPassed: enrolment.examPassed,
      certificate: certificate.code,
      blocked: sql<boolean>`exists (select 1 from ${privacyRequest} where ${privacyRequest.userId} = ${user.id} and ${privacyRequest.status} = 'pending' and ${inArray(privacyRequest.kind, [...BLOCKING_KINDS])})`,
    })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .innerJoin(course, eq(course.id, companyEnrolment.courseId))
    .leftJoin(certificate, liveCycleCertificate)
    .where(and(eq(companyEnrolment.companyId, companyId), isNull(user.deletedAt)))
    .orderBy(asc(user.name), asc(course.title));
  return rows.map((r) => {
    const withheld = r.blocked;
    return {
      nombre: withheld ? "(datos bloqueados)" : r.name,
      correo: withheld ? null : r.email,
      rut: withheld || !r.rut ? null : formatRut(r.rut),
      telefono: withheld ? null : r.phone,
      curso: r.course,
      inscrito: r.enrolledAt.toISOString(),
      avance: r.progress,
      completado: r.completedAt ? r.completedAt.toISOString() : null,
      examen_aprobado: r.examPassed,
      certificado: r.certificate,
      datos_bloqueados: withheld,
    };
  });
}

/** The ZIP a manager downloads (trabajadores.json and .csv); the download is logged. */
export async function companyWorkersZip(companyId: number, actor: { id: string; email: string }): Promise<ReadableStream<Uint8Array>> {
  const rows = await companyWorkersRows(companyId);
  await logAccess({ actorId: actor.id, actorEmail: actor.email, action: "manager.export", subjectCompanyId: companyId });
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      try {
        await writeEntry(zip, "trabajadores.json", (async function* () {
          yield JSON.stringify(rows, null, 1);
        })());
        await writeEntry(zip, "trabajadores.csv", (async function* () {
          yield CSV_BOM + csvRow(HEADER);
          for (const row of rows) yield csvRow(HEADER.map((key) => row[key]));
        })());
        zip.end();
      } catch (error) {
        logger.error({ err: error, companyId }, "company workers export failed");
        zip.terminate();
        controller.error(error);
      }
    },
  });
}
