// Certificates (docs/decisions.md B9): issued once per enrolment, in the transaction that completes the course;
// verifiable by anyone through their code; the PDF is for the holder and admins.
import { isAdmin } from "~/domain/permissions";
import crypto from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../platform/audit.server";
import { withoutControlChars } from "~/domain/plain-text";
import { db, type DbOrTx } from "../platform/db/client.server";
import { certificate, course, courseModule, enrolment, lesson, user, type CertificateSkills } from "../platform/db/schema";
import { courseHours } from "~/domain/course-hours";
import { formatDateTime } from "~/domain/format";
import { env } from "../platform/env.server";
import { now } from "../platform/clock.server";
import { MAX_REVOKE_REASON, validUntilFor } from "~/domain/certificate-validity";
import type { Mail } from "../platform/mail/transport.server";
import { getCertificatePdf } from "./pdf.server";
import { renderMail } from "../platform/mail/render-mail.server";
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
  /** The holder had their personal data deleted: the public page withholds name and RUT. */
  holderWithheld: boolean;
  courseTitle: string;
  hours: number;
  /** The day the course was completed. */
  issuedAt: Date;
  /** The last Chile day it counts (yyyy-mm-dd), or null: no expiry (docs/certificate-validity.md). */
  validUntil: string | null;
  revokedAt: Date | null;
  /** 'theory', or 'theory_practice' once an instructor signed off the in-person skills session. */
  kind: string;
  skills: CertificateSkills | null;
  /** The enrolment's cycle it closed (1 for the first). */
  cycle: number;
  /** Its holder renewed the course afterwards: a later cycle began. Still verifiable; shown as "renovado". */
  renewed: boolean;
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
  holderWithheld: certificate.holderWithheld,
  courseTitle: certificate.courseTitle,
  hours: certificate.hours,
  issuedAt: certificate.issuedAt,
  validUntil: certificate.validUntil,
  revokedAt: certificate.revokedAt,
  kind: certificate.kind,
  skills: certificate.skills,
  cycle: certificate.cycle,
  liveCycle: enrolment.cycle,
};

type Row = Awaited<ReturnType<ReturnType<typeof selectCertificates>["execute"]>>[number];

function toCertificate({ liveCycle, ...row }: Row): Certificate {
  return {
    ...row,
    renewed: row.cycle < liveCycle,
    displayCode: formatCertificateCode(row.code),
    verifyPath: certificatePath(row.code),
    pdfPath: certificatePdfPath(row.code),
  };
}

function selectCertificates(tx: DbOrTx) {
  return tx.select(columns).from(certificate).innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId));
}

/** The certificate of an enrolment's live cycle, for a join from enrolment (none while a renewed cycle is studied). */
export const liveCycleCertificate = and(eq(certificate.enrolmentId, enrolment.id), eq(certificate.cycle, enrolment.cycle));

/**
 * Issues the certificate of the enrolment's live cycle if it has none, inside the caller's (completing) transaction.
 * Safe to call again or concurrently: the unique (enrolment_id, cycle) keeps one certificate, and every caller
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
      validityMonths: course.validityMonths,
      completedAt: enrolment.completedAt,
      cycle: enrolment.cycle,
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
  const issuedAt = source.completedAt ?? now();

  // A code collision (1 in 2^60 per pair) also lands in "do nothing": then try a fresh code.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tx
      .insert(certificate)
      .values({
        code: generateCertificateCode(crypto.randomBytes),
        enrolmentId,
        cycle: source.cycle,
        holderName: source.holderName.trim(),
        holderRut: source.holderRut,
        courseTitle: source.courseTitle,
        hours,
        issuedAt,
        validUntil: validUntilFor(issuedAt, source.validityMonths),
      })
      .onConflictDoNothing()
      .returning({ code: certificate.code });
    if (inserted[0]) return { code: inserted[0].code, created: true };
    const [existing] = await tx
      .select({ code: certificate.code })
      .from(certificate)
      .where(and(eq(certificate.enrolmentId, enrolmentId), eq(certificate.cycle, source.cycle)))
      .limit(1);
    if (existing) return { code: existing.code, created: false };
  }
  throw new Error(`Could not issue a certificate for enrolment ${enrolmentId}`);
}

export type RevokeOutcome = { ok: true } | { ok: false; field?: "reason"; message: string };

/**
 * Revokes a certificate (docs/certificate-validity.md): the verification page says "revocado" from then on; the
 * reason stays with the academy (audit log and the row), never on a public page. Once only: a second revocation,
 * even at the same moment, finds it revoked and changes nothing.
 */
