// /certificados/{code}: the public confirmation that a certificate is genuine (docs/decisions.md B9).
// It shows only what is printed on the certificate: no e-mail, no ids.
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/certificado";
import { getCertificateByCode, canDownloadCertificate, certificateRevocation, revokeCertificate } from "~/server/certificates/certificates.server";
import { getUser, requireAdmin } from "~/server/accounts/session.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { now } from "~/server/platform/clock.server";
import { chileDay } from "~/domain/chile-time";
import { certificateState, MAX_REVOKE_REASON } from "~/domain/certificate-validity";
import { isAdmin } from "~/domain/permissions";
import { TextArea } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { Notice } from "~/ui/admin/notice";
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
    // A holder who had their personal data deleted (docs/privacy.md): the certificate stays genuine, the name is withheld.
    holderName: cert.holderWithheld ? null : cert.holderName,
    // Public page: the RUT masked (docs/decisions.md E3); the PDF, for its holder, shows it whole.
    holderRut: cert.holderRut && !cert.holderWithheld ? maskRut(cert.holderRut) : null,
    courseTitle: cert.courseTitle,
    hours: formatHours(cert.hours),
    date: formatDate(cert.issuedAt),
    pdfPath: viewer && canDownloadCertificate(viewer, cert) ? cert.pdfPath : null,
    // Today's state, from the academy's clock: a QR scanned years later says "vencido", never "válido".
    state: certificateState(cert, chileDay(now())),
    kind: cert.kind,
    renewed: cert.renewed,
    practical:
      cert.kind === "theory_practice" && cert.skills
        ? {
            assessed: cert.skills.assessed,
            instructor: `${cert.skills.instructorName}, ${cert.skills.instructorTitle}`,
            credential: cert.skills.credential,
            place: cert.skills.place,
            date: formatDate(new Date(cert.skills.sessionStartsAt)),
          }
        : null,
  };
  // Admins revoke from here; only they see why a certificate was revoked (the reason is not public).
  const admin = viewer && isAdmin(viewer) ? { revocation: await certificateRevocation(cert.id) } : null;
  return data({ found: true as const, certificate, admin }, { headers: { "Cache-Control": "private, no-cache" } });
}

type ActionData = { ok: boolean; message: string; reasonError?: string; reason?: string };

/** An admin revokes the certificate with a reason (audited); anyone else is refused before the form is read. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const reason = String(form.get("reason") ?? "");
  const outcome = await revokeCertificate(admin.id, params.code, reason);
  if (outcome.ok) return data<ActionData>({ ok: true, message: "Certificado revocado. La página pública ya lo muestra revocado." });
  const status = outcome.message === "Certificado no encontrado." ? 404 : 400;
  return data<ActionData>(
    outcome.field === "reason" ? { ok: false, message: "", reasonError: outcome.message, reason } : { ok: false, message: outcome.message, reason },
    { status },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const state = loaderData?.found ? loaderData.certificate.state.kind : null;
  const title =
    state === "vencido" ? "Certificado vencido" : state === "revocado" ? "Certificado revocado" : state ? "Certificado válido" : "Certificado no encontrado";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "X-Robots-Tag": "noindex", "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache" };
}

function RevokePanel({ revocation, actionData }: { revocation: { at: string; reason: string; by: string | null } | null; actionData?: ActionData }) {
  if (revocation) {
    return (
      <section className="mt-6 rounded-2xl border border-slate-300 bg-white p-6 shadow-sm" aria-labelledby="revocacion-titulo">
        <h2 id="revocacion-titulo" className="text-lg font-bold text-ink">Revocación (solo administradores)</h2>
        <p className="mt-2 text-sm text-slate-700">
          Revocado el {revocation.at}
          {revocation.by ? ` por ${revocation.by}` : ""}. Motivo: {revocation.reason}
        </p>
      </section>
    );
  }
  return (
    <section className="mt-6 rounded-2xl border border-slate-300 bg-white p-6 shadow-sm" aria-labelledby="revocacion-titulo">
      <h2 id="revocacion-titulo" className="text-lg font-bold text-ink">Revocar este certificado</h2>
      <p className="mt-1 text-sm text-slate-700">
        Solo lo ven los administradores. La página pública dirá «revocado», sin el motivo. No se puede deshacer.
      </p>
      {actionData && !actionData.ok && actionData.message ? <Notice ok={false} message={actionData.message} /> : null}
      <Form method="post" className="mt-4 grid gap-4">
        <TextArea label="Motivo" name="reason" required rows={3} defaultValue={actionData?.reason} error={actionData?.reasonError} hint={`Máximo ${MAX_REVOKE_REASON} caracteres.`} />
        <div>
          <SubmitButton label="Revocar certificado" pendingLabel="Revocando..." intent="revoke" />
        </div>
      </Form>
    </section>
  );
}

export default function CertificatePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {actionData?.ok ? <Notice ok message={actionData.message} /> : null}
      {loaderData.found ? (
        <>
          <CertificateDetails certificate={loaderData.certificate} />
          {loaderData.admin ? <RevokePanel revocation={loaderData.admin.revocation} actionData={actionData} /> : null}
        </>
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
