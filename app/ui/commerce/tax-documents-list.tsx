// An order's tax documents as its buyer sees them: each issued one with its PDF to download, one on its way
// saying so. Used by "Mis compras" and the company portal.
export interface BuyerDocumentView {
  id: number;
  label: string;
  credit: boolean;
  issued: boolean;
  issuedAt: string;
  /** Where its PDF downloads from (the buyer's or the company's route). */
  href: string;
}

export function TaxDocumentsList({ documents, headingLevel = "h2" }: { documents: BuyerDocumentView[]; headingLevel?: "h2" | "h3" }) {
  if (documents.length === 0) return null;
  const Heading = headingLevel;
  return (
    <div className="mt-6">
      <Heading className={headingLevel === "h2" ? "text-lg font-bold text-ink" : "text-sm font-bold text-ink"}>Documentos tributarios</Heading>
      <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {documents.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm">
            <div>
              <p className="font-semibold text-ink">{d.label}</p>
              <p className="text-slate-600">{d.issued ? `Emitida el ${d.issuedAt}` : "En proceso de emisión: te la enviaremos por correo apenas esté lista."}</p>
            </div>
            {d.issued ? (
              <a
                href={d.href}
                download
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-700 hover:border-brand-700"
              >
                Descargar PDF<span className="sr-only"> ({d.label})</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
