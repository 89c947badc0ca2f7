// Builds a skills-session mail from the booking as stored, when the worker delivers it.
import { desc, eq } from "drizzle-orm";
import { cancelDeadline, sessionIcs } from "~/domain/skills-sessions";
import { certificate, skillsBooking, user } from "../platform/db/schema";
import { db } from "../platform/db/client.server";
import { env } from "../platform/env.server";
import { now } from "../platform/clock.server";
import { renderMail } from "../platform/mail/render-mail.server";
import type { Mail } from "../platform/mail/transport.server";
import type { SessionMailEvent } from "./mail.server";
import { getSession, sessionView, type SessionView } from "./sessions.server";

/** Null when the booking or its learner is gone, or a confirmation or reminder no longer holds (cancelled since). */
/** Who gave up a cancelled seat, for its mail's words: the learner, the academy (an admin) or their company's manager. */
async function cancelledBy(booking: { status: string; userId: string; cancelledBy: string | null }): Promise<"learner" | "academy" | "company"> {
  if (booking.status !== "cancelled" || booking.cancelledBy === null || booking.cancelledBy === booking.userId) return "learner";
  const [who] = await db().select({ role: user.role }).from(user).where(eq(user.id, booking.cancelledBy)).limit(1);
  return who?.role === "admin" ? "academy" : "company";
}

export async function sessionMailFor(bookingId: number, event: SessionMailEvent, previousBookingId?: number): Promise<Mail | null> {
  const [row] = await db()
    .select({ booking: skillsBooking, name: user.name, email: user.email })
    .from(skillsBooking)
    .innerJoin(user, eq(user.id, skillsBooking.userId))
    .where(eq(skillsBooking.id, bookingId))
    .limit(1);
  if (!row) return null;
  if ((event === "booked" || event === "moved") && row.booking.status !== "booked") return null;
  if (event === "promoted" && row.booking.status !== "offered") return null;
  const found = await getSession(row.booking.sessionId);
  if (!found) return null;
  const s = sessionView(found);
  // A reminder still holds only for a seat still booked, in a session still ahead.
  if ((event === "reminder48h" || event === "reminder2h") && (row.booking.status !== "booked" || s.status !== "open" || s.startsAt <= now())) return null;
  const cancelUntil = cancelDeadline(s.startsAt, s.cancelHoursBefore);
  let certificateCode: string | null = null;
  if (event === "signedOff") {
    const [cert] = await db().select({ code: certificate.code }).from(certificate).where(eq(certificate.enrolmentId, row.booking.enrolmentId)).orderBy(desc(certificate.id)).limit(1);
    certificateCode = cert?.code ?? null;
    if (!certificateCode) return null;
  }
  const content = await renderMail(
    {
      kind: "skillsSession",
      event,
      name: row.name,
      sessionId: s.id,
      courseTitle: s.courseTitle,
      startsAt: s.startsAt,
      durationMin: s.durationMin,
      place: s.place,
      placeNotes: s.placeNotes,
      instructorName: s.instructorName,
      cancelUntil,
      canCancel: now() <= cancelUntil,
      offerExpiresAt: row.booking.offerExpiresAt,
      certificateCode,
      cancelledBy: await cancelledBy(row.booking),
      paid: row.booking.orderId !== null,
    },
    { baseUrl: env().PUBLIC_URL },
  );
  const mail: Mail = { to: row.email, ...content };
  if (event === "booked" || event === "sessionCancelled" || event === "moved") {
    mail.attachments = [calendarFile("sesion-practica.ics", s, bookingId, event === "sessionCancelled")];
  }
  // A move also takes the old date off the learner's calendar (the same event's UID, cancelled).
  if (event === "moved" && previousBookingId !== undefined) {
    const [old] = await db().select({ sessionId: skillsBooking.sessionId }).from(skillsBooking).where(eq(skillsBooking.id, previousBookingId)).limit(1);
    const previous = old ? await getSession(old.sessionId) : null;
    if (previous) mail.attachments!.push(calendarFile("sesion-practica-fecha-anterior.ics", sessionView(previous), previousBookingId, true));
  }
  return mail;
}

function calendarFile(filename: string, s: SessionView, bookingId: number, cancelled: boolean) {
  const ics = sessionIcs({
    uid: `sesion-${s.id}-reserva-${bookingId}@${new URL(env().PUBLIC_URL).hostname}`,
    stamp: now(),
    startsAt: s.startsAt,
    durationMin: s.durationMin,
    summary: `Sesión práctica: ${s.courseTitle}`,
    location: s.place,
    description: [`Relator: ${s.instructorName}`, s.placeNotes].filter(Boolean).join("\n"),
    cancelled,
  });
  return { filename, contentType: "text/calendar; charset=utf-8", contentBase64: Buffer.from(ics, "utf8").toString("base64") };
}
