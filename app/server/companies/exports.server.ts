// What a company's manager downloads (docs/decisions.md E2): the workers of a course as CSV or Excel (XLSX, written
// by platform/spreadsheets: real cells, typed numbers and dates, never formulas), and every certificate of the course as one
// ZIP (fflate, streamed: each PDF comes from the certificate PDF module and is stored, since PDFs are compressed).
import { chileIsoDay, chileWallClock, instantToChileLocal } from "~/domain/chile-time";
import { writeXlsx } from "../platform/spreadsheets/xlsx-writer.server";
import { Zip, ZipPassThrough } from "fflate";
import { INVITATION_STATE_LABELS, matchesWorkerFilters, WORKER_STATUS_LABELS, workerStatus, type WorkerFilters } from "~/domain/companies";
import { certificatePdfFilename } from "~/domain/certificate-code";
import { toCsv } from "~/domain/csv";
import { formatRut } from "~/domain/rut";
import { lessonsDoneLabel } from "~/domain/progress";
import { getCertificateByCode } from "../certificates/certificates.server";
import { getCertificatePdf } from "../certificates/pdf.server";
import { listCompanyWorkers, listOpenInvitations, type InvitationRow, type WorkerRow } from "./worker-tables.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { now } from "../platform/clock.server";
import { dueState } from "~/domain/company-follow-up";
import { GROUP_KINDS, type Groups } from "~/domain/company-groups";
import { timeOnTaskLabel } from "~/domain/study";

// "Inscrito el" is, for an invitation, the day it was sent.
const HEADER = ["Nombre", "Correo electrónico", "RUT", "Estado", "Avance (%)", "Módulos completados", "Lecciones completadas", "Tiempo de estudio", "Inscrito el", "Última actividad", "Intentos de examen", "Mejor nota (%)", "Completado el", "Código de certificado", "Fecha límite", "Atrasado", "Sucursal", "Faena", "Centro de costo"];

/** What the percentage counts, as the portal says it: '2 de 5'. */
function modulesDoneText(w: WorkerRow) {
  return `${w.modulesDone} de ${w.modulesTotal}`;
}

// Dates a spreadsheet sorts and reads as dates: '2026-11-29', '2026-11-29 14:05' (Chile's clock).
const day = (d: Date | null) => (d ? chileIsoDay(d) : "");
const dateTime = (d: Date | null) => (d ? instantToChileLocal(d).replace("T", " ") : "");

/** A worker invited but not yet in: listed after the workers, as holding a seat. */
const invitationStatus = (i: InvitationRow) => `Invitación ${INVITATION_STATE_LABELS[i.state].toLowerCase()}`;

/** 'Sí' for a worker past the due date without finishing; '' otherwise (and for an invitation, which has no activity yet). */
const lateText = (dueOn: string | null, completedAt: Date | null, today: string) => (dueState(dueOn, completedAt, today) === "overdue" ? "Sí" : "");

const groupCells = (r: Partial<Groups>) => GROUP_KINDS.map((k) => r[k] ?? "");

function textRow(w: WorkerRow, today: string) {
  return [
    w.name,
    w.email,
    w.rut ? formatRut(w.rut) : "",
    WORKER_STATUS_LABELS[workerStatus(w)],
    w.progress,
    modulesDoneText(w),
    lessonsDoneLabel(w.lessonsDone, w.lessonsTotal),
    timeOnTaskLabel(w.studyTime),
    day(w.enrolledAt),
    dateTime(w.lastActivity),
    w.attempts,
    w.bestScore ?? "",
    day(w.completedAt),
    w.certificateCode ?? "",
    w.dueOn ?? "",
    lateText(w.dueOn, w.completedAt, today),
    ...groupCells(w),
  ];
}

function invitationTextRow(i: InvitationRow, today: string) {
  return [i.name, i.email, i.rut ? formatRut(i.rut) : "", invitationStatus(i), "", "", "", "", day(i.sentAt), "", "", "", "", "", i.dueOn ?? "", lateText(i.dueOn, null, today), ...groupCells(i)];
}

/** A file name part from free text: ASCII letters, digits and dashes. */
export function fileSlug(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "archivo"
  );
}

/**
 * The rows of an export, filtered as the page that links to it was (a pending invitation is a worker who has not
 * started yet).
 */
