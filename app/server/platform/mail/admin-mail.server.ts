// /admin/correos: outgoing mail the outbox could not deliver yet (retrying) or gave up on (failed), and the mail
// sent to one address (what support looks up when someone asks whether a mail arrived), with a way to resend it.
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { outbox } from "../db/schema";
import { PAGE_SIZE } from "~/domain/admin-forms";
import type { Job } from "../outbox/outbox.server";
import { isResendable } from "../outbox/jobs.server";
import { onJobQueuedNotify } from "../outbox/outbox.server";
import type { ActionResult } from "~/domain/action-result";

export const adminMailTexts = {
  retried: "El correo se volverá a enviar en unos segundos.",
  notFound: "Ese correo ya no está pendiente.",
  resent: "El correo se volverá a enviar en unos segundos. Aparecerá arriba como uno nuevo.",
  notResendable: "Ese correo no se puede reenviar desde aquí.",
} as const;

/** How long a delivered mail stays in the log (the worker's prune, worker.server.ts). */
export const SENT_MAIL_KEPT_DAYS = 30;

export interface SentMailView {
  id: number;
  status: "sent" | "failed" | "retrying" | "queued";
  recipients: string;
  subject: string;
  createdAt: Date;
  sentAt: Date | null;
  canResend: boolean;
}

const SEARCH_LIMIT = 50;

/** The latest mail to one address, newest first: delivered, failed or still waiting. */
export async function findMailTo(email: string): Promise<SentMailView[]> {
  const address = email.trim().toLowerCase();
  const rows = await db()
    .select({
      id: outbox.id,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      recipients: outbox.recipients,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      doneAt: outbox.doneAt,
    })
    .from(outbox)
    .where(sql`${outbox.recipients} @> array[${address}]::text[]`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(SEARCH_LIMIT);
  return rows.map((r) => {
    const status = r.status === "sent" ? "sent" : r.status === "failed" ? "failed" : r.attempts > 0 ? "retrying" : "queued";
    return {
      id: r.id,
      status,
      recipients: (r.recipients ?? []).join(", "),
      subject: r.subject ?? r.kind,
      createdAt: r.createdAt,
      sentAt: r.status === "sent" ? r.doneAt : null,
      canResend: r.status === "sent" && isResendable(r.kind),
    };
  });
}

/**
 * Queues a delivered mail again, as a new job with the same content: the log keeps both. Only kinds that do
 * nothing but deliver a mail (`resendable`) and only once delivered (a failed one is retried instead).
 */
export async function resendMail(id: number): Promise<ActionResult> {
  const [row] = await db()
    .select({ kind: outbox.kind, payload: outbox.payload, status: outbox.status, recipients: outbox.recipients, subject: outbox.subject })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row || row.status !== "sent" || !isResendable(row.kind)) return { ok: false, message: adminMailTexts.notResendable };
  // Found in the log while it waits; its delivery writes whom it actually reached.
  await db().insert(outbox).values({ kind: row.kind, payload: row.payload, recipients: row.recipients, subject: row.subject });
  onJobQueuedNotify();
  return { ok: true, message: adminMailTexts.resent };
}

export interface UndeliveredMailView {
  id: number;
  status: "failed" | "retrying";
  /** What the job is, in words: the recipient and subject of a mail, or the account job it stands for. */
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
}

function describeJob(kind: string, payload: unknown): { recipient: string; subject: string } {
  const job = { kind, ...(payload as object) } as Job;
  switch (job.kind) {
    case "mail":
      return { recipient: job.mail.to, subject: job.mail.subject };
    case "passwordReset":
      return { recipient: job.email, subject: "Correo para restablecer la contraseña" };
    case "passwordChangedNotice":
      return { recipient: "Titular de la cuenta", subject: "Aviso de cambio de contraseña" };
    case "signUpAttemptNotice":
      return { recipient: "Titular de la cuenta", subject: "Aviso de registro con un correo que ya tiene cuenta" };
    case "certificateIssued":
      return { recipient: "Titular del certificado", subject: `Certificado ${job.code}` };
    default:
      return { recipient: "—", subject: kind };
  }
}

const undelivered = or(eq(outbox.status, "failed"), and(inArray(outbox.status, ["pending", "sending"]), gt(outbox.attempts, 0)));

export async function listUndeliveredMail(page: number) {
  const [rows, [counts]] = await Promise.all([
    db()
      .select()
      .from(outbox)
      .where(undelivered)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE),
    db()
      .select({
        failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
        retrying: sql<number>`count(*) filter (where ${outbox.status} <> 'failed')::int`,
      })
      .from(outbox)
      .where(undelivered),
  ]);
  const mail: UndeliveredMailView[] = rows.slice(0, PAGE_SIZE).map((r) => ({
    id: r.id,
    status: r.status === "failed" ? "failed" : "retrying",
    ...describeJob(r.kind, r.payload),
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
    nextAttemptAt: r.status === "failed" ? null : r.runAt,
  }));
  return { mail, failed: counts?.failed ?? 0, retrying: counts?.retrying ?? 0, page, hasNext: rows.length > PAGE_SIZE };
}

/** Mail that failed for good gets a fresh set of tries, starting now. */
export async function retryMail(id: number): Promise<ActionResult> {
  const updated = await db()
    .update(outbox)
    .set({ status: "pending", attempts: 0, runAt: new Date(), lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .returning({ id: outbox.id });
  return updated.length ? { ok: true, message: adminMailTexts.retried } : { ok: false, message: adminMailTexts.notFound };
}

/** How many mails failed for good (the admin overview shows it). */
export async function countFailedMail(): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.n ?? 0;
}
