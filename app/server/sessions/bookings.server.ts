// A learner's seat in a skills session (docs/skills-sessions.md). Every change that moves a seat — booking,
// cancelling, a promotion from the waiting list, an offer that lapses — runs under the session's row lock, in the
// transaction that writes the booking and queues its mail, so seats are counted exactly however many people
// click at once.
import { and, asc, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { cancelDeadline, companyBookedMessage, sessionMessages as M } from "~/domain/skills-sessions";
import type { ActionResult } from "~/domain/action-result";
import { now } from "../platform/clock.server";
import { db, type Tx } from "../platform/db/client.server";
import { isUniqueViolation } from "../platform/db/errors.server";
import { companyEnrolment, course, enrolment, skillsBooking, skillsSession } from "../platform/db/schema";
import { recordAudit } from "../platform/audit.server";
import { checklistFor } from "./checklists.server";
import { queueJob } from "../platform/outbox/outbox.server";
import { getSession, sessionView, type SessionView } from "./sessions.server";
import type { PaidSeat } from "../commerce/orders/session-seats.server";

// 'moved': the admin moved the learner to another date; their seat there is a new booking, and the audit log links them.
export type BookingStatus = "booked" | "waiting" | "offered" | "cancelled" | "expired" | "closed" | "moved";
const LIVE = ["booked", "waiting", "offered"] as const;

type SessionLock = typeof skillsSession.$inferSelect;

async function lockSession(tx: Tx, sessionId: number): Promise<SessionLock | null> {
  const [row] = await tx.select().from(skillsSession).where(eq(skillsSession.id, sessionId)).for("update");
  return row ?? null;
}

/**
 * Fills free seats from the waiting list, oldest first: each promoted learner is offered the seat (held for them)
 * until `offerHours` from now or the session's start, whichever comes first, and told so. Caller holds the lock.
 */
async function promoteWaiting(tx: Tx, session: SessionLock, seatsTaken: number): Promise<number> {
  const at = now();
  let taken = seatsTaken;
  while (taken < session.capacity) {
    const [next] = await tx
      .select({ id: skillsBooking.id })
      .from(skillsBooking)
      .where(and(eq(skillsBooking.sessionId, session.id), eq(skillsBooking.status, "waiting")))
      .orderBy(asc(skillsBooking.createdAt), asc(skillsBooking.id))
      .limit(1);
    if (!next) break;
    const expires = new Date(Math.min(at.getTime() + session.offerHours * 3_600_000, session.startsAt.getTime()));
    await tx.update(skillsBooking).set({ status: "offered", offeredAt: at, offerExpiresAt: expires }).where(eq(skillsBooking.id, next.id));
    await queueJob({ kind: "skillsSessionMail", bookingId: next.id, event: "promoted" }, tx);
    // A later look, in case nobody acts on the offer before it lapses.
    await queueJob({ kind: "skillsOfferExpiry", sessionId: session.id }, tx, { delaySeconds: (expires.getTime() - at.getTime()) / 1000 + 1 });
    taken++;
  }
  return taken;
}

/** Lapsed offers give their seat to the next in line. Caller holds the lock; returns the seats now taken. */
async function expireOffers(tx: Tx, session: SessionLock): Promise<number> {
  const lapsed = await tx
    .update(skillsBooking)
    .set({ status: "expired" })
    .where(and(eq(skillsBooking.sessionId, session.id), eq(skillsBooking.status, "offered"), lte(skillsBooking.offerExpiresAt, now())))
    .returning({ id: skillsBooking.id });
  let taken = session.seatsTaken - lapsed.length;
  if (session.status === "open" && session.startsAt > now()) taken = await promoteWaiting(tx, session, taken);
  if (taken !== session.seatsTaken) await tx.update(skillsSession).set({ seatsTaken: taken, updatedAt: now() }).where(eq(skillsSession.id, session.id));
  for (const l of lapsed) await queueJob({ kind: "skillsSessionMail", bookingId: l.id, event: "offerExpired" }, tx);
  session.seatsTaken = taken;
  return taken;
}

/** The lapsed offers of one session (the outbox's later look, and tests). */
export async function expireSessionOffers(sessionId: number): Promise<void> {
  await db().transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (session && session.status === "open") await expireOffers(tx, session);
  });
}

export type BookResult = ActionResult<{ outcome: "booked" | "waiting"; bookingId: number }>;

