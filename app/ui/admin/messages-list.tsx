import { Form } from "react-router";
import { CONTACT_REPLY_MAX } from "~/domain/contact-form";
import { SubmitButton } from "~/ui/primitives/submit-button";
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
  /** What was answered, oldest first. */
  replies: { body: string; sentAt: string | Date; by: string }[];
}

/** The answer form that was refused: which message, its field's message and what was typed. */
export type ReplyState = { to: number; error: string | null; value: string } | null;

export function MessagesList({ messages, reply }: { messages: MessageView[]; reply?: ReplyState }) {
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
              {m.replies.length > 0 ? (
                <ol className="mt-3 space-y-2" aria-label="Respuestas enviadas">
                  {m.replies.map((r, i) => (
                    <li key={i} className="rounded-lg border-l-4 border-emerald-600 bg-emerald-50 px-3 py-2 text-sm">
                      <p className="font-semibold text-emerald-900">
                        Respondido por {r.by} el {formatDateTime(r.sentAt)}
                      </p>
                      <p className="mt-1 whitespace-pre-line break-words text-slate-800">{r.body}</p>
                    </li>
                  ))}
                </ol>
              ) : null}
              <ReplyForm messageId={m.id} email={m.email} state={reply?.to === m.id ? reply : null} />
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

/** Answering from the page: the text goes by mail to the person, and the message is marked as handled. */
function ReplyForm({ messageId, email, state }: { messageId: number; email: string; state: ReplyState }) {
  const fieldId = `respuesta-${messageId}`;
  return (
    <details className="mt-3" open={!!state}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">Responder por correo</summary>
      <Form method="post" className="mt-2 space-y-2" noValidate>
        <input type="hidden" name="messageId" value={messageId} />
        <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-800">
          Respuesta para <span className="break-all">{email}</span>
        </label>
        <textarea
          id={fieldId}
          name="reply"
          rows={5}
          maxLength={CONTACT_REPLY_MAX}
          defaultValue={state?.value ?? ""}
          aria-invalid={state?.error ? true : undefined}
          aria-describedby={state?.error ? `${fieldId}-error` : undefined}
          className="block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700"
        />
        {state?.error ? (
          <p id={`${fieldId}-error`} className="text-sm font-medium text-red-700">
            {state.error}
          </p>
        ) : null}
        <p className="text-xs text-slate-600">Le llega con su mensaje citado; si responde, su correo llega a la casilla de contacto.</p>
        <SubmitButton intent="reply" match={["messageId", String(messageId)]} label="Enviar respuesta" pendingLabel="Enviando..." />
      </Form>
    </details>
  );
}
