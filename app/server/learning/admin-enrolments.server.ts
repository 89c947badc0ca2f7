// /admin/inscripciones: enrolments listed and filtered in the database (25 per page), enrol by e-mail,
// remove an enrolment, and the CSV export streamed in keyset batches (constant memory at any size).
import { chileIsoDay } from "~/domain/chile-time";
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { catalogueCopy } from "../catalogue/cache.server";
import { db } from "../platform/db/client.server";
import { certificate, course, enrolment, user } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { recordAudit } from "../platform/audit.server";
import { type EnrolmentStatusFilter, ENROLMENT_STATUSES, ENROLMENT_STATUS_LABELS } from "~/domain/admin-forms";
import { formatCertificateCode } from "~/domain/certificate-code";
import { csvRow } from "~/domain/csv";
import { formatDateTime } from "~/domain/format";
import { normalizeRut } from "~/domain/rut";
import { parseId } from "~/domain/ids";
import { pageOf, pageWindow } from "../platform/db/pagination.server";
import { afterCursor, cursorColumn, keysetCsvStream } from "../platform/db/keyset-csv.server";

export const adminEnrolmentMessages = {
  unknownEmail: "No existe una cuenta con este correo electrónico.",
  unknownCourse: "El curso elegido no existe.",
  alreadyEnrolled: (name: string, title: string) => `${name} ya está inscrito en «${title}».`,
  enrolled: (name: string, title: string) => `Se inscribió a ${name} en «${title}».`,
  removed: (name: string, title: string) => `Se eliminó la inscripción de ${name} en «${title}».`,
  notFound: "La inscripción ya no existe.",
} as const;

export interface EnrolmentFilters {
  courseId: number | null;
  status: EnrolmentStatusFilter | null;
  /** Normalised RUT of the learner (docs/decisions.md E3: admin lists search by RUT), or null. */
  rut: string | null;
}

/** Reads ?curso= and ?estado= leniently: anything unknown means "no filter". */
export function parseEnrolmentFilters(params: URLSearchParams): EnrolmentFilters {
  const s = params.get("estado");
  return {
    courseId: parseId(params.get("curso")),
    status: (ENROLMENT_STATUSES as readonly string[]).includes(s ?? "") ? (s as EnrolmentStatusFilter) : null,
    rut: normalizeRut((params.get("rut") ?? "").slice(0, 20)),
  };
}

function filterConditions(f: EnrolmentFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.courseId !== null) conditions.push(eq(enrolment.courseId, f.courseId));
  // Written exactly as the partial indexes' predicates so the planner can use them.
  if (f.status === "completado") conditions.push(isNotNull(enrolment.completedAt));
  if (f.status === "en-progreso") conditions.push(isNull(enrolment.completedAt));
  if (f.rut !== null) conditions.push(sql`${enrolment.userId} in (select ${user.id} from ${user} where ${user.rut} = ${f.rut})`);
  return conditions.length ? and(...conditions) : undefined;
}

const listColumns = {
  id: enrolment.id,
  enrolledAt: enrolment.enrolledAt,
  progress: enrolment.progress,
  completedAt: enrolment.completedAt,
  courseId: course.id,
  courseTitle: course.title,
  userName: user.name,
  userEmail: user.email,
  certificateCode: certificate.code,
};

function selectEnrolments() {
  return db()
    .select(listColumns)
    .from(enrolment)
    .innerJoin(user, eq(user.id, enrolment.userId))
    .innerJoin(course, eq(course.id, enrolment.courseId))
    .leftJoin(certificate, liveCycleCertificate);
}

export interface AdminEnrolmentRow {
  id: number;
  enrolledAt: Date;
  progress: number;
  completed: boolean;
  completedAt: Date | null;
  courseId: number;
  courseTitle: string;
  userName: string;
  userEmail: string;
  certificateCode: string | null;
}

function toRow(r: Awaited<ReturnType<typeof selectEnrolments>>[number]): AdminEnrolmentRow {
  return {
    ...r,
    completed: r.completedAt !== null,
    certificateCode: r.certificateCode ? formatCertificateCode(r.certificateCode) : null,
  };
}

/**
 * One page, newest first; `hasNext` from one extra row, so no count over a large table. The page's
 * enrolment ids are found first (from the indexes, joining nothing), then only those rows are joined
 * to their learner, course and certificate: a deep page does not join every row it skips.
 */
