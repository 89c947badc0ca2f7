// The instructor's side: only their own sessions; attendance; every checklist item answered; the sign-off that
// closes the session and turns the passed learners' certificates into teórico-práctico ones.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as instructorPage from "~/routes/relator/sesion";
import * as instructorHome from "~/routes/relator/index";
import * as printable from "~/routes/relator/lista";
import * as certificatePage from "~/routes/certificado";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { certificate, skillsBooking, skillsCheck } from "~/server/platform/db/schema";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { bookingsOf, instructorPost, learnerPost, makeInstructor, scheduleSession, sessionRow, theoryLearner, type TestUser } from "./support";

const RCP_ITEMS = ["scene-safety", "responsiveness", "call-131-aed", "compression-rate", "compression-depth", "full-recoil", "minimal-interruptions", "aed-pads", "safe-shock"];
const allPass = (bookingId: number, over: Record<string, string> = {}) => ({
  intent: "checklist",
  bookingId: String(bookingId),
  ...Object.fromEntries(RCP_ITEMS.map((k) => [`item:${k}`, "pass"])),
  ...over,
});

let admin: TestUser;
let relator: TestUser;
let otherRelator: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  relator = await makeInstructor(admin, "Carla Soto");
  otherRelator = await makeInstructor(admin, "Pedro Rojas");
});
afterEach(() => resetClock());

async function sessionWithTwo() {
  const id = await scheduleSession(admin, relator.id);
  const ana = await theoryLearner("Ana Pérez");
  const beto = await theoryLearner("Beto Díaz");
  for (const l of [ana, beto]) await issueCertificateForEnrolment(db(), l.enrolmentId);
  await learnerPost(ana.cookie, id, "book");
  await learnerPost(beto.cookie, id, "book");
  const rows = await bookingsOf(id);
  const bookingOf = (u: { id: string }) => rows.find((r) => r.userId === u.id)!.id;
  return { id, ana, beto, anaBooking: bookingOf(ana), betoBooking: bookingOf(beto) };
}

