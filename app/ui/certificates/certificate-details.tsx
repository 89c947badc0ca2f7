// What the public verification page confirms about a genuine certificate: nothing beyond what is printed on it.
import { site } from "~/config/site";
import { certificateScope } from "~/domain/certificate-scope";
import { certificateStateLabel, type CertificateState } from "~/domain/certificate-validity";
import { formatDate } from "~/domain/format";

export interface PublicCertificate {
  displayCode: string;
  /** Null when the holder had their personal data deleted: the name is withheld. */
  holderName: string | null;
  /** Masked ('12.345.XXX-5'), or null when the certificate has none. */
  holderRut: string | null;
  courseTitle: string;
  hours: string;
  date: string;
  /** Only for the holder and admins. */
  pdfPath: string | null;
  /** Today's state (docs/certificate-validity.md): vigente, vencido, revocado or without expiry. */
  state: CertificateState;
  /** 'theory', or 'theory_practice' with what the instructor assessed, who (credential), where and when. */
  kind?: string;
  practical?: { assessed: string[]; instructor: string; credential: string; place: string; date: string } | null;
  /** Its holder renewed the course afterwards (docs/certificate-validity.md, "Renewal"); it still counts until its date. */
  renewed?: boolean;
}

// How each state looks: the verdict first, in words and colour, so a QR scanned years later cannot pass for valid.
const LOOK = {
  valid: { border: "border-emerald-200", band: "border-emerald-200 bg-emerald-50", icon: "bg-emerald-600", text: "text-emerald-900" },
  expired: { border: "border-amber-300", band: "border-amber-300 bg-amber-50", icon: "bg-amber-600", text: "text-amber-950" },
  revoked: { border: "border-slate-300", band: "border-slate-300 bg-slate-100", icon: "bg-slate-700", text: "text-slate-900" },
} as const;

function verdict(state: CertificateState) {
  switch (state.kind) {
    case "vencido":
      return { look: LOOK.expired, title: "Certificado vencido", detail: `Venció el ${formatDate(state.validUntil)}: ya no acredita una capacitación vigente.` };
    case "revocado":
      return { look: LOOK.revoked, title: "Certificado revocado", detail: `${site.legalName} lo revocó el ${formatDate(state.revokedOn)}: ya no tiene validez.` };
    default:
      return { look: LOOK.valid, title: "Certificado válido", detail: `Emitido por ${site.legalName}. Los datos coinciden con nuestro registro.` };
  }
}

export function CertificateDetails({ certificate }: { certificate: PublicCertificate }) {
  const scope = certificateScope(site, certificate.kind);
  const { look, title, detail } = verdict(certificate.state);
  const valid = look === LOOK.valid;
  return (
    <article className={`overflow-hidden rounded-2xl border ${look.border} bg-white shadow-sm`} aria-labelledby="certificado-titulo">
      <header className={`flex items-center gap-4 border-b px-6 py-5 sm:px-8 ${look.band}`}>
        <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-white ${look.icon}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={2.5}>
            {valid ? (
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <path d="M12 7v6m0 4h.01" strokeLinecap="round" strokeLinejoin="round" />
            )}
          </svg>
        </span>
        <div>
          <h1 id="certificado-titulo" className={`text-2xl font-bold sm:text-3xl ${look.text}`}>
            {title}
          </h1>
          <p className={`mt-1 text-sm ${look.text}`}>{detail}</p>
          <p className="mt-2 inline-block rounded-md bg-brand-700 px-2.5 py-1 text-sm font-bold text-white">{scope.headline}</p>
        </div>
      </header>
      <dl className="grid gap-x-8 gap-y-5 px-6 py-6 sm:grid-cols-2 sm:px-8">
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Titular</dt>
          {certificate.holderName ? (
            <dd className="mt-1 text-2xl font-bold text-ink">{certificate.holderName}</dd>
          ) : (
            <dd className="mt-1 text-slate-700">
              Nombre reservado: el titular pidió eliminar sus datos personales. El certificado es auténtico: el código, el curso y
              la fecha coinciden con nuestro registro.
            </dd>
          )}
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
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Estado hoy</dt>
          <dd className={`mt-1 font-semibold ${valid ? "text-emerald-800" : look.text}`} data-testid="estado-certificado">
            {certificateStateLabel(certificate.state)}
          </dd>
          {certificate.renewed ? (
            <dd className="mt-2 text-sm text-slate-700" data-testid="certificado-renovado">
              <span className="mr-2 inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-bold text-slate-800 ring-1 ring-inset ring-slate-300">
                Renovado
              </span>
              Su titular volvió a hacer el curso para renovarlo. Este certificado sigue siendo auténtico, con el estado que se indica arriba.
            </dd>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Código</dt>
          <dd className="mt-1 font-mono text-lg tracking-wider text-ink">{certificate.displayCode}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Tipo de certificado</dt>
          <dd className="mt-1 font-semibold text-ink">{certificate.kind === "theory_practice" ? "Teórico-práctico" : "Teórico (curso en línea)"}</dd>
        </div>
        {certificate.practical ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Evaluación práctica presencial</dt>
            <dd className="mt-1 text-sm text-slate-800">
              {certificate.practical.date}, {certificate.practical.place}. Relator: {certificate.practical.instructor} ({certificate.practical.credential}).
            </dd>
            <dd className="mt-2 text-sm text-slate-800">
              Habilidades evaluadas:
              <ul className="mt-1 list-disc pl-5">
                {certificate.practical.assessed.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
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
