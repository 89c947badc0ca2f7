// GET /empresa/:companyId/certificados/:code — a worker's certificate PDF for the company's manager: only
// when the certificate's enrolment came through this company (404 otherwise, as for an unknown code).
import type { Route } from "./+types/certificado-pdf";
import { certificatePdfFilename } from "~/domain/certificate-code";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { getCertificateByCode } from "~/server/certificates/certificates.server";
import { getCertificatePdf } from "~/server/certificates/pdf.server";
import { isCompanyCertificate } from "~/server/companies/worker-tables.server";
import { env } from "~/server/platform/env.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const cert = await getCertificateByCode(params.code);
  if (!cert || !(await isCompanyCertificate(company.id, cert.enrolmentId))) {
    return new Response("Certificado no encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const pdf = await getCertificatePdf(cert, env().PUBLIC_URL);
  return downloadResponse(new Uint8Array(pdf), { filename: certificatePdfFilename(cert.code), type: "pdf", length: pdf.length });
}
