// What the public verification page confirms about a genuine certificate: nothing beyond what is printed on it.
import { site } from "~/config/site";
import { certificateScope } from "~/domain/certificate-scope";

export interface PublicCertificate {
  displayCode: string;
  holderName: string;
  /** Masked ('12.345.XXX-5'), or null when the certificate has none. */
  holderRut: string | null;
  courseTitle: string;
  hours: string;
  date: string;
  /** Only for the holder and admins. */
  pdfPath: string | null;
}

export function CertificateDetails({ certificate }: { certificate: PublicCertificate }) {
  const scope = certificateScope();
  return (
    <article className="overflow-hidden rounded-2xl border border-emerald-200 bg-white shadow-sm" aria-labelledby="certificado-titulo">
      <header className="flex items-center gap-4 border-b border-emerald-200 bg-emerald-50 px-6 py-5 sm:px-8">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={2.5}>
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <div>
          <h1 id="certificado-titulo" className="text-2xl font-bold text-emerald-900 sm:text-3xl">
            Certificado válido
          </h1>
          <p className="mt-1 text-sm text-emerald-900">
            Emitido por {site.legalName}. Los datos coinciden con nuestro registro.
          </p>
        </div>
      </header>
      <dl className="grid gap-x-8 gap-y-5 px-6 py-6 sm:grid-cols-2 sm:px-8">
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Titular</dt>
          <dd className="mt-1 text-2xl font-bold text-ink">{certificate.holderName}</dd>
          {certificate.holderRut ? <dd className="mt-1 text-sm text-slate-700">RUT {certificate.holderRut}</dd> : null}
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Curso</dt>
          <dd className="mt-1 text-lg font-semibold text-brand-800">{certificate.courseTitle}</dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Duración</dt>
          <dd className="mt-1 text-slate-800">{certificate.hours}</dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Fecha de aprobación</dt>
          <dd className="mt-1 text-slate-800">{certificate.date}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Código</dt>
          <dd className="mt-1 font-mono text-lg tracking-wider text-ink">{certificate.displayCode}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Qué acredita</dt>
          <dd className="mt-1 text-sm leading-6 text-slate-700">
            {scope.scope}
            {scope.certifier ? ` ${scope.certifier}` : ""}
          </dd>
        </div>
      </dl>
      {certificate.pdfPath ? (
        <div className="border-t border-slate-200 px-6 py-5 sm:px-8">
          <a
            href={certificate.pdfPath}
            download
            className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Descargar certificado
          </a>
        </div>
      ) : null}
    </article>
  );
}
