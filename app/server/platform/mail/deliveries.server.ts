// Which mails a piece of work delivered. The outbox worker runs each job inside `recordDeliveries` and keeps their
// recipients and subject on the job's row: most jobs learn whom they write to only when they run (a certificate's
// holder, a booking's learner), and support must be able to answer "¿me llegó el certificado?" (/admin/correos).
import { AsyncLocalStorage } from "node:async_hooks";

export interface Delivered {
  to: string;
  subject: string;
}

const sink = new AsyncLocalStorage<Delivered[]>();

/** Runs `work`, collecting every mail it delivers (deliverMail calls `noteDelivered`). */
export async function recordDeliveries(work: () => Promise<void>): Promise<Delivered[]> {
  const delivered: Delivered[] = [];
  await sink.run(delivered, work);
  return delivered;
}

export function noteDelivered(mail: Delivered) {
  sink.getStore()?.push(mail);
}

/** What a job's row keeps of what it delivered: each address once, lower-case; the subject, or each one. */
export function deliveryColumns(delivered: readonly Delivered[]): { recipients: string[] | null; subject: string | null } {
  if (delivered.length === 0) return { recipients: null, subject: null };
  const recipients = [...new Set(delivered.map((d) => d.to.trim().toLowerCase()))];
  const subject = [...new Set(delivered.map((d) => d.subject))].join(" · ").slice(0, 300);
  return { recipients, subject };
}
