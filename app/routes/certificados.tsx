// /certificados: type a certificate's code to check it (docs/decisions.md B9). A GET form, so it works without JavaScript.
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/certificados";
import { formatCertificateCode, MAX_CODE_INPUT, normalizeCertificateCode } from "~/domain/certificate-code";
import { CODE_FIELD, CertificateVerifyForm, EMPTY_CODE } from "~/ui/certificates/verify-form";
import { pageTitle } from "~/ui/seo";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get(CODE_FIELD);
  if (raw === null) return { error: null, value: "" };
  // Only letters and digits can be part of a code; anything else typed around them is dropped.
  const code = normalizeCertificateCode(raw.slice(0, MAX_CODE_INPUT)).replace(/[^0-9A-Z]/g, "");
  if (!code) return data({ error: EMPTY_CODE, value: raw }, { status: 400 });
  // Any code goes to its page, which answers 'Certificado no encontrado' when it does not exist.
  return redirect(`/certificados/${formatCertificateCode(code)}`);
}

export function meta() {
  return [
    { title: pageTitle("Verificar certificado") },
    { name: "description", content: "Comprueba si un certificado emitido por la academia es auténtico ingresando su código." },
  ];
}

export default function VerifyCertificatePage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-700">Certificados</p>
      <h1 className="mt-2 text-3xl font-bold text-ink sm:text-4xl">Verificar certificado</h1>
      <p className="mt-4 text-slate-700">
        Cada certificado que emitimos tiene un código único y un código QR. Ingresa el código para comprobar que el
        certificado es auténtico y ver a quién pertenece, qué curso aprobó y cuándo.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <CertificateVerifyForm defaultValue={loaderData.value} error={loaderData.error ?? undefined} />
      </div>
      <p className="mt-6 text-sm text-slate-600">
        ¿Tienes dudas sobre un certificado? <Link to="/contacto" className="font-semibold text-brand-700 underline hover:text-brand-800">Contáctanos</Link>.
      </p>
    </section>
  );
}