/** A learner who has passed the course's theory takes a seat, or a place on the waiting list when none is left. */
export async function bookSeat(userId: string, sessionId: number): Promise<BookResult> {
  try {
    return await db().transaction(async (tx): Promise<BookResult> => {
      const session = await lockSession(tx, sessionId);
      if (!session) return { ok: false, message: M.notFound, status: 404 };
      if (session.status !== "open") return { ok: false, message: M.notOpen, status: 409 };
      if (session.startsAt <= now()) return { ok: false, message: M.started, status: 409 };
      if (session.placeKind !== "venue") return { ok: false, message: M.companySession, status: 403 };
      if (session.priceClp !== null) return { ok: false, message: M.paidSession, status: 409 };
      const [theory] = await tx
        .select({ id: enrolment.id })
        .from(enrolment)
        .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, session.courseId), isNotNull(enrolment.completedAt)))
        .limit(1);
      if (!theory) return { ok: false, message: M.notEligible, status: 403 };
      const [live] = await tx
        .select({ id: skillsBooking.id })
        .from(skillsBooking)
        .where(and(eq(skillsBooking.userId, userId), eq(skillsBooking.courseId, session.courseId), inArray(skillsBooking.status, [...LIVE])))
        .limit(1);
      if (live) return { ok: false, message: M.alreadyBooked, status: 409 };

      const taken = await expireOffers(tx, session);
      const at = now();
      const seat = taken < session.capacity;
      const [row] = await tx
        .insert(skillsBooking)
        .values({
          sessionId,
          userId,
          courseId: session.courseId,
          enrolmentId: theory.id,
          status: seat ? "booked" : "waiting",
          createdAt: at,
          bookedAt: seat ? at : null,
        })
        .returning({ id: skillsBooking.id });
      if (seat) await tx.update(skillsSession).set({ seatsTaken: taken + 1, updatedAt: at }).where(eq(skillsSession.id, sessionId));
      await queueJob({ kind: "skillsSessionMail", bookingId: row!.id, event: seat ? "booked" : "waiting" }, tx);
      return seat
        ? { ok: true, message: M.booked, outcome: "booked", bookingId: row!.id }
        : { ok: true, message: M.waiting, outcome: "waiting", bookingId: row!.id };
    });
  } catch (e) {
    // The same learner in two tabs at once, on two sessions of the course: the live-booking index keeps one.
    if (isUniqueViolation(e)) return { ok: false, message: M.alreadyBooked, status: 409 };
    throw e;
  }
}

export type CompanyBookResult = ActionResult<{ booked: number; waiting: number }>;

/**
 * A company's manager books seats for workers the company enrolled in the course who have passed its theory: in
 * one transaction under the session's row lock, seats while they last and the waiting list after, each worker
 * mailed as if they had booked themselves. A public session, or the company's own private one. All or nothing:
 * if any chosen worker is not eligible (not the company's, theory not passed, already holding a place for the
 * course), nobody is booked and the manager is told.
 */
export async function bookForCompany(managerId: string, companyId: number, sessionId: number, userIds: string[]): Promise<CompanyBookResult> {
  const chosen = [...new Set(userIds)];
  if (chosen.length === 0) return { ok: false, message: M.workersRequired, field: "workers", status: 400 };
  try {
    return await db().transaction(async (tx): Promise<CompanyBookResult> => {
      const session = await lockSession(tx, sessionId);
      if (!session || (session.placeKind === "company" && session.companyId !== companyId)) return { ok: false, message: M.notFound, status: 404 };
      if (session.status !== "open") return { ok: false, message: M.notOpen, status: 409 };
      if (session.startsAt <= now()) return { ok: false, message: M.started, status: 409 };
      if (session.priceClp !== null) return { ok: false, message: M.companyPaidSession, status: 409 };
      const eligible = await tx
        .select({ userId: enrolment.userId, enrolmentId: enrolment.id })
        .from(companyEnrolment)
        .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
        .where(
          and(
            eq(companyEnrolment.companyId, companyId),
            eq(companyEnrolment.courseId, session.courseId),
            inArray(companyEnrolment.userId, chosen),
            isNotNull(enrolment.completedAt),
          ),
        )
        .orderBy(asc(enrolment.id));
      const live = await tx
        .select({ userId: skillsBooking.userId })
        .from(skillsBooking)
        .where(and(eq(skillsBooking.courseId, session.courseId), inArray(skillsBooking.userId, chosen), inArray(skillsBooking.status, [...LIVE])));
      if (eligible.length !== chosen.length || live.length > 0) return { ok: false, message: M.workerNotEligible, field: "workers", status: 409 };

      let taken = await expireOffers(tx, session);
      const at = now();
      let booked = 0;
      // Seats go in the order the workers were enrolled, whatever order the form sent them in.
      for (const w of eligible) {
        const seat = taken < session.capacity;
        const [row] = await tx
          .insert(skillsBooking)
          .values({ sessionId, userId: w.userId, courseId: session.courseId, enrolmentId: w.enrolmentId, status: seat ? "booked" : "waiting", createdAt: at, bookedAt: seat ? at : null, bookedBy: managerId })
          .returning({ id: skillsBooking.id });
        await queueJob({ kind: "skillsSessionMail", bookingId: row!.id, event: seat ? "booked" : "waiting" }, tx);
        if (seat) {
          taken++;
          booked++;
        }
      }
      if (booked) await tx.update(skillsSession).set({ seatsTaken: taken, updatedAt: at }).where(eq(skillsSession.id, sessionId));
      const waiting = eligible.length - booked;
      return { ok: true, message: companyBookedMessage(booked, waiting), booked, waiting };
    });
  } catch (e) {
    // A worker booking their own seat at the same moment: the live-booking index keeps one, and nobody is booked here.
    if (isUniqueViolation(e)) return { ok: false, message: M.workerNotEligible, field: "workers", status: 409 };
    throw e;
  }
}

