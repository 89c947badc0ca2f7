// A company's seat purchases in its portal, each with its factura (and nota de crédito after a refund) to download.
import { card } from "../admin/styles";
import { TaxDocumentsList, type BuyerDocumentView } from "../commerce/tax-documents-list";

export interface CompanyPurchaseView {
  number: string;
  courseTitle: string;
  seats: string;
  total: string;
  paidAt: string;
  statusLabel: string;
  documents: BuyerDocumentView[];
}

export function CompanyPurchases({ purchases }: { purchases: CompanyPurchaseView[] }) {
  if (purchases.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="compras-empresa">
      <h2 id="compras-empresa" className="text-lg font-bold text-ink">
        Compras y documentos tributarios
      </h2>
      <ul className="mt-3 grid gap-4">
        {purchases.map((p) => (
          <li key={p.number} className={`${card} p-5`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-ink">
                <span className="whitespace-nowrap">Pedido {p.number}</span> · {p.courseTitle}
              </p>
              <p className="text-sm text-slate-700">{p.statusLabel}</p>
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {p.seats} {p.seats === "1" ? "cupo" : "cupos"} · {p.total} · pagado el {p.paidAt}
            </p>
            <TaxDocumentsList documents={p.documents} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
