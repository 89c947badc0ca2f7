// Certificates (decisions.md B9): issued once per enrolment, in the transaction that completes the course;
// verifiable by anyone through their code; the PDF is for the holder and admins.
import crypto from "node:crypto";
import { count, desc, eq, inArray } from "drizzle-orm";
import { db, type DbOrTx } from "./db/client.server";
import { certificate, course, courseModule, enrolment, lesson, user } from "./db/schema";
import { courseHours } from "~/domain/course-hours";
import { env } from "./env.server";
import type { Mail } from "./mail.server";
import { getCertificatePdf } from "./certificate-pdf.server";
import { renderMail } from "./mail/render-mail.server";
import {
  certificatePath,
  certificatePdfFilename,
  certificatePdfPath,
  formatCertificateCode,
  generateCertificateCode,
  parseCertificateCode,
} from "~/domain/certificate-code";

export interface Certificate {
  id: number;
  /** Canonical form (no dashes); show it with formatCertificateCode. */
  code: string;
  displayCode: string;
  enrolmentId: number;
  userId: string;
  courseId: number;
  holderName: string;
  /** Normalised RUT printed on the certificate, or null. */
  holderRut: string | null;
  courseTitle: string;
  hours: number;
  /** The day the course was completed. */
  issuedAt: Date;
  verifyPath: string;
  pdfPath: string;
}

const columns = {
  id: certificate.id,
  code: certificate.code,
  enrolmentId: certificate.enrolmentId,
  userId: enrolment.userId,
  courseId: enrolment.courseId,
  holderName: certificate.holderName,
  holderRut: certificate.holderRut,
  courseTitle: certificate.courseTitle,
  hours: certificate.hours,
  issuedAt: certificate.issuedAt,
};

type Row = Awaited<ReturnType<ReturnType<typeof selectCertificates>["execute"]>>[number];

function toCertificate(row: Row): Certificate {
  return {
    ...row,
    displayCode: formatCertificateCode(row.code),
    verifyPath: certificatePath(row.code),
    pdfPath: certificatePdfPath(row.code),
  };
}

function selectCertificates(tx: DbOrTx) {
  return tx.select(columns).from(certificate).innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId));
}

/**
 * Issues the enrolment's certificate if it has none, inside the caller's (completing) transaction.
 * Safe to call again or concurrently: the unique enrolment_id keeps one certificate, and every caller
 * gets its code. `created` is true only for the call that issued it, so only that one should notify.
 * Returns null when the enrolment does not exist.
 */
export async function issueCertificateForEnrolment(
  tx: DbOrTx,
  enrolmentId: number,
): Promise<{ code: string; created: boolean } | null> {
  const [source] = await tx
    .select({
      holderName: user.name,
      holderRut: user.rut,
      courseId: course.id,
      courseTitle: course.title,
      completedAt: enrolment.completedAt,
    })
    .from(enrolment)
    .innerJoin(user, eq(user.id, enrolment.userId))
    .innerJoin(course, eq(course.id, enrolment.courseId))
    .where(eq(enrolment.id, enrolmentId))
    .limit(1);
  if (!source) return null;
  // Decisions.md D1: the hours printed are the course's lesson time when it was completed, never typed.
  const lessons = await tx
    .select({ durationMin: lesson.durationMin, status: lesson.status })
    .from(lesson)
    .innerJoin(courseModule, eq(lesson.moduleId, courseModule.id))
    .where(eq(courseModule.courseId, source.courseId));
  const hours = courseHours(lessons);

  // A code collision (1 in 2^60 per pair) also lands in "do nothing": then try a fresh code.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tx
      .insert(certificate)
      .values({
        code: generateCertificateCode(crypto.randomBytes),
        enrolmentId,
        holderName: source.holderName.trim(),
        holderRut: source.holderRut,
        courseTitle: source.courseTitle,
        hours,
        issuedAt: source.completedAt ?? new Date(),
      })
      .onConflictDoNothing()
      .returning({ code: certificate.code });
    if (inserted[0]) return { code: inserted[0].code, created: true };
    const [existing] = await tx
      .select({ code: certificate.code })
      .from(certificate)
      .where(eq(certificate.enrolmentId, enrolmentId))
      .limit(1);
    if (existing) return { code: existing.code, created: false };
  }
  throw new Error(`Could not issue a certificate for enrolment ${enrolmentId}`);
}

/** A certificate by what someone typed or scanned (any case, with or without dashes); null if none. */
export async function getCertificateByCode(input: string, tx: DbOrTx = db()): Promise<Certificate | null> {
  const code = parseCertificateCode(input);
  if (!code) return null;
  const [row] = await selectCertificates(tx).where(eq(certificate.code, code)).limit(1);
  return row ? toCertificate(row) : null;
}

/** The learner's certificates, newest first (dashboard). */
export async function listCertificatesForUser(userId: string, tx: DbOrTx = db()): Promise<Certificate[]> {
  const rows = await selectCertificates(tx)
    .where(eq(enrolment.userId, userId))
    .orderBy(desc(certificate.issuedAt), desc(certificate.id));
  return rows.map(toCertificate);
}

/** Certificates of the given enrolments, keyed by enrolment id (admin enrolment list). */
export async function getCertificatesForEnrolments(
  enrolmentIds: number[],
  tx: DbOrTx = db(),
): Promise<Map<number, Certificate>> {
  if (enrolmentIds.length === 0) return new Map();
  const rows = await selectCertificates(tx).where(inArray(certificate.enrolmentId, enrolmentIds));
  return new Map(rows.map((r) => [r.enrolmentId, toCertificate(r)]));
}

/** Issued certificates per course id (admin course cards, decisions.md B3). */
export async function countCertificatesByCourse(tx: DbOrTx = db()): Promise<Map<number, number>> {
  const rows = await tx
    .select({ courseId: enrolment.courseId, n: count() })
    .from(certificate)
    .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
    .groupBy(enrolment.courseId);
  return new Map(rows.map((r) => [r.courseId, Number(r.n)]));
}

/** May this user download this certificate's PDF? Its holder and admins only. */
export function canDownloadCertificate(viewer: { id: string; role: string }, cert: Pick<Certificate, "userId">) {
  return viewer.role === "admin" || viewer.id === cert.userId;
}

/**
 * The certificate mail for the outbox worker, with the PDF attached: rendered when it is delivered, from the
 * certificate as stored. Null when the certificate or its holder no longer exists.
 */
export async function certificateMailFor(code: string): Promise<Mail | null> {
  const cert = await getCertificateByCode(code);
  if (!cert) return null;
  const [holder] = await db().select({ email: user.email, name: user.name }).from(user).where(eq(user.id, cert.userId)).limit(1);
  if (!holder) return null;
  const publicUrl = env().PUBLIC_URL;
  const [content, pdf] = await Promise.all([
    renderMail(
      {
        kind: "certificate",
        name: holder.name,
        courseTitle: cert.courseTitle,
        hours: cert.hours,
        completedAt: cert.issuedAt,
        code: cert.code,
        pdfAttached: true,
      },
      { baseUrl: publicUrl },
    ),
    getCertificatePdf(cert, publicUrl),
  ]);
  return {
    to: holder.email,
    ...content,
    attachments: [{ filename: certificatePdfFilename(cert.code), contentType: "application/pdf", contentBase64: pdf.toString("base64") }],
  };
}
