// Tax documents for the admin: a sale's documents with their history, the PDF, a retry and the SII's answer;
// and the list of documents that wait or failed (/admin/documentos).
import { Form, Link } from "react-router";
import { formatClp } from "~/domain/format";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, secondaryButton, smallButton } from "./styles";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "./responsive-table";

export interface AdminDocumentView {
  id: number;
  orderNumber: string;
  kind: "sale" | "credit";
  label: string;
  state: string;
  statusLabel: string;
  tone: "done" | "waiting" | "attention";
  total: number;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  issuedAt: string;
  hasPdf: boolean;
  canRetry: boolean;
  needsConfirmation: boolean;
}

const TONES = {
  done: "bg-green-50 text-green-800 ring-green-200",
  waiting: "bg-amber-50 text-amber-900 ring-amber-200",
  attention: "bg-red-50 text-red-800 ring-red-200",
} as const;

/** A document's state as a coloured label (the colour repeats the text, never replaces it). */
export function DocumentBadge({ tone, label }: { tone: keyof typeof TONES; label: string }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}>{label}</span>;
}

/** Retry (with the review's confirmation when the outcome of an earlier attempt is unknown). */
export function RetryDocumentForm({ doc, compact = false }: { doc: AdminDocumentView; compact?: boolean }) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="documentId" value={doc.id} />
      {doc.needsConfirmation ? (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="confirmNotIssued" value="on" className="mt-0.5 h-4 w-4 accent-brand-700" />
          Revisé en el panel del proveedor que este documento no fue emitido
        </label>
      ) : null}
      <SubmitButton intent="retryDocument" match={["documentId", String(doc.id)]} label="Reintentar emisión" pendingLabel="Reintentando..." className={compact ? smallButton : secondaryButton} />
    </Form>
  );
}

export function SaleDocuments({
  documents,
  orderNumber,
  enabled,
  waitingCreditNote,
}: {
  documents: (AdminDocumentView & { history: { event: string; note: string | null; at: string; actor: string | null }[] })[];
  orderNumber: string;
  enabled: boolean;
  waitingCreditNote: boolean;
}) {
  return (
    <div className={`${card} mt-6 p-5`}>
      <h2 className="text-lg font-bold text-ink">Documentos tributarios</h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {enabled ? "Este pedido no lleva documento tributario (no tuvo cobro, o no se había pagado)." : "La emisión de boletas y facturas no está configurada (DTE_PROVIDER)."}
        </p>
      ) : null}
      {waitingCreditNote ? <p className="mt-2 text-sm text-amber-900">La nota de crédito se emitirá cuando se emita el documento de la venta.</p> : null}
      <ul className="mt-3 space-y-4">
        {documents.map((d) => (
          <li key={d.id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-ink">{d.label}</p>
              <DocumentBadge tone={d.tone} label={d.statusLabel} />
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {formatClp(d.total)} · {d.issuedAt ? `emitido el ${d.issuedAt}` : `en cola desde el ${d.createdAt}`}
              {d.attempts > 1 ? ` · ${d.attempts} intentos` : ""}
            </p>
            {d.lastError && d.state !== "issued" ? <p className="mt-1 break-words text-sm text-red-800">Último error: {d.lastError}</p> : null}
            <div className="mt-3 flex flex-wrap items-center gap-3">
              {d.hasPdf ? (
                <a href={`/admin/ventas/${orderNumber}/documentos/${d.id}`} download className={secondaryButton}>
                  Descargar PDF<span className="sr-only"> ({d.label})</span>
                </a>
              ) : null}
              {d.canRetry ? <RetryDocumentForm doc={d} /> : null}
              {d.state === "issued" ? (
                <Form method="post">
                  <input type="hidden" name="documentId" value={d.id} />
                  <SubmitButton intent="checkDocument" match={["documentId", String(d.id)]} label="Consultar respuesta del SII" pendingLabel="Consultando..." className={secondaryButton} />
                </Form>
              ) : null}
            </div>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-semibold text-slate-800">Historial del documento</summary>
              <ol className="mt-2 space-y-2">
                {d.history.map((h, i) => (
                  <li key={i} className="border-l-2 border-slate-200 pl-3">
                    <p className="font-medium text-ink">{EVENT_LABELS[h.event] ?? h.event}</p>
                    <p className="text-slate-600">
                      {h.at} · {h.actor ?? "Sistema"}
                    </p>
                    {h.note ? <p className="break-words text-slate-700">{h.note}</p> : null}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

const EVENT_LABELS: Record<string, string> = {
  queued: "En cola para emitir",
  attempt_failed: "Intento fallido",
  issued: "Emitido",
  refused: "Rechazado por el proveedor",
  review: "Por revisar en el proveedor",
  status: "Respuesta del SII",
  rejected: "Rechazado por el SII",
  retry_requested: "Reintento pedido",
  status_requested: "Consulta al SII pedida",
};

export function DocumentsNeedingAttention({ documents }: { documents: (AdminDocumentView & { courseTitle: string; buyerName: string })[] }) {
  if (documents.length === 0) return <p className="mt-6 text-slate-700">No hay documentos pendientes ni rechazados.</p>;
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Documentos pendientes o rechazados</caption>
        <thead className={rtHead}>
          <tr>
            <th scope="col" className={rtTh}>Documento</th>
            <th scope="col" className={rtTh}>Pedido</th>
            <th scope="col" className={rtTh}>Monto</th>
            <th scope="col" className={rtTh}>Estado</th>
            <th scope="col" className={rtTh}>Acción</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {documents.map((d) => (
            <tr key={d.id} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Documento</span>
                <span>
                  <span className="block font-medium text-ink">{d.label}</span>
                  <span className="block text-slate-600">en cola desde el {d.createdAt}</span>
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Pedido</span>
                <span>
                  <Link to={`/admin/ventas/${d.orderNumber}`} className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline">
                    {d.orderNumber}
                  </Link>
                  <span className="block text-slate-600">
                    {d.buyerName} · {d.courseTitle}
                  </span>
                </span>
              </td>
              <td className={`${rtCell} whitespace-nowrap`}>
                <span className={cellLabel}>Monto</span>
                <span>{formatClp(d.total)}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Estado</span>
                <span>
                  <DocumentBadge tone={d.tone} label={d.statusLabel} />
                  <span className="block text-slate-600">{d.attempts === 1 ? "1 intento" : `${d.attempts} intentos`}</span>
                  {d.lastError ? <span className="block max-w-xs break-words text-xs text-red-800">{d.lastError}</span> : null}
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Acción</span>
                <RetryDocumentForm doc={d} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