async function exportRows(companyId: number, courseId: number, filters: WorkerFilters | null, today: string) {
  const [workers, invitations] = await Promise.all([listCompanyWorkers(companyId, courseId), listOpenInvitations(companyId, courseId)]);
  if (!filters) return { workers, invitations };
  return {
    workers: workers.filter((w) => matchesWorkerFilters(w, filters, today)),
    invitations: invitations.filter((i) => matchesWorkerFilters({ ...i, progress: 0, completedAt: null }, filters, today)),
  };
}

export async function workersCsv(companyId: number, courseId: number, filters: WorkerFilters | null = null): Promise<string> {
  const today = chileIsoDay(now());
  const { workers, invitations } = await exportRows(companyId, courseId, filters, today);
  return toCsv(HEADER, [...workers.map((w) => textRow(w, today)), ...invitations.map((i) => invitationTextRow(i, today))]);
}

export async function workersXlsx(companyId: number, courseId: number, courseTitle: string, filters: WorkerFilters | null = null): Promise<Uint8Array> {
  const { workers, invitations } = await exportRows(companyId, courseId, filters, chileIsoDay(now()));
  // Excel has no time zones: dates are written as Santiago's wall-clock time.
  const local = (d: Date | null) => (d ? chileWallClock(d) : null);
  // A Chile calendar day as the same midnight the other date columns use.
  const dueDay = (v: string | null) => (v ? new Date(`${v}T00:00:00Z`) : null);
  const today = chileIsoDay(now());
  const widths = [30, 32, 14, 14, 11, 12, 16, 16, 14, 18, 10, 10, 14, 18, 14, 10, 18, 18, 16];
  const formats: Record<number, "date" | "dateTime"> = { 8: "date", 9: "dateTime", 12: "date", 14: "date" };
  return writeXlsx({
    name: "Trabajadores",
    columns: HEADER.map((header, i) => ({ header, width: widths[i]!, format: formats[i] })),
    rows: workers.map((w) => [
      w.name,
      w.email,
      w.rut ? formatRut(w.rut) : "",
      WORKER_STATUS_LABELS[workerStatus(w)],
      w.progress,
      modulesDoneText(w),
      lessonsDoneLabel(w.lessonsDone, w.lessonsTotal),
      timeOnTaskLabel(w.studyTime),
      local(w.enrolledAt),
      local(w.lastActivity),
      w.attempts,
      w.bestScore,
      local(w.completedAt),
      w.certificateCode ?? "",
      dueDay(w.dueOn),
      lateText(w.dueOn, w.completedAt, today),
      ...groupCells(w),
    ]).concat(
      invitations.map((i) => [i.name, i.email, i.rut ? formatRut(i.rut) : "", invitationStatus(i), null, "", "", "", local(i.sentAt), null, null, null, null, "", dueDay(i.dueOn), lateText(i.dueOn, null, today), ...groupCells(i)]),
    ),
    pageHeader: courseTitle.slice(0, 200),
  });
}

/** The company's certificates of a course, as a streamed ZIP of PDFs; null when there are none yet. */
export async function certificatesZip(companyId: number, courseId: number): Promise<ReadableStream<Uint8Array> | null> {
  const workers = (await listCompanyWorkers(companyId, courseId)).filter((w) => w.certificateKey);
  if (workers.length === 0) return null;
  const publicUrl = env().PUBLIC_URL;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      try {
        const used = new Set<string>();
        for (const w of workers) {
          const cert = await getCertificateByCode(w.certificateKey!);
          if (!cert) continue;
          const pdf = await getCertificatePdf(cert, publicUrl);
          let name = `${fileSlug(w.name)}-${certificatePdfFilename(cert.code)}`;
          while (used.has(name)) name = `x-${name}`;
          used.add(name);
          const entry = new ZipPassThrough(name);
          entry.mtime = cert.issuedAt;
          zip.add(entry);
          entry.push(new Uint8Array(pdf), true);
        }
        zip.end();
      } catch (error) {
        logger.error({ err: error, companyId, courseId }, "certificates zip failed");
        zip.terminate();
        controller.error(error);
      }
    },
  });
}

/** The file a manager fills in for a bulk upload: the three required columns, the optional groups and one example row. */
export function rosterTemplateCsv(): string {
  return toCsv(["nombre", "correo", "RUT", "sucursal", "faena", "centro de costo"], [["María Pérez Soto", "maria.perez@empresa.cl", "12.345.678-5", "Antofagasta", "", ""]]);
}
