import { Form } from "react-router";
import { subjectLabel } from "~/domain/contact-form";
import { formatDateTime } from "~/domain/format";
import { badge, card, smallButton } from "./styles";

export interface MessageView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  createdAt: string | Date;
  handledAt: string | Date | null;
}

export function MessagesList({ messages }: { messages: MessageView[] }) {
  return (
    <ul className="mt-6 space-y-4">
      {messages.map((m) => {
        const handled = m.handledAt !== null;
        return (
          <li key={m.id}>
            <article className={`${card} p-5 ${handled ? "opacity-90" : "border-l-4 border-l-brand-700"}`} aria-labelledby={`mensaje-${m.id}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id={`mensaje-${m.id}`} className="text-base font-bold text-ink">
                    {subjectLabel(m.subject)} — {m.name}
                  </h2>
                  <p className="mt-0.5 text-sm text-slate-600">
                    <a href={`mailto:${m.email}`} className="break-all text-brand-800 underline underline-offset-2 hover:no-underline">
                      {m.email}
                    </a>
                    {m.phone ? ` · ${m.phone}` : ""} · {formatDateTime(m.createdAt)}
                  </p>
                </div>
                <span className={`${badge} ${handled ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}>
                  {handled ? `Atendido ${formatDateTime(m.handledAt)}` : "Pendiente"}
                </span>
              </div>
              <p className="mt-3 whitespace-pre-line break-words text-sm leading-6 text-slate-800">{m.message}</p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="messageId" value={m.id} />
                <input type="hidden" name="handled" value={handled ? "false" : "true"} />
                <button type="submit" className={smallButton}>
                  {handled ? "Marcar como pendiente" : "Marcar como atendido"}
                </button>
              </Form>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