/**
 * Gives up a live place (a seat, a place in line or an offer) under the session's lock, already taken by the
 * caller: a freed seat goes to the next in line in the same transaction, and a seat bought online is refunded
 * (its order, by the outbox: Webpay is called outside any transaction).
 */
async function releasePlace(tx: Tx, session: SessionLock, taken: number, mine: { id: number; status: string; orderId: number | null }, actorId: string, reason: string) {
  await tx.update(skillsBooking).set({ status: "cancelled", cancelledAt: now(), cancelledBy: actorId }).where(eq(skillsBooking.id, mine.id));
  if (mine.status !== "waiting") {
    const refilled = session.status === "open" && session.startsAt > now() ? await promoteWaiting(tx, session, taken - 1) : taken - 1;
    await tx.update(skillsSession).set({ seatsTaken: refilled, updatedAt: now() }).where(eq(skillsSession.id, session.id));
  }
  await queueJob({ kind: "skillsSessionMail", bookingId: mine.id, event: "cancelled" }, tx);
  if (mine.orderId !== null) await queueJob({ kind: "skillsSeatRefund", orderId: mine.orderId, actorId, reason }, tx);
}

const placeColumns = { id: skillsBooking.id, status: skillsBooking.status, orderId: skillsBooking.orderId };

/**
 * The learner gives up their seat (until the admin's deadline), their place in line, or an offer. A freed seat
 * goes to the next in line in the same transaction; a bought seat is refunded.
 */
export async function cancelBooking(userId: string, sessionId: number): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    const session = await lockSession(tx, sessionId);
    if (!session) return { ok: false, message: M.notFound, status: 404 };
    const taken = session.status === "open" ? await expireOffers(tx, session) : session.seatsTaken;
    const [mine] = await tx
      .select(placeColumns)
      .from(skillsBooking)
      .where(and(eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.userId, userId), inArray(skillsBooking.status, [...LIVE])))
      .limit(1);
    if (!mine) return { ok: false, message: M.noBooking, status: 404 };
    if (mine.status === "booked" && now() > cancelDeadline(session.startsAt, session.cancelHoursBefore)) {
      return { ok: false, message: M.cancelTooLate, status: 409 };
    }
    await releasePlace(tx, session, taken, mine, userId, M.refundLearnerCancelled);
    return { ok: true, message: mine.orderId !== null ? M.cancelledPaidBooking : M.cancelledBooking };
  });
}

/**
 * A company's manager gives up a worker's place in a session, with the learner's own rules (a seat until the
 * deadline; a place in line or an offer at any time): the worker must be one the company enrolled in the course
 * (the booking's enrolment is the company's), else the place is not found. The worker is mailed as if they had
 * cancelled, and the freed seat goes to the next in line.
 */