describe("the instructor's pages", () => {
  it("an instructor sees only their own sessions; a learner is no instructor", async () => {
    const { id, ana, anaBooking } = await sessionWithTwo();
    const own = await call(instructorPage.loader, getRequest(`/relator/sesiones/${id}`, relator.cookie), { id: String(id) });
    expect(own.data.entries.map((e: { name: string }) => e.name)).toEqual(["Ana Pérez", "Beto Díaz"]);
    const foreign = await call(instructorPage.loader, getRequest(`/relator/sesiones/${id}`, otherRelator.cookie), { id: String(id) });
    expect(foreign.status).toBe(404);
    expect((await call(printable.loader, getRequest(`/relator/sesiones/${id}/lista`, otherRelator.cookie), { id: String(id) })).status).toBe(404);
    expect((await call(instructorPage.loader, getRequest(`/relator/sesiones/${id}`, ana.cookie), { id: String(id) })).location).toBe("/dashboard");
    const home = await call(instructorHome.loader, getRequest("/relator", otherRelator.cookie));
    expect(home.data.sessions.map((s: { id: number }) => s.id)).not.toContain(id);
    // Another instructor cannot write to it either, even when the session is under way.
    freezeClock((await sessionRow(id)).startsAt);
    const write = await instructorPost(otherRelator.cookie, id, { intent: "attendance", bookingId: String(anaBooking), attendance: "present" });
    expect(write.status).toBe(404);
    expect((await instructorPost(ana.cookie, id, { intent: "attendance", bookingId: String(anaBooking), attendance: "present" })).location).toBe("/dashboard");
    expect((await bookingsOf(id)).every((b) => b.attendance === null)).toBe(true);
  });

  it("attendance opens an hour before the start", async () => {
    const { id, anaBooking } = await sessionWithTwo();
    const early = await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(anaBooking), attendance: "present" });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe(M.tooEarly);
  });

  it("a checklist with an item left unanswered is refused and names the item; absent learners are not assessed", async () => {
    const { id, anaBooking, betoBooking } = await sessionWithTwo();
    freezeClock((await sessionRow(id)).startsAt);
    expect((await instructorPost(relator.cookie, id, allPass(anaBooking))).data.message).toBe(M.notPresent);
    await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(anaBooking), attendance: "present" });
    const partial = await instructorPost(relator.cookie, id, allPass(anaBooking, { "item:aed-pads": "" }));
    expect(partial.status).toBe(400);
    expect(partial.data).toMatchObject({ message: M.checklistIncomplete, missing: ["aed-pads"] });
    expect(await db().select().from(skillsCheck).where(eq(skillsCheck.bookingId, anaBooking))).toHaveLength(0);
    // A booking of another session cannot be reached through this one.
    const other = await scheduleSession(admin, relator.id);
    expect((await instructorPost(relator.cookie, other, { intent: "attendance", bookingId: String(betoBooking), attendance: "present" })).status).toBe(409);
  });

  it("sign-off: refused while someone is unrecorded; then the session is 'realizada' and a pass becomes a teórico-práctico certificate", async () => {
    const { id, ana, beto, anaBooking, betoBooking } = await sessionWithTwo();
    freezeClock(new Date((await sessionRow(id)).startsAt.getTime() + 30 * 60_000));
    await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(anaBooking), attendance: "present" });
    await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(betoBooking), attendance: "present" });
    const saved = await instructorPost(relator.cookie, id, allPass(anaBooking, { "note:compression-depth": "Buena profundidad" }));
    expect(saved.data.message).toBe(M.checklistSaved);
    expect((await instructorPost(relator.cookie, id, { intent: "signoff" })).data.message).toBe(M.signOffMissing);
    const practice = await instructorPost(relator.cookie, id, allPass(betoBooking, { "item:compression-rate": "practice", "note:compression-rate": "Ritmo lento (~90/min)" }));
    expect(practice.data.message).toBe(M.checklistSaved);
    const signed = await instructorPost(relator.cookie, id, { intent: "signoff" });
    expect(signed.data.message).toBe(M.signedOff);
    expect(await sessionRow(id)).toMatchObject({ status: "done" });
    const rows = await db().select().from(skillsBooking).where(eq(skillsBooking.sessionId, id));
    expect(rows.map((r) => [r.status, r.result]).sort()).toEqual([
      ["closed", "needs_practice"],
      ["closed", "pass"],
    ]);
    const [anaCert] = await db().select().from(certificate).where(eq(certificate.enrolmentId, ana.enrolmentId));
    expect(anaCert!.kind).toBe("theory_practice");
    expect(anaCert!.skills).toMatchObject({ instructorName: "Carla Soto", credential: "Instructora BLS AHA n.º 4521", place: "Av. Providencia 1234, Providencia" });
    expect(anaCert!.skills!.assessed).toContain("Comprime con una profundidad de 5 a 6 cm");
    const [betoCert] = await db().select().from(certificate).where(eq(certificate.enrolmentId, beto.enrolmentId));
    expect(betoCert!.kind).toBe("theory");
    // The verification page says which kind it is.
    const code = formatCertificateCode(anaCert!.code);
    const page = await call(certificatePage.loader, getRequest(`/certificados/${code}`), { code });
    expect(page.data.certificate).toMatchObject({ kind: "theory_practice", practical: { credential: "Instructora BLS AHA n.º 4521" } });
    const theoryOnly = formatCertificateCode(betoCert!.code);
    expect((await call(certificatePage.loader, getRequest(`/certificados/${theoryOnly}`), { code: theoryOnly })).data.certificate).toMatchObject({ kind: "theory", practical: null });
    // Signed is final: no more changes.
    const after = await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(betoBooking), attendance: "absent" });
    expect(after.data.message).toBe(M.sessionClosed);
  });

  it("two sign-offs at once: one signs, the other is told the session is closed", async () => {
    const { id, anaBooking, betoBooking } = await sessionWithTwo();
    freezeClock((await sessionRow(id)).startsAt);
    await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(anaBooking), attendance: "absent" });
    await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(betoBooking), attendance: "absent" });
    const both = await Promise.all([instructorPost(relator.cookie, id, { intent: "signoff" }), instructorPost(relator.cookie, id, { intent: "signoff" })]);
    expect(both.map((r) => r.data.message).sort()).toEqual([M.sessionClosed, M.signedOff].sort());
  });
});
