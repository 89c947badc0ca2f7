// A later look at a session whose waiting list offered a seat: an offer nobody confirmed in time lapses and the
// seat goes to the next in line. Booking, cancelling and confirming look too, so this is a backstop.
import { z } from "zod";
import { defineJob } from "../../platform/outbox/jobs.server";
import { expireSessionOffers } from "../bookings.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    skillsOfferExpiry: { sessionId: number };
  }
}

defineJob("skillsOfferExpiry", {
  payload: z.object({ sessionId: z.number().int() }),
  run: ({ sessionId }) => expireSessionOffers(sessionId),
});
