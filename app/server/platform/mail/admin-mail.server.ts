// /admin/correos: outgoing mail the outbox could not deliver yet (retrying) or gave up on (failed).
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { outbox } from "../db/schema";
import { PAGE_SIZE } from "~/domain/admin-forms";
import type { Job } from "../outbox/outbox.server";
import type { ActionResult } from "~/domain/action-result";

export const adminMailTexts = {
  retried: "El correo se volverá a enviar en unos segundos.",
  notFound: "Ese correo ya no está pendiente.",
} as const;

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
