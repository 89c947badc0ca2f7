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
                <h2 id={`correo-${m.id}`} className="break-words text-base font-bold text-ink">
                  {m.subject}
                </h2>
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