export async function revokeCertificate(actorId: string, code: string, reasonInput: string): Promise<RevokeOutcome> {
  const reason = withoutControlChars(reasonInput, { multiline: false }).trim();
  if (!reason) return { ok: false, field: "reason", message: "Escribe el motivo de la revocación." };
  if (reason.length > MAX_REVOKE_REASON) return { ok: false, field: "reason", message: `Máximo ${MAX_REVOKE_REASON} caracteres.` };
  const canonical = parseCertificateCode(code);
  if (!canonical) return { ok: false, message: "Certificado no encontrado." };
  return db().transaction(async (tx) => {
    const at = now();
    const [row] = await tx
      .update(certificate)
      .set({ revokedAt: at, revokedReason: reason, revokedBy: actorId })
      .where(and(eq(certificate.code, canonical), isNull(certificate.revokedAt)))
      .returning({ id: certificate.id, holderName: certificate.holderName });
    if (!row) {
      const [exists] = await tx.select({ id: certificate.id }).from(certificate).where(eq(certificate.code, canonical)).limit(1);
      return { ok: false, message: exists ? "Este certificado ya estaba revocado." : "Certificado no encontrado." };
    }
    await recordAudit(tx, {
      actorId,
      action: "certificate.revoked",
      subject: { type: "certificate", id: formatCertificateCode(canonical), label: row.holderName },
      before: { revoked: false },
      after: { revoked: true },
      note: reason,
    });
    return { ok: true };
  });
}

/** Why and when a certificate was revoked, for admins only; null when it was not. */
export async function certificateRevocation(id: number, tx: DbOrTx = db()): Promise<{ at: string; reason: string; by: string | null } | null> {
  const [row] = await tx
    .select({ at: certificate.revokedAt, reason: certificate.revokedReason, by: user.email })
    .from(certificate)
    .leftJoin(user, eq(user.id, certificate.revokedBy))
    .where(eq(certificate.id, id))
    .limit(1);
  if (!row?.at) return null;
  return { at: formatDateTime(row.at), reason: row.reason ?? "", by: row.by };
}

/**
 * An instructor signed off the learner's in-person skills session (docs/decisions.md F2): the enrolment's
 * certificate of its live cycle becomes teórico-práctico, with what was assessed, by whom, where and when. Inside the
 * sign-off's transaction. Returns the certificate's code, or null when the live cycle has none.
 */
export async function addSkillsToCertificate(tx: DbOrTx, enrolmentId: number, skills: CertificateSkills): Promise<string | null> {
  const [row] = await tx
    .update(certificate)
    .set({ kind: "theory_practice", skills })
    .where(and(eq(certificate.enrolmentId, enrolmentId), sql`${certificate.cycle} = (select ${enrolment.cycle} from ${enrolment} where ${enrolment.id} = ${enrolmentId})`))
    .returning({ code: certificate.code });
  return row?.code ?? null;
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

/** The live cycle's certificate of the given enrolments, keyed by enrolment id (admin enrolment list). */
export async function getCertificatesForEnrolments(
  enrolmentIds: number[],
  tx: DbOrTx = db(),
): Promise<Map<number, Certificate>> {
  if (enrolmentIds.length === 0) return new Map();
  const rows = await selectCertificates(tx).where(and(inArray(certificate.enrolmentId, enrolmentIds), eq(certificate.cycle, enrolment.cycle)));
  return new Map(rows.map((r) => [r.enrolmentId, toCertificate(r)]));
}

/** Issued certificates per course id (admin course cards, docs/decisions.md B3). */
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
  return isAdmin(viewer) || viewer.id === cert.userId;
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