export async function cancelForCompany(managerId: string, companyId: number, sessionId: number, workerId: string): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    const session = await lockSession(tx, sessionId);
    if (!session || (session.placeKind === "company" && session.companyId !== companyId)) return { ok: false, message: M.notFound, status: 404 };
    const taken = session.status === "open" ? await expireOffers(tx, session) : session.seatsTaken;
    const [place] = await tx
      .select(placeColumns)
      .from(skillsBooking)
      .innerJoin(companyEnrolment, and(eq(companyEnrolment.enrolmentId, skillsBooking.enrolmentId), eq(companyEnrolment.companyId, companyId)))
      .where(and(eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.userId, workerId), inArray(skillsBooking.status, [...LIVE])))
      .limit(1);
    if (!place) return { ok: false, message: M.workerNoBooking, status: 404 };
    if (place.status === "booked" && now() > cancelDeadline(session.startsAt, session.cancelHoursBefore)) {
      return { ok: false, message: M.cancelTooLate, status: 409 };
    }
    await releasePlace(tx, session, taken, place, managerId, M.refundLearnerCancelled);
    await recordAudit(tx, {
      actorId: managerId,
      action: "skills_booking.cancelled_by_company",
      subject: { type: "user", id: workerId },
      before: { sessionId, bookingId: place.id, status: place.status },
      after: { status: "cancelled" },
    });
    return { ok: true, message: M.workerCancelled };
  });
}

/**
 * In the transaction that marks a seat's order paid (under the order's lock, then the session's: never the other
 * way round, so a payment and a cancellation cannot deadlock): the learner takes the seat they paid for. A seat is
 * not held while the learner is at Webpay; if the session filled, was cancelled or started meanwhile, or the
 * learner holds another place for the course, nobody is booked and the order is refunded in full (queued here) —
 * a paid seat is never a place on the waiting list.
 */
export async function takePaidSeat(tx: Tx, order: { id: number; userId: string; skillsSessionId: number }): Promise<PaidSeat> {
  const refund = async (reason: string): Promise<PaidSeat> => {
    await queueJob({ kind: "skillsSeatRefund", orderId: order.id, actorId: null, reason }, tx);
    return { ok: false, reason };
  };
  const [already] = await tx.select({ id: skillsBooking.id }).from(skillsBooking).where(eq(skillsBooking.orderId, order.id)).limit(1);
  if (already) return { ok: true, bookingId: already.id };
  const session = await lockSession(tx, order.skillsSessionId);
  if (!session || session.status !== "open") return refund(M.refundSessionCancelled);
  if (session.startsAt <= now()) return refund(M.refundSessionStarted);
  const taken = await expireOffers(tx, session);
  if (taken >= session.capacity) return refund(M.refundSessionFull);
  const [[theory], [live]] = await Promise.all([
    tx
      .select({ id: enrolment.id })
      .from(enrolment)
      .where(and(eq(enrolment.userId, order.userId), eq(enrolment.courseId, session.courseId), isNotNull(enrolment.completedAt)))
      .limit(1),
    tx
      .select({ id: skillsBooking.id })
      .from(skillsBooking)
      .where(and(eq(skillsBooking.userId, order.userId), eq(skillsBooking.courseId, session.courseId), inArray(skillsBooking.status, [...LIVE])))
      .limit(1),
  ]);
  if (!theory) return refund(M.refundNotEligible);
  if (live) return refund(M.refundAlreadyBooked);
  const at = now();
  const [row] = await tx
    .insert(skillsBooking)
    .values({ sessionId: session.id, userId: order.userId, courseId: session.courseId, enrolmentId: theory.id, status: "booked", createdAt: at, bookedAt: at, orderId: order.id })
    .returning({ id: skillsBooking.id });
  await tx.update(skillsSession).set({ seatsTaken: taken + 1, updatedAt: at }).where(eq(skillsSession.id, session.id));
  await queueJob({ kind: "skillsSessionMail", bookingId: row!.id, event: "booked" }, tx);
  return { ok: true, bookingId: row!.id };
}

/**
 * An admin refunds a seat's order from the orders page without keeping access: the seat, if still held, is given
 * up in the refund's transaction (order lock first, then the session's, as a payment takes them).
 */
export async function releasePaidSeat(tx: Tx, orderId: number, actorId: string | null): Promise<void> {
  const [place] = await tx.select({ ...placeColumns, sessionId: skillsBooking.sessionId }).from(skillsBooking).where(and(eq(skillsBooking.orderId, orderId), inArray(skillsBooking.status, [...LIVE]))).limit(1);
  if (!place) return;
  const session = await lockSession(tx, place.sessionId);
  if (!session) return;
  const taken = session.status === "open" ? await expireOffers(tx, session) : session.seatsTaken;
  await tx.update(skillsBooking).set({ status: "cancelled", cancelledAt: now(), cancelledBy: actorId }).where(eq(skillsBooking.id, place.id));
  const refilled = session.status === "open" && session.startsAt > now() ? await promoteWaiting(tx, session, taken - 1) : taken - 1;
  await tx.update(skillsSession).set({ seatsTaken: refilled, updatedAt: now() }).where(eq(skillsSession.id, session.id));
  await queueJob({ kind: "skillsSessionMail", bookingId: place.id, event: "cancelled" }, tx);
}

