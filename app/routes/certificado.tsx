// /certificados/{code}: the public confirmation that a certificate is genuine (decisions.md B9).
// It shows only what is printed on the certificate: no e-mail, no ids.
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/certificado";
import { getCertificateByCode, canDownloadCertificate } from "~/server/certificates.server";
import { getUser } from "~/server/session.server";
import { formatDate, formatHours } from "~/domain/format";
import { maskRut } from "~/domain/rut";
import { formatCertificateCode, MAX_CODE_INPUT, normalizeCertificateCode } from "~/domain/certificate-code";
import { CertificateDetails, type PublicCertificate } from "~/ui/certificates/certificate-details";
import { CertificateVerifyForm } from "~/ui/certificates/verify-form";
import { pageTitle } from "~/ui/seo";

export async function loader({ request, params }: Route.LoaderArgs) {
  const cert = await getCertificateByCode(params.code);
  if (!cert) {
    const typed = normalizeCertificateCode(params.code.slice(0, MAX_CODE_INPUT));
    return data({ found: false as const, code: /^[0-9A-Z]+$/.test(typed) ? formatCertificateCode(typed) : typed }, { status: 404 });
  }
  // One address per certificate: 'abcdefghjk12' and 'ABCD-EFGH-JK12' both land on the printed form.
  if (params.code !== cert.displayCode) throw redirect(cert.verifyPath);
  const viewer = await getUser(request);
  const certificate: PublicCertificate = {
    displayCode: cert.displayCode,
    holderName: cert.holderName,
    // Public page: the RUT masked (decisions.md E3); the PDF, for its holder, shows it whole.
    holderRut: cert.holderRut ? maskRut(cert.holderRut) : null,
    courseTitle: cert.courseTitle,
    hours: formatHours(cert.hours),
    date: formatDate(cert.issuedAt),
    pdfPath: viewer && canDownloadCertificate(viewer, cert) ? cert.pdfPath : null,
  };
  return data({ found: true as const, certificate }, { headers: { "Cache-Control": "private, no-cache" } });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.found ? "Certificado válido" : "Certificado no encontrado";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "X-Robots-Tag": "noindex", "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache" };
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {loaderData.found ? (
        <CertificateDetails certificate={loaderData.certificate} />
      ) : (
        <div className="rounded-2xl border border-brand-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex items-center gap-4">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white" aria-hidden="true">
              <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={2.5}>
                <path d="M7 7l10 10M17 7L7 17" strokeLinecap="round" />
              </svg>
            </span>
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">Certificado no encontrado</h1>
          </div>
          <p className="mt-4 text-slate-700">
            No existe ningún certificado con el código{" "}
            <strong className="break-all font-mono tracking-wider text-ink">{loaderData.code}</strong>. Revisa que lo
            hayas escrito tal como aparece en el documento.
          </p>
          <div className="mt-6">
            <CertificateVerifyForm />
          </div>
        </div>
      )}
      <p className="mt-8 text-center text-sm text-slate-600">
        <Link to="/certificados" className="font-semibold text-brand-700 underline hover:text-brand-800">
          Verificar otro certificado
        </Link>
      </p>
    </section>
  );
}
