// A relator's credential is valid through its expiry day (Chile's calendar): past it, the relator can be given no
// new session and cannot sign one off; the admin sees it flagged. The clock is moved across the expiry.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as adminInstructors from "~/routes/admin/relatores";
import * as adminSessions from "~/routes/admin/sesiones";
import * as adminSession from "~/routes/admin/sesion";
import * as instructorPage from "~/routes/relator/sesion";
import { chileLocalToInstant } from "~/domain/chile-time";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import {
  bookingsOf,
  instructorPost,
  learnerPost,
  makeInstructor,
  renewCredential,
  scheduleSession,
  sessionFields,
  sessionRow,
  theoryLearner,
  type TestUser,
} from "./support";

const EXPIRES = "2027-03-10";
const chile = (local: string) => chileLocalToInstant(local)!;

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Administradora" });
});
afterEach(() => resetClock());

const schedule = (instructorId: string, startsAt: string) =>
  call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(instructorId, { startsAt }), { cookie: admin.cookie }));

describe("a relator whose credential has expired", () => {
  it("is given no session after the expiry day, and none at all once it has passed; the admin sees it flagged", async () => {
    freezeClock(chile("2027-03-01T09:00"));
    const relator = await makeInstructor(admin, "Rosa Vidal", EXPIRES);
    // The last valid day, late in the evening, is still within the credential.
    await scheduleSession(admin, relator.id, { startsAt: "2027-03-10T21:00" });
    const after = await schedule(relator.id, "2027-03-11T09:00");
    expect(after.status).toBe(400);
    expect(after.data.fieldErrors).toEqual({ instructorId: M.instructorExpiresBefore(EXPIRES) });
    expect(after.data.fieldErrors.instructorId).toBe(
      "La credencial de este relator vence el 10 de marzo de 2027, antes de la sesión. Actualiza su vigencia en Relatores o elige otro relator.",
    );
    expect(after.data.values).toMatchObject({ startsAt: "2027-03-11T09:00", instructorId: relator.id });
    const listed = async () => (await call(adminInstructors.loader, getRequest("/admin/relatores", admin.cookie))).data.instructors.find((i: { userId: string }) => i.userId === relator.id);
    expect((await listed()).expired).toBe(false);

    // Midnight in Santiago: the credential has lapsed.
    freezeClock(chile("2027-03-11T00:01"));
    const later = await schedule(relator.id, "2027-03-20T09:00");
    expect(later.data.fieldErrors).toEqual({ instructorId: M.instructorExpired(EXPIRES) });
    expect((await listed()).expired).toBe(true);
    const page = await call(adminSessions.loader, getRequest("/admin/sesiones", admin.cookie));
    const option = page.data.instructors.find((i: { userId: string }) => i.userId === relator.id);
    expect(option.expired).toBe(true);
    const rows = page.data.sessions.filter((s: { instructorName: string }) => s.instructorName === "Rosa Vidal");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((s: { credentialWarning: boolean }) => s.credentialWarning)).toBe(true);

    // Renewed, the relator takes sessions again and the flag goes.
    await renewCredential(admin, relator, "Rosa Vidal", "2029-03-10");
    expect((await schedule(relator.id, "2027-03-20T09:00")).status).toBe(200);
    expect((await listed()).expired).toBe(false);
  });

  it("cannot sign off a session once the credential has lapsed: the page says so; renewed, the sign-off goes through", async () => {
    freezeClock(chile("2027-03-01T09:00"));
    const relator = await makeInstructor(admin, "Tomás Fuentes", EXPIRES);
    const id = await scheduleSession(admin, relator.id, { startsAt: "2027-03-10T22:00" });
    const ana = await theoryLearner("Ana Pérez");
    expect((await learnerPost(ana.cookie, id, "book")).status).toBe(200);
    const [booking] = await bookingsOf(id);

    freezeClock((await sessionRow(id)).startsAt);
    const open = await call(instructorPage.loader, getRequest(`/relator/sesiones/${id}`, relator.cookie), { id: String(id) });
    expect(open.data.signOffBlocked).toBeNull();
    expect((await instructorPost(relator.cookie, id, { intent: "attendance", bookingId: String(booking!.id), attendance: "absent" })).status).toBe(200);

    // The session ran past midnight: the expiry day is over.
    freezeClock(chile("2027-03-11T00:30"));
    const refused = await instructorPost(relator.cookie, id, { intent: "signoff" });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(M.signOffExpired(EXPIRES));
    expect(refused.data.message).toBe("Tu credencial de relator venció el 10 de marzo de 2027: no puedes firmar la sesión. Pide a la academia que actualice su vigencia.");
    expect((await sessionRow(id)).status).toBe("open");
    const blocked = await call(instructorPage.loader, getRequest(`/relator/sesiones/${id}`, relator.cookie), { id: String(id) });
    expect(blocked.data.signOffBlocked).toBe(M.signOffExpired(EXPIRES));
    const adminView = await call(adminSession.loader, getRequest(`/admin/sesiones/${id}`, admin.cookie), { id: String(id) });
    expect(adminView.data.session.credentialWarning).toBe(M.instructorExpired(EXPIRES));

    await renewCredential(admin, relator, "Tomás Fuentes", "2029-03-10");
    expect((await instructorPost(relator.cookie, id, { intent: "signoff" })).data.message).toBe(M.signedOff);
    expect((await sessionRow(id)).status).toBe("done");
  });

  it("a profile without an expiry date never lapses", async () => {
    freezeClock(chile("2027-03-01T09:00"));
    const relator = await makeInstructor(admin, "Inés Araya", "");
    expect((await schedule(relator.id, "2035-01-10T09:00")).status).toBe(200);
  });
});
