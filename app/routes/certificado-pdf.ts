// GET /certificados/{code}/pdf: the certificate PDF, for its holder and for admins (docs/decisions.md B9).
import type { Route } from "./+types/certificado-pdf";
import { requireUser } from "~/server/accounts/session.server";
import { canDownloadCertificate, getCertificateByCode } from "~/server/certificates/certificates.server";
import { getCertificatePdf } from "~/server/certificates/pdf.server";
import { env } from "~/server/platform/env.server";
import { certificatePdfFilename } from "~/domain/certificate-code";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const cert = await getCertificateByCode(params.code);
  if (!cert) {
    return new Response("Certificado no encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // The verification page already confirms the certificate exists, so a plain 403 reveals nothing new.
  if (!canDownloadCertificate(user, cert)) {
    return new Response("No tienes permiso para descargar este certificado.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pdf = await getCertificatePdf(cert, env().PUBLIC_URL);
  return downloadResponse(new Uint8Array(pdf), { filename: certificatePdfFilename(cert.code), type: "pdf", length: pdf.length });
}
