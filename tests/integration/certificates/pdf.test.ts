import { courseHours } from "~/domain/course-hours";
import { formatHours } from "~/domain/format";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import { loader } from "~/routes/certificado-pdf";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { completedEnrolment, decodeQrOnFirstPage, pdfText, pdfTextRuns, lessonsOfCourse } from "./helpers";
import { certificateScope } from "~/domain/certificate-scope";

async function download(code: string, cookie?: string) {
  const path = `/certificados/${code}/pdf`;
  try {
    return (await loader({ request: getRequest(path, cookie), params: { code }, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("PDF del certificado", () => {
  let learner: Awaited<ReturnType<typeof createUser>>;
  let code: string;
  let shown: string;
  beforeAll(async () => {
    const done = await completedEnrolment({ name: "José Muñoz", completedAt: new Date("2026-11-21T23:30:00Z") });
    learner = done.learner;
    code = (await issueCertificateForEnrolment(db(), done.enrolmentId))!.code;
    shown = formatCertificateCode(code);
  });

  it("el titular lo descarga: A4 apaisado con nombre acentuado, curso, horas, fecha en español y código", async () => {
    const res = await download(shown, learner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="certificado-${shown}.pdf"; filename*=UTF-8''certificado-${shown}.pdf`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { text, numPages, width, height } = await pdfText(bytes);
    expect(numPages).toBe(1);
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect(text).toContain("José Muñoz");
    expect(text).toContain("Reanimación Cardiopulmonar solo Compresiones");
    expect(text).toContain(shown);
    expect(text).toContain(`con una duración de ${formatHours(courseHours(await lessonsOfCourse(1)))}`);
    expect(text).toContain("No evalúa habilidades prácticas");
    expect(text).not.toMatch(/organismo internacional|Certificado además por/);
    // 23:30 UTC on the 21st is still the 21st in Santiago (UTC-3 in November).
    expect(text).toContain("21 de noviembre de 2026");
    expect(text).toContain("Dra. Carolina Muñoz Rojas");
    expect(text).toContain("Directora Académica");
    expect(text).toContain("Academia Andes Capacitación SpA");
    expect(text).toContain("Santiago");
  });

  it("dice que es teórico y no evalúa habilidades prácticas tan visible como su título, no en letra chica", async () => {
    const res = await download(shown, learner.cookie);
    const runs = await pdfTextRuns(new Uint8Array(await res.arrayBuffer()));
    const headline = runs.find((r) => r.text.includes("NO EVALÚA HABILIDADES PRÁCTICAS"));
    const holder = runs.find((r) => r.text.includes("José Muñoz"))!;
    expect(headline?.text).toBe(certificateScope().headline.toUpperCase());
    // Right under the title and above the holder's name, in bold type as large as the course's other headings.
    expect(headline!.size).toBeGreaterThanOrEqual(12);
    expect(headline!.fromTop).toBeLessThan(holder.fromTop);
    expect(headline!.fromTop).toBeLessThan(210);
  });

  it("el código QR del PDF abre la página pública de verificación", async () => {
    const res = await download(shown, learner.cookie);
    const qr = await decodeQrOnFirstPage(new Uint8Array(await res.arrayBuffer()));
    expect(qr).toBe(`http://localhost:3000/certificados/${shown}`);
  });

  it("acepta el código en minúsculas y sin guiones", async () => {
    const res = await download(code.toLowerCase(), learner.cookie);
    expect(res.status).toBe(200);
  });

  it("otro alumno no puede descargarlo (403)", async () => {
    const other = await createUser();
    const res = await download(shown, other.cookie);
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).not.toBe("application/pdf");
  });

  it("un administrador sí puede descargarlo", async () => {
    const admin = await createUser({ role: "admin" });
    const res = await download(shown, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });

  it("sin sesión redirige a /login y vuelve al PDF", async () => {
    const res = await download(shown);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/certificados/${shown}/pdf`)}`);
  });

  it("un código inventado responde 404", async () => {
    const res = await download("ZZZZ-ZZZZ-ZZZZ", learner.cookie);
    expect(res.status).toBe(404);
  });

  it("nombres y cursos largos caben en una sola página", async () => {
    const long = await completedEnrolment({
      name: "María de los Ángeles Fernández-Villaseñor Cañas del Río Ñuñoa Peñalolén",
    });
    const issued = (await issueCertificateForEnrolment(db(), long.enrolmentId))!;
    const res = await download(issued.code, long.learner.cookie);
    const { text, numPages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(numPages).toBe(1);
    expect(text).toContain("Fernández-Villaseñor");
  });
});
