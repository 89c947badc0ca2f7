// A company's managers export what the academy processes for the company about its workers (docs/privacy.md: the
// company is the controller of the data it asks the academy to process): who each worker is and how they did in the
// courses the company enrolled them in. A worker whose processing is blocked (a pending rectification, deletion,
// opposition or blocking request) appears without their personal data; an erased worker does not appear. The ZIP
// also holds the company's monthly compliance snapshots (docs/certificate-validity.md), one line per worker, month
// and course, under the same rule; an erased worker's lines stay there without name, RUT or certificate.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { Zip } from "fflate";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { BLOCKING_KINDS } from "~/domain/privacy";
import { formatRut } from "~/domain/rut";
import { db } from "../platform/db/client.server";
import { certificate, companyEnrolment, complianceSnapshot, complianceSnapshotRow, course, enrolment, privacyRequest, user } from "../platform/db/schema";
import { COMPLIANCE_LABELS, isComplianceState } from "~/domain/compliance";
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

const SNAPSHOT_HEADER = ["mes", "tomada", "nombre", "rut", "curso", "estado", "valido_hasta", "certificado", "datos_bloqueados"] as const;

/** The company's monthly snapshots, one line per person, month and course of that month's matrix. */
export async function companySnapshotRows(companyId: number) {
  const rows = await db()
    .select({
      month: complianceSnapshot.month,
      takenAt: complianceSnapshot.takenAt,
      courses: complianceSnapshot.courses,
      name: complianceSnapshotRow.name,
      rut: complianceSnapshotRow.rut,
      cells: complianceSnapshotRow.cells,
      blocked: sql<boolean>`exists (select 1 from ${privacyRequest} where ${privacyRequest.userId} = ${complianceSnapshotRow.userId} and ${privacyRequest.status} = 'pending' and ${inArray(privacyRequest.kind, [...BLOCKING_KINDS])})`,
    })
    .from(complianceSnapshotRow)
    .innerJoin(complianceSnapshot, eq(complianceSnapshot.id, complianceSnapshotRow.snapshotId))
    .where(eq(complianceSnapshot.companyId, companyId))
    .orderBy(asc(complianceSnapshot.month), asc(complianceSnapshotRow.position));
  return rows.flatMap((r) =>
    r.courses.map((c) => {
      const cell = r.cells[String(c.id)];
      const state = cell && isComplianceState(cell[0]) ? cell[0] : "sin-curso";
      return {
        mes: r.month.slice(0, 7),
        tomada: r.takenAt.toISOString(),
        nombre: r.blocked ? "(datos bloqueados)" : r.name,
        rut: r.blocked || !r.rut ? null : formatRut(r.rut),
        curso: c.title,
        estado: COMPLIANCE_LABELS[state],
        valido_hasta: cell?.[1] ?? null,
        certificado: r.blocked ? null : (cell?.[2] ?? null),
        datos_bloqueados: r.blocked,
      };
    }),
  );
}

/** The ZIP a manager downloads (trabajadores.json and .csv, cumplimiento-fotos-mensuales.json and .csv); logged. */
export async function companyWorkersZip(companyId: number, actor: { id: string; email: string }): Promise<ReadableStream<Uint8Array>> {
  const [rows, snapshots] = await Promise.all([companyWorkersRows(companyId), companySnapshotRows(companyId)]);
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
        await writeEntry(zip, "cumplimiento-fotos-mensuales.json", (async function* () {
          yield JSON.stringify(snapshots, null, 1);
        })());
        await writeEntry(zip, "cumplimiento-fotos-mensuales.csv", (async function* () {
          yield CSV_BOM + csvRow(SNAPSHOT_HEADER);
          for (const row of snapshots) yield csvRow(SNAPSHOT_HEADER.map((key) => row[key]));
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