export async function listEnrolments(filters: EnrolmentFilters, page: number) {
  const ids = db()
    .select({ id: enrolment.id })
    .from(enrolment)
    .where(filterConditions(filters))
    .orderBy(desc(enrolment.enrolledAt), desc(enrolment.id))
    .limit(pageWindow(page).limit)
    .offset(pageWindow(page).offset)
    .as("page_ids");
  const rows = await selectEnrolments()
    .innerJoin(ids, eq(ids.id, enrolment.id))
    .orderBy(desc(enrolment.enrolledAt), desc(enrolment.id));
  const one = pageOf(rows, page);
  return { enrolments: one.rows.map(toRow), page, hasNext: one.hasNext };
}

/** Every course (drafts too) for the filter and the enrol form. */
// The course picker of the enrolment, sales and coupon pages: every course, drafts included, kept per process like
// the outlines (catalogue/cache.server.ts: dropped on every catalogue change, and creating a course announces one).
export const listCourseOptions = catalogueCopy(() => db().select({ id: course.id, title: course.title, status: course.status }).from(course).orderBy(asc(course.id)));

export async function getEnrolmentSummary(id: number) {
  const [row] = await selectEnrolments().where(eq(enrolment.id, id)).limit(1);
  return row ? toRow(row) : null;
}

export type EnrolByEmailResult =
  | { ok: true; created: boolean; message: string }
  | { ok: false; field: "email" | "courseId"; message: string };

/** Enrols an existing account; idempotent (the unique user+course index keeps one row even under races). */
export async function enrolByEmail(input: { email: string; courseId: number }, adminId: string): Promise<EnrolByEmailResult> {
  const email = input.email.trim().toLowerCase();
  const [person] = await db()
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (!person) return { ok: false, field: "email", message: adminEnrolmentMessages.unknownEmail };
  const [target] = await db().select({ id: course.id, title: course.title }).from(course).where(eq(course.id, input.courseId)).limit(1);
  if (!target) return { ok: false, field: "courseId", message: adminEnrolmentMessages.unknownCourse };
  const inserted = await db().transaction(async (tx) => {
    const rows = await tx
      .insert(enrolment)
      .values({ userId: person.id, courseId: target.id })
      .onConflictDoNothing({ target: [enrolment.userId, enrolment.courseId] })
      .returning({ id: enrolment.id });
    if (rows[0]) {
      await recordAudit(tx, {
        actorId: adminId,
        action: "enrolment.granted",
        subject: { type: "user", id: person.id, label: email },
        after: { courseId: target.id },
        note: target.title,
      });
    }
    return rows;
  });
  if (inserted.length === 0) return { ok: true, created: false, message: adminEnrolmentMessages.alreadyEnrolled(person.name, target.title) };
  logger.info({ userId: person.id, courseId: target.id }, "admin enrolled a learner");
  return { ok: true, created: true, message: adminEnrolmentMessages.enrolled(person.name, target.title) };
}

export const CSV_HEADER = [
  "Curso",
  "Nombre",
  "Correo electrónico",
  "Fecha de inscripción",
  "Progreso (%)",
  "Estado",
  "Fecha de término",
  "Código de certificado",
] as const;

export function csvLine(r: AdminEnrolmentRow): string {
  return csvRow([
    r.courseTitle,
    r.userName,
    r.userEmail,
    formatDateTime(r.enrolledAt),
    r.progress,
    r.completed ? ENROLMENT_STATUS_LABELS.completado : ENROLMENT_STATUS_LABELS["en-progreso"],
    r.completedAt ? formatDateTime(r.completedAt) : "",
    r.certificateCode ?? "",
  ]);
}

const CSV_BATCH = 1000;

/** The filtered enrolments as CSV (BOM, ';', CRLF), newest first, in keyset batches. */
export function enrolmentsCsvStream(filters: EnrolmentFilters): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    name: "enrolments",
    header: CSV_HEADER,
    batchSize: CSV_BATCH,
    batch: (cursor, limit) =>
      db()
        .select({ ...listColumns, ...cursorColumn(enrolment.enrolledAt) })
        .from(enrolment)
        .innerJoin(user, eq(user.id, enrolment.userId))
        .innerJoin(course, eq(course.id, enrolment.courseId))
        .leftJoin(certificate, liveCycleCertificate)
        .where(and(filterConditions(filters), afterCursor(enrolment.enrolledAt, enrolment.id, cursor)))
        .orderBy(desc(enrolment.enrolledAt), desc(enrolment.id))
        .limit(limit),
    line: ({ cursorAt: _c, ...r }) => csvLine(toRow(r)),
  });
}

/** 'inscripciones-2025-03-15.csv' (the day in Chile). */
export function csvFilename(now = new Date()) {
  return `inscripciones-${chileIsoDay(now)}.csv`;
}
