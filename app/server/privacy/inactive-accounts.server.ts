// Inactive accounts (docs/privacy.md, retention): an account without a sign-in for `inactiveAccountYears` is warned
// by mail; if nobody signs in within `inactiveWarningDays`, it is deleted through the same path as a suppression
// request (deletion.server.ts), which keeps what other laws require. The warning is claimed on the account row
// (`inactivity_warned_at`) in the transaction that queues the mail, so it is sent once; a sign-in clears it
// (accounts/auth.server.ts). Some accounts are never touched: staff (admins, instructors), a company's only
// manager, a person with a pending privacy request (their request decides), a holder of a certificate still valid.
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import { chileIsoDay } from "~/domain/chile-time";
import { db, type Tx } from "../platform/db/client.server";
import { user } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { recordAudit } from "../platform/audit.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { renderMail } from "../platform/mail/render-mail.server";
import { queueMail } from "../platform/outbox/outbox.server";
import { erasePerson, subjectOf } from "./deletion.server";

type Rules = typeof site.privacy.retention;

const DAY = 86_400_000;
/** How many accounts one run warns, and deletes: the rest wait for the next day's run. */
export const INACTIVE_BATCH = 200;

function yearsBefore(at: Date, years: number): Date {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

/** The Chile day from which the account is deleted, for a warning sent at `warnedAt`. */
export function inactiveDeletionDay(warnedAt: Date, rules: Rules = site.privacy.retention): string {
  return chileIsoDay(new Date(warnedAt.getTime() + rules.inactiveWarningDays * DAY));
}

/**
 * An account this job may act on: not erased, not staff, no pending request, not the only manager of a company, no
 * certificate still valid on `today`, and no sign-in (nor a session used) since `since`.
 */
function inactiveSince(after: Date | SQL, today: string): SQL {
  // A Date inside raw SQL reaches postgres-js untyped: it travels as text with an explicit type.
  const since = after instanceof Date ? sql`${after.toISOString()}::timestamptz` : after;
  return sql`${user.deletedAt} is null
    and ${user.role} <> 'admin'
    and coalesce(${user.lastSignInAt}, ${user.createdAt}) < ${since}
    and not exists (select 1 from session s where s.user_id = ${user.id} and s.updated_at >= ${since})
    and not exists (select 1 from instructor i where i.user_id = ${user.id})
    and not exists (select 1 from privacy_request r where r.user_id = ${user.id} and r.status = 'pending')
    and not exists (
      select 1 from company_manager m where m.user_id = ${user.id} and not exists (
        select 1 from company_manager o join "user" ou on ou.id = o.user_id
        where o.company_id = m.company_id and o.user_id <> ${user.id} and ou.deleted_at is null))
    and not exists (
      select 1 from certificate c join enrolment e on e.id = c.enrolment_id
      where e.user_id = ${user.id} and c.revoked_at is null and c.valid_until is not null and c.valid_until >= ${today})`;
}

/** Warns up to a batch of accounts inactive for the configured years; answers how many were warned. */
export async function warnInactiveAccounts(rules: Rules = site.privacy.retention): Promise<number> {
  const at = now();
  const cutoff = yearsBefore(at, rules.inactiveAccountYears);
  const deleteOn = inactiveDeletionDay(at, rules);
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(isNull(user.inactivityWarnedAt), inactiveSince(cutoff, chileIsoDay(at))))
      .orderBy(sql`coalesce(${user.lastSignInAt}, ${user.createdAt})`)
      .limit(INACTIVE_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    // The claim: only rows still unwarned are updated, so a run that raced this one mails nobody twice.
    const claimed = await tx
      .update(user)
      .set({ inactivityWarnedAt: at })
      .where(and(inArray(user.id, due.map((d) => d.id)), isNull(user.inactivityWarnedAt)))
      .returning({ name: user.name, email: user.email });
    for (const person of claimed) {
      const mail = await renderMail({ kind: "privacyInactiveWarning", name: person.name, deleteOn, years: rules.inactiveAccountYears }, { baseUrl: env().PUBLIC_URL });
      await queueMail({ to: person.email, ...mail }, tx);
    }
    return claimed.length;
  });
}

/**
 * Deletes up to a batch of warned accounts whose notice period ended without a sign-in, each in its own transaction
 * (the account locked and every rule checked again under the lock), audited with what was kept.
 */
export async function deleteInactiveAccounts(rules: Rules = site.privacy.retention): Promise<number> {
  const at = now();
  const today = chileIsoDay(at);
  const noticeEnded = new Date(at.getTime() - rules.inactiveWarningDays * DAY);
  const eligible = (extra?: SQL) =>
    and(isNotNull(user.inactivityWarnedAt), lte(user.inactivityWarnedAt, noticeEnded), inactiveSince(sql`${user.inactivityWarnedAt}`, today), extra);
  const due = await db().select({ id: user.id }).from(user).where(eligible()).orderBy(user.inactivityWarnedAt).limit(INACTIVE_BATCH);
  let deleted = 0;
  for (const { id } of due) {
    const done = await db().transaction(async (tx: Tx) => {
      const [still] = await tx.select({ id: user.id }).from(user).where(eligible(eq(user.id, id))).for("update", { skipLocked: true });
      if (!still) return false;
      const subject = await subjectOf(tx, id);
      if (!subject) return false;
      const kept = await erasePerson(tx, subject);
      await tx.update(user).set({ banReason: "Cuenta inactiva eliminada por plazo de conservación" }).where(eq(user.id, id));
      await recordAudit(tx, {
        actorId: null,
        action: "privacy.inactive_account_deleted",
        subject: { type: "user", id },
        after: { kept: kept.map((k) => `${k.item} (${k.count})`).join("; ") || null },
      });
      return true;
    });
    if (done) deleted++;
  }
  if (deleted > 0) logger.info({ deleted }, "inactive accounts deleted");
  return deleted;
}
