// One order for the admin: facts, payment, refund, history, and the actions its state allows.
import { Form } from "react-router";
import { formatClp } from "~/domain/format";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, dangerButton, secondaryButton } from "./styles";
import { StatusBadge } from "~/ui/commerce/status-badge";
import type { FormReply } from "~/domain/action-result";

export type SaleActionData = FormReply & { intent: string };

interface Detail {
  order: {
    number: string;
    status: string;
    statusLabel: string;
    method: string;
    methodLabel: string;
    amountClp: number;
    subtotalClp: number;
    discountClp: number;
    couponCode: string | null;
    createdAt: string;
    paidAt: string;
    courseTitle: string;
    buyerName: string;
    buyerEmail: string;
    buyOrder: string | null;
    quantity: number;
  };
  payment: { authorizationCode: string | null; cardLast4: string | null; paymentTypeCode: string | null; amountClp: number; at: string } | null;
  refund: { amountClp: number; kind: string; reason: string | null; accessKept: boolean; at: string } | null;
  events: { id: number; from: string; to: string; note: string | null; at: string; actor: string }[];
  /** What the buyer uploaded as proof of a transfer, newest first. */
  proofs?: { href: string; filename: string; at: string }[];
}

/** The buyer's proofs of transfer, to compare with the bank statement before confirming. */
function Proofs({ proofs }: { proofs: { href: string; filename: string; at: string }[] }) {
  if (proofs.length === 0) return <p className="mt-2 text-sm text-slate-600">La persona no ha subido un comprobante (puede haberlo enviado por correo).</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {proofs.map((p) => (
        <li key={p.href}>
          <a href={p.href} download className="font-semibold text-brand-700 underline underline-offset-4 [overflow-wrap:anywhere]">
            Comprobante: {p.filename}
          </a>{" "}
          <span className="text-slate-600">· subido el {p.at}</span>
        </li>
      ))}
    </ul>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SaleDetail({ detail, actionData }: { detail: Detail; actionData?: SaleActionData }) {
  const o = detail.order;
  const errors = actionData?.fieldErrors ?? {};
  const facts: [string, string][] = [
    ["Fecha", o.createdAt],
    ["Comprador", `${o.buyerName} (${o.buyerEmail})`],
    ["Curso", o.quantity > 1 ? `${o.courseTitle} × ${o.quantity}` : o.courseTitle],
    ["Medio de pago", o.methodLabel],
    ["Subtotal", formatClp(o.subtotalClp)],
  ];
  if (o.couponCode) facts.push([`Cupón ${o.couponCode}`, formatClp(-o.discountClp)]);
  facts.push(["Total", formatClp(o.amountClp)]);
  if (o.buyOrder) facts.push(["Orden de compra Webpay", o.buyOrder]);
  if (o.paidAt) facts.push(["Pagado el", o.paidAt]);
  if (detail.payment?.authorizationCode) facts.push(["Código de autorización", detail.payment.authorizationCode]);
  if (detail.payment?.cardLast4) facts.push(["Tarjeta", `terminada en ${detail.payment.cardLast4}`]);
  if (detail.refund) {
    facts.push(["Reembolsado el", detail.refund.at]);
    facts.push(["Monto reembolsado", formatClp(detail.refund.amountClp)]);
    if (detail.refund.reason) facts.push(["Motivo del reembolso", detail.refund.reason]);
    facts.push(["Acceso al curso", detail.refund.accessKept ? "Se mantiene" : "Terminado"]);
  }
  const pendingTransfer = o.method === "transfer" && o.status === "pending";
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Pedido {o.number}</h1>
        <StatusBadge status={o.status} label={o.statusLabel} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className={`${card} p-5`}>
          <h2 className="text-lg font-bold text-ink">Detalle</h2>
          <Facts rows={facts} />
        </div>
        <div className={`${card} p-5`}>
          <h2 className="text-lg font-bold text-ink">Historial</h2>
          <ol className="mt-2 space-y-3 text-sm">
            {detail.events.map((e) => (
              <li key={e.id} className="border-l-2 border-slate-200 pl-3">
                <p className="font-semibold text-ink">
                  {e.from} → {e.to}
                </p>
                <p className="text-slate-600">
                  {e.at} · {e.actor}
                </p>
                {e.note ? <p className="text-slate-700">{e.note}</p> : null}
              </li>
            ))}
          </ol>
        </div>
      </div>

      {!pendingTransfer && o.method === "transfer" && (detail.proofs ?? []).length > 0 ? (
        <div className={`${card} mt-6 p-5`}>
          <h2 className="text-lg font-bold text-ink">Comprobantes de la transferencia</h2>
          <Proofs proofs={detail.proofs ?? []} />
        </div>
      ) : null}

      {pendingTransfer ? (
        <div className={`${card} mt-6 p-5`}>
          <h2 className="text-lg font-bold text-ink">Transferencia</h2>
          <p className="mt-1 text-sm text-slate-700">
            Confirma el pago cuando el dinero esté en la cuenta: {o.quantity > 1 ? "los cupos quedan disponibles para la empresa" : "la persona queda inscrita"} y quien compró
            recibe un correo. Solo un reembolso lo deshace.
          </p>
          <Proofs proofs={detail.proofs ?? []} />
          <div className="mt-4 flex flex-wrap items-end gap-4">
            <Form method="post" className="space-y-3" aria-label="Marcar como pagado">
              <div>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="received"
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                    aria-invalid={errors.received ? true : undefined}
                    aria-describedby={errors.received ? "received-error" : undefined}
                  />
                  <span>
                    Revisé la cuenta: llegaron {formatClp(o.amountClp)} con el comentario «Pedido {o.number}».
                  </span>
                </label>
                {errors.received ? (
                  <p id="received-error" className="mt-1 text-sm font-medium text-red-700">
                    {errors.received}
                  </p>
                ) : null}
              </div>
              <SubmitButton intent="confirm" label="Marcar como pagado" pendingLabel="Confirmando..." />
            </Form>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <TextField label="Motivo del rechazo (opcional)" name="reason" defaultValue={actionData?.intent === "reject" ? actionData.values.reason : ""} error={actionData?.intent === "reject" ? errors.reason : undefined} />
              <SubmitButton intent="reject" label="Rechazar pedido" pendingLabel="Rechazando..." className={secondaryButton} />
            </Form>
          </div>
        </div>
      ) : null}

      {o.status === "paid" ? (
        <div className={`${card} mt-6 p-5`}>
          <h2 className="text-lg font-bold text-ink">Reembolso</h2>
          <p className="mt-1 text-sm text-slate-700">
            {o.method === "webpay"
              ? `Se pide a Webpay la devolución de ${formatClp(o.amountClp)} a la tarjeta.`
              : "Registra aquí la devolución que hiciste por transferencia."}
          </p>
          <Form method="post" className="mt-4 space-y-3">
            <TextField
              label="Motivo del reembolso"
              name="reason"
              required
              defaultValue={actionData?.intent === "refund" ? actionData.values.reason : ""}
              error={actionData?.intent === "refund" ? errors.reason : undefined}
            />
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="keepAccess" className="h-4 w-4 accent-brand-700" />
              Mantener el acceso al curso
            </label>
            <SubmitButton intent="refund" label="Reembolsar" pendingLabel="Reembolsando..." className={dangerButton} />
          </Form>
        </div>
      ) : null}
    </>
  );
}
