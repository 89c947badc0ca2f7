// One order as its buyer sees it: the receipt (paid), the transfer details (awaiting a transfer), or the
// outcome at Webpay with a way to try again.
import { Link } from "react-router";
import { StatusBadge } from "./status-badge";
import { CopyButton } from "~/ui/primitives/copy-button";
import { courseContentPath } from "~/domain/course-paths";
import { TaxDocumentsList, type BuyerDocumentView } from "./tax-documents-list";
import { TransferProofForm, type ProofReply, type ProofSection } from "./transfer-proof-form";

export interface OrderViewData {
  number: string;
  status: string;
  statusLabel: string;
  method: string;
  courseId: number;
  courseTitle: string;
  /** A company's seat purchase: whom the seats are for and what was bought ('30 cupos de ‹course›'). */
  seats?: { companyName: string; what: string } | null;
  /** Where 'paid' leads when it is not the course itself (seats bought for a company: its portal). */
  start?: { path: string; label: string } | null;
  /** What a paid order gave, when it is not access to a course (a skills session's seat). */
  paidText?: string | null;
  /** Where 'Intentar de nuevo' leads when it is not the course's checkout (seats: the company's). */
  retryPath?: string | null;
  total: string;
  rows: { label: string; value: string }[];
  message: string | null;
  canPayAtWebpay: boolean;
  bank: { name: string; accountType: string; accountNumber: string; rut: string; holder: string; proofEmail: string } | null;
  issuer: string;
  /** Its boleta or factura and, after a refund, the nota de crédito. */
  documents: BuyerDocumentView[];
  /** A transfer's proofs and, while it is awaited, the form to send one; null for other methods. */
  proof?: ProofSection | null;
}

const primary = "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800";
const secondary = "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700";

/**
 * A browser may break a line after any hyphen, which splits "Pedido ACD-2026-000123" or a RUT into two lines
 * someone must then retype as one: a hyphenated word stays whole (an e-mail is left free to break).
 */
function KeepHyphenated({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\s+)/).map((part, i) =>
        part.includes("-") && !part.includes("@") ? (
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A row's `copy` is what its "Copiar" button puts on the clipboard (rows without it have no button). */
function Details({ title, rows }: { title: string; rows: { label: string; value: string; copy?: string }[] }) {
  return (
    <div className="mt-6">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <dl className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {rows.map((r) => (
          <div key={r.label} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
            <dt className="text-slate-600">{r.label}</dt>
            <dd className="flex min-w-0 items-center gap-3 font-semibold text-ink">
              {/* Words wrap at spaces; only one too long for the line (an e-mail) is cut. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <KeepHyphenated text={r.value} />
              </span>
              {r.copy !== undefined ? <CopyButton text={r.copy} label={r.label.toLowerCase()} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function OrderView({ order: o, proofReply }: { order: OrderViewData; proofReply?: ProofReply }) {
  const paid = o.status === "paid";
  const closed = o.status === "rejected" || o.status === "cancelled" || o.status === "failed";
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{paid ? "¡Gracias por tu compra!" : `Pedido ${o.number}`}</h1>
          <StatusBadge status={o.status} label={o.statusLabel} />
        </div>
        {paid ? (
          <p className="mt-2 text-slate-700">
            {o.paidText
              ? o.paidText
              : o.seats
              ? `Tu pago está confirmado: los ${o.seats.what} ya están disponibles para ${o.seats.companyName}. Asígnalos a tus trabajadores desde el portal de la empresa.`
              : `Tu pago está confirmado y ya tienes acceso a ${o.courseTitle}.`}
          </p>
        ) : null}
        {o.message ? (
          <p role={closed ? "alert" : "status"} className={`mt-4 rounded-lg border px-4 py-3 text-sm ${closed ? "border-brand-200 bg-brand-50 text-brand-800" : "border-amber-300 bg-amber-50 text-amber-900"}`}>
            {o.message}
          </p>
        ) : null}

        {o.bank ? (
          <>
            <p className="mt-4 text-slate-700">
              Para completar tu compra, transfiere exactamente <strong>{o.total}</strong> a esta cuenta e indica <strong>Pedido {o.number}</strong> en el
              comentario. Cuando confirmemos el pago te avisaremos por correo
              {o.seats ? " y los cupos quedarán disponibles para asignarlos." : " y podrás empezar."}
            </p>
            <Details
              title="Datos para la transferencia"
              rows={[
                { label: "Monto", value: o.total, copy: o.total.replace(/\D/g, "") },
                { label: "Banco", value: o.bank.name },
                { label: "Tipo de cuenta", value: o.bank.accountType },
                { label: "Número de cuenta", value: o.bank.accountNumber, copy: o.bank.accountNumber },
                { label: "RUT", value: o.bank.rut, copy: o.bank.rut },
                { label: "Titular", value: o.bank.holder, copy: o.bank.holder },
                { label: "Correo para el comprobante", value: o.bank.proofEmail, copy: o.bank.proofEmail },
                { label: "Comentario de la transferencia", value: `Pedido ${o.number}`, copy: `Pedido ${o.number}` },
              ]}
            />
          </>
        ) : null}

        {o.proof ? <TransferProofForm proof={o.proof} reply={proofReply} /> : null}

        <Details title={paid || o.status === "refunded" ? "Comprobante de compra" : "Detalle del pedido"} rows={o.rows} />
        {paid || o.status === "refunded" ? <p className="mt-3 text-xs text-slate-600">Emitido por {o.issuer}.</p> : null}
        <TaxDocumentsList documents={o.documents} />

        <div className="mt-8 flex flex-wrap gap-3">
          {paid ? (
            <Link to={o.start?.path ?? courseContentPath(o.courseId)} className={primary}>
              {o.start?.label ?? "Empezar el curso"}
            </Link>
          ) : null}
          {o.canPayAtWebpay ? (
            <Link to={`/compras/${o.number}`} className={primary}>
              Actualizar estado
            </Link>
          ) : null}
          {closed ? (
            <Link to={o.retryPath ?? `/cursos/${o.courseId}/comprar`} className={primary}>
              Intentar de nuevo
            </Link>
          ) : null}
          <Link to="/compras" className={secondary}>
            Mis compras
          </Link>
        </div>
      </div>
    </section>
  );
}