export type MoveResult = ActionResult<{ bookingId: number }>;

/**
 * The admin moves a learner's seat to another open date of the same course: the old seat is freed (and offered
 * to the next in line, as a cancellation does) and the new one taken, in one transaction under both sessions' row
 * locks — taken in id order, so two moves in opposite directions cannot deadlock. The learner is mailed the new
 * date with its calendar file.
 */
export async function moveBooking(adminId: string, fromSessionId: number, bookingId: number, toSessionId: number): Promise<MoveResult> {
  if (fromSessionId === toSessionId) return { ok: false, message: M.moveTargetInvalid, field: "targetSessionId", status: 400 };
  return db().transaction(async (tx): Promise<MoveResult> => {
    const locks = new Map<number, SessionLock | null>();
    for (const id of [fromSessionId, toSessionId].sort((a, b) => a - b)) locks.set(id, await lockSession(tx, id));
    const from = locks.get(fromSessionId);
    const to = locks.get(toSessionId);
    if (!from) return { ok: false, message: M.notFound, status: 404 };
    if (from.status !== "open") return { ok: false, message: M.notOpen, status: 409 };
    const [seat] = await tx
      .select({ id: skillsBooking.id, userId: skillsBooking.userId, enrolmentId: skillsBooking.enrolmentId, status: skillsBooking.status, attendance: skillsBooking.attendance, orderId: skillsBooking.orderId })
      .from(skillsBooking)
      .where(and(eq(skillsBooking.id, bookingId), eq(skillsBooking.sessionId, fromSessionId)))
      .limit(1);
    if (!seat || seat.status !== "booked") return { ok: false, message: M.moveBookingInvalid, field: "bookingId", status: 409 };
    if (seat.attendance !== null) return { ok: false, message: M.moveAttendanceRecorded, field: "bookingId", status: 409 };
    if (!to || to.courseId !== from.courseId || to.status !== "open" || to.startsAt <= now()) {
      return { ok: false, message: M.moveTargetInvalid, field: "targetSessionId", status: 409 };
    }
    if (to.priceClp !== from.priceClp) return { ok: false, message: M.movePriceDiffers, field: "targetSessionId", status: 409 };
    const toTaken = await expireOffers(tx, to);
    if (toTaken >= to.capacity) return { ok: false, message: M.moveTargetFull, field: "targetSessionId", status: 409 };

    const at = now();
    // The old seat first: the live-booking index allows one live place per learner and course.
    // A bought seat's order goes with the learner (same price): cancelling the new seat refunds it.
    await tx.update(skillsBooking).set({ status: "moved", cancelledAt: at, cancelledBy: adminId, orderId: null }).where(eq(skillsBooking.id, seat.id));
    const fromTaken = (await expireOffers(tx, from)) - 1;
    const refilled = from.startsAt > at ? await promoteWaiting(tx, from, fromTaken) : fromTaken;
    await tx.update(skillsSession).set({ seatsTaken: refilled, updatedAt: at }).where(eq(skillsSession.id, fromSessionId));
    const [row] = await tx
      .insert(skillsBooking)
      .values({ sessionId: toSessionId, userId: seat.userId, courseId: to.courseId, enrolmentId: seat.enrolmentId, status: "booked", createdAt: at, bookedAt: at, bookedBy: adminId, orderId: seat.orderId })
      .returning({ id: skillsBooking.id });
    await tx.update(skillsSession).set({ seatsTaken: toTaken + 1, updatedAt: at }).where(eq(skillsSession.id, toSessionId));
    await queueJob({ kind: "skillsSessionMail", bookingId: row!.id, event: "moved", previousBookingId: seat.id }, tx);
    await recordAudit(tx, {
      actorId: adminId,
      action: "skills_booking.moved",
      subject: { type: "user", id: seat.userId },
      before: { sessionId: fromSessionId, bookingId: seat.id },
      after: { sessionId: toSessionId, bookingId: row!.id },
    });
    return { ok: true, message: M.moved, bookingId: row!.id };
  });
}

