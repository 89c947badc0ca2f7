import { Form } from "react-router";
import { formatDateTime } from "~/domain/format";
import { badge, card, smallButton } from "./styles";

export interface UndeliveredMail {
  id: number;
  status: "failed" | "retrying";
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string | Date;
  nextAttemptAt: string | Date | null;
}

export function UndeliveredMailList({ mail }: { mail: UndeliveredMail[] }) {
  return (
    <ul className="mt-6 space-y-4">
      {mail.map((m) => (
        <li key={m.id}>
          <article className={`${card} p-5 ${m.status === "failed" ? "border-l-4 border-l-brand-700" : ""}`} aria-labelledby={`correo-${m.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 id={`correo-${m.id}`} className="break-words text-base font-bold text-ink">
                  {m.subject}
                </h3>
                <p className="mt-0.5 break-all text-sm text-slate-700">
                  Para: {m.recipient} · creado {formatDateTime(m.createdAt)}
                </p>
              </div>
              <span
                className={`${badge} ${m.status === "failed" ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}
              >
                {m.status === "failed" ? "No entregado" : "Reintentando"}
              </span>
            </div>
            <p className="mt-3 text-sm text-slate-700">
              {m.attempts === 1 ? "1 intento" : `${m.attempts} intentos`}
              {m.nextAttemptAt ? ` · próximo intento ${formatDateTime(m.nextAttemptAt)}` : ""}
            </p>
            {m.lastError ? <p className="mt-1 break-words font-mono text-xs text-slate-600">Último error: {m.lastError}</p> : null}
            {m.status === "failed" ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="mailId" value={m.id} />
                <button type="submit" className={smallButton}>
                  Reintentar envío
                </button>
              </Form>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}

export interface SentMail {
  id: number;
  status: "sent" | "failed" | "retrying" | "queued";
  recipients: string;
  subject: string;
  createdAt: string | Date;
  sentAt: string | Date | null;
  canResend: boolean;
}

const SENT_STATUS: Record<SentMail["status"], { text: string; tone: string }> = {
  sent: { text: "Entregado", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  queued: { text: "En cola", tone: "bg-slate-50 text-slate-700 ring-slate-200" },
  retrying: { text: "Reintentando", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  failed: { text: "No entregado", tone: "bg-red-50 text-red-800 ring-red-200" },
};

/** The mail found for one address: what it was, when it went out, and a way to send it again. */
export function SentMailList({ mail }: { mail: SentMail[] }) {
  return (
    <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
      {mail.map((m) => (
        <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0 flex-1 basis-64">
            <p className="break-words font-semibold text-ink">{m.subject}</p>
            <p className="mt-0.5 text-sm text-slate-700">
              <span className="break-all">Para: {m.recipients}</span> ·{" "}
              {m.sentAt ? `entregado ${formatDateTime(m.sentAt)}` : `creado ${formatDateTime(m.createdAt)}`}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className={`${badge} ${SENT_STATUS[m.status].tone}`}>{SENT_STATUS[m.status].text}</span>
            {m.canResend ? (
              <Form method="post">
                <input type="hidden" name="mailId" value={m.id} />
                <input type="hidden" name="intent" value="resend" />
                <button type="submit" className={smallButton} aria-label={`Reenviar «${m.subject}»`}>
                  Reenviar
                </button>
              </Form>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
