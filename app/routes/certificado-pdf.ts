// GET /certificados/{code}/pdf: the certificate PDF, for its holder and for admins (decisions.md B9).
import type { Route } from "./+types/certificado-pdf";
import { requireUser } from "~/server/session.server";
import { canDownloadCertificate, getCertificateByCode } from "~/server/certificates.server";
import { getCertificatePdf } from "~/server/certificate-pdf.server";
import { env } from "~/server/env.server";
import { certificatePdfFilename } from "~/domain/certificate-code";

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
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${certificatePdfFilename(cert.code)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