/** A learner promoted from the waiting list takes the seat offered to them, before the offer lapses. */
export async function confirmOffer(userId: string, sessionId: number): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    const session = await lockSession(tx, sessionId);
    if (!session) return { ok: false, message: M.notFound, status: 404 };
    if (session.status !== "open") return { ok: false, message: M.notOpen, status: 409 };
    const [offer] = await tx
      .select({ id: skillsBooking.id, expires: skillsBooking.offerExpiresAt })
      .from(skillsBooking)
      .where(and(eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.userId, userId), eq(skillsBooking.status, "offered")))
      .limit(1);
    if (!offer) return { ok: false, message: M.noBooking, status: 404 };
    if (offer.expires && offer.expires <= now()) {
      await expireOffers(tx, session);
      return { ok: false, message: M.offerExpired, status: 409 };
    }
    await tx.update(skillsBooking).set({ status: "booked", bookedAt: now() }).where(eq(skillsBooking.id, offer.id));
    await queueJob({ kind: "skillsSessionMail", bookingId: offer.id, event: "booked" }, tx);
    return { ok: true, message: M.confirmed };
  });
}

export interface MyBooking {
  id: number;
  status: BookingStatus;
  offerExpiresAt: Date | null;
  cancelUntil: Date;
  canCancel: boolean;
  attendance: string | null;
  result: string | null;
  /** Bought online: cancelling it in time refunds the order. */
  paid: boolean;
  session: SessionView;
}

/** The learner's own booking in a session (the live one, else the latest), or null. */
export async function myBookingIn(userId: string, sessionId: number): Promise<MyBooking | null> {
  const session = await getSession(sessionId);
  if (!session) return null;
  const [row] = await db()
    .select()
    .from(skillsBooking)
    .where(and(eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.userId, userId)))
    .orderBy(desc(skillsBooking.createdAt), desc(skillsBooking.id))
    .limit(1);
  return row ? toMyBooking(row, sessionView(session)) : null;
}

function toMyBooking(row: typeof skillsBooking.$inferSelect, session: SessionView): MyBooking {
  const cancelUntil = cancelDeadline(session.startsAt, session.cancelHoursBefore);
  const status = row.status as BookingStatus;
  return {
    id: row.id,
    status,
    offerExpiresAt: row.offerExpiresAt,
    cancelUntil,
    canCancel: status === "waiting" || status === "offered" || (status === "booked" && now() <= cancelUntil),
    attendance: row.attendance,
    result: row.result,
    paid: row.orderId !== null,
    session,
  };
}

/** The learner's bookings for the dashboard: live ones and the sessions they attended, newest first. */
export async function listMyBookings(userId: string): Promise<MyBooking[]> {
  const rows = await db()
    .select()
    .from(skillsBooking)
    .where(and(eq(skillsBooking.userId, userId), inArray(skillsBooking.status, [...LIVE, "closed"])))
    .orderBy(desc(skillsBooking.createdAt))
    .limit(20);
  const out: MyBooking[] = [];
  for (const row of rows) {
    const session = await getSession(row.sessionId);
    if (session) out.push(toMyBooking(row, sessionView(session)));
  }
  return out;
}

/** Has the learner completed the course's online theory (the condition to book its skills session)? */
export async function theoryPassed(userId: string, courseId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: enrolment.id })
    .from(enrolment)
    .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, courseId), isNotNull(enrolment.completedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The dashboard's "Sesiones prácticas": the learner's bookings, and the courses whose theory they passed that have
 * a skills session they have not booked yet. Null when there is nothing to show (most learners): one query then.
 */
export async function dashboardSessions(userId: string) {
  const [bookings, completed] = await Promise.all([
    listMyBookings(userId),
    db()
      .select({ courseId: enrolment.courseId, title: course.title, slug: course.slug })
      .from(enrolment)
      .innerJoin(course, eq(course.id, enrolment.courseId))
      .where(and(eq(enrolment.userId, userId), isNotNull(enrolment.completedAt))),
  ]);
  const booked = new Set(bookings.filter((b) => b.status !== "cancelled" && b.status !== "expired").map((b) => b.session.courseId));
  const suggestions = [];
  for (const c of completed) if (!booked.has(c.courseId) && (await checklistFor(c.slug))) suggestions.push({ courseId: c.courseId, title: c.title });
  if (bookings.length === 0 && suggestions.length === 0) return null;
  return { bookings, suggestions };
}
