// Reminders before a skills session (docs/skills-sessions.md): 48 hours and 2 hours before the start, to each
// learner holding a seat. A look every few minutes (jobs/reminders.server.ts) finds the seats a reminder is due for
// by the academy's clock, and claims each one with an update that sets the reminder's column only while it is
// still empty and the seat still booked: two workers looking at the same moment queue it once, and a seat
// cancelled meanwhile gets nothing. The mail is queued in that same transaction.
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { dueReminder, type SessionReminder } from "~/domain/skills-sessions";
import { now } from "../platform/clock.server";
import { db } from "../platform/db/client.server";
import { skillsBooking, skillsSession } from "../platform/db/schema";
import { queueJob } from "../platform/outbox/outbox.server";

/** The furthest a reminder looks ahead: the earliest one goes out 48 hours before the start. */
const HORIZON_MS = 48 * 3_600_000;

const COLUMN = { reminder48h: skillsBooking.reminder48hAt, reminder2h: skillsBooking.reminder2hAt } as const;
const FIELD = { reminder48h: "reminder48hAt", reminder2h: "reminder2hAt" } as const;

/** Queues every reminder due now; answers how many this call queued (another worker's are not counted). */
export async function queueDueReminders(): Promise<number> {
  const at = now();
  const seats = await db()
    .select({
      bookingId: skillsBooking.id,
      bookedAt: skillsBooking.bookedAt,
      createdAt: skillsBooking.createdAt,
      reminder48hAt: skillsBooking.reminder48hAt,
      reminder2hAt: skillsBooking.reminder2hAt,
      startsAt: skillsSession.startsAt,
    })
    .from(skillsSession)
    .innerJoin(skillsBooking, eq(skillsBooking.sessionId, skillsSession.id))
    .where(
      and(
        eq(skillsSession.status, "open"),
        gt(skillsSession.startsAt, at),
        lte(skillsSession.startsAt, new Date(at.getTime() + HORIZON_MS)),
        eq(skillsBooking.status, "booked"),
        or(isNull(skillsBooking.reminder48hAt), isNull(skillsBooking.reminder2hAt)),
      ),
    );
  let queued = 0;
  for (const seat of seats) {
    const sent = new Set<SessionReminder>();
    if (seat.reminder48hAt) sent.add("reminder48h");
    if (seat.reminder2hAt) sent.add("reminder2h");
    const due = dueReminder({ startsAt: seat.startsAt, bookedAt: seat.bookedAt ?? seat.createdAt, sent }, at);
    if (!due) continue;
    const claimed = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(skillsBooking)
        .set({ [FIELD[due]]: at })
        .where(and(eq(skillsBooking.id, seat.bookingId), eq(skillsBooking.status, "booked"), isNull(COLUMN[due])))
        .returning({ id: skillsBooking.id });
      if (row) await queueJob({ kind: "skillsSessionMail", bookingId: row.id, event: due }, tx);
      return Boolean(row);
    });
    if (claimed) queued++;
  }
  return queued;
}
