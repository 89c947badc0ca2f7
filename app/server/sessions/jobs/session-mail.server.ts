// A skills session's mails, rendered by the worker from the booking as stored (not inside the booking's
// transaction); a booking confirmation carries the session as an .ics calendar file.
import { z } from "zod";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { sessionMailFor } from "../session-mail.server";

const EVENTS = ["booked", "waiting", "promoted", "offerExpired", "cancelled", "sessionCancelled", "signedOff", "reminder48h", "reminder2h", "moved"] as const;

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    // previousBookingId: on a move, the seat left behind, whose calendar entry the mail cancels.
    skillsSessionMail: { bookingId: number; event: (typeof EVENTS)[number]; previousBookingId?: number };
  }
}

defineJob("skillsSessionMail", {
  resendable: true,
  payload: z.object({ bookingId: z.number().int(), event: z.enum(EVENTS), previousBookingId: z.number().int().optional() }),
  async run({ bookingId, event, previousBookingId }) {
    const mail = await sessionMailFor(bookingId, event, previousBookingId);
    if (mail) await deliverMail(mail);
  },
});
