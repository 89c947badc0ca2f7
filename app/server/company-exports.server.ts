// What a company's manager downloads (decisions.md E2): the workers of a course as CSV or Excel (XLSX, built
// with exceljs: real cells, typed numbers and dates, never formulas), and every certificate of the course as one
// ZIP (fflate, streamed: each PDF comes from the certificate PDF module and is stored, since PDFs are compressed).
import { ExcelJS } from "./exceljs.server";
import { Zip, ZipPassThrough } from "fflate";
import { WORKER_STATUS_LABELS, workerStatus } from "~/domain/companies";
import { certificatePdfFilename } from "~/domain/certificate-code";
import { toCsv } from "~/domain/csv";
import { formatDate, formatDateTime } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { getCertificateByCode } from "./certificates.server";
import { getCertificatePdf } from "./certificate-pdf.server";
import { listCompanyWorkers, type WorkerRow } from "./company-worker-tables.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

const HEADER = ["Nombre", "Correo electrónico", "RUT", "Estado", "Avance (%)", "Inscrito el", "Última actividad", "Intentos de examen", "Mejor nota (%)", "Completado el", "Código de certificado"];

function textRow(w: WorkerRow) {
  return [
    w.name,
    w.email,
    w.rut ? formatRut(w.rut) : "",
    WORKER_STATUS_LABELS[workerStatus(w)],
    w.progress,
    formatDate(w.enrolledAt),
    formatDateTime(w.lastActivity),
    w.attempts,
    w.bestScore ?? "",
    formatDate(w.completedAt),
    w.certificateCode ?? "",
  ];
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

export async function workersCsv(companyId: number, courseId: number): Promise<string> {
  const workers = await listCompanyWorkers(companyId, courseId);
  return toCsv(HEADER, workers.map(textRow));
}

export async function workersXlsx(companyId: number, courseId: number, courseTitle: string): Promise<Buffer> {
  const workers = await listCompanyWorkers(companyId, courseId);
  const book = new ExcelJS.Workbook();
  book.creator = "Academia";
  const sheet = book.addWorksheet("Trabajadores", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = [
    { header: HEADER[0], key: "name", width: 30 },
    { header: HEADER[1], key: "email", width: 32 },
    { header: HEADER[2], key: "rut", width: 14 },
    { header: HEADER[3], key: "status", width: 14 },
    { header: HEADER[4], key: "progress", width: 11 },
    { header: HEADER[5], key: "enrolledAt", width: 14, style: { numFmt: "dd/mm/yyyy" } },
    { header: HEADER[6], key: "lastActivity", width: 18, style: { numFmt: "dd/mm/yyyy hh:mm" } },
    { header: HEADER[7], key: "attempts", width: 10 },
    { header: HEADER[8], key: "bestScore", width: 10 },
    { header: HEADER[9], key: "completedAt", width: 14, style: { numFmt: "dd/mm/yyyy" } },
    { header: HEADER[10], key: "code", width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  // Excel has no time zones: dates are written as Santiago's wall-clock time.
  const local = (d: Date | null) => (d ? chileWallClock(d) : null);
  for (const w of workers) {
    sheet.addRow({
      name: w.name,
      email: w.email,
      rut: w.rut ? formatRut(w.rut) : "",
      status: WORKER_STATUS_LABELS[workerStatus(w)],
      progress: w.progress,
      enrolledAt: local(w.enrolledAt),
      lastActivity: local(w.lastActivity),
      attempts: w.attempts,
      bestScore: w.bestScore,
      completedAt: local(w.completedAt),
      code: w.certificateCode ?? "",
    });
  }
  sheet.headerFooter.oddHeader = courseTitle.slice(0, 200);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Santiago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The moment as a UTC Date whose fields read as Santiago's wall clock (how a spreadsheet shows it). */
function chileWallClock(d: Date): Date {
  const p: Record<string, string> = {};
  for (const part of wallClock.formatToParts(d)) p[part.type] = part.value;
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
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

/** The file a manager fills in for a bulk upload: the three columns and one example row. */
export function rosterTemplateCsv(): string {
  return toCsv(["nombre", "correo", "RUT"], [["María Pérez Soto", "maria.perez@empresa.cl", "12.345.678-5"]]);
}
