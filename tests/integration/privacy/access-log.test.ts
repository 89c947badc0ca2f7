// The access log records which admin opened a page showing one person's data — their user file, one of their
// orders — once per visit window, and /admin/privacidad shows it with the person's name. Someone refused the page
// leaves no entry, and neither does an unknown person.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { privacyAccessLog } from "~/server/platform/db/schema";
import { advanceClock, resetClock } from "~/server/platform/clock.server";
import { loader as userPage } from "~/routes/admin/usuario";
import { loader as orderPage } from "~/routes/admin/venta";
import { loader as privacyPage } from "~/routes/admin/privacidad";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { paidByTransfer } from "../tax-documents/support";

const openUser = (cookie: string, id: string) => call(userPage, getRequest(`/admin/usuarios/${id}`, cookie), { id });
const entries = (subjectUserId: string, action: string) =>
  db().select().from(privacyAccessLog).where(and(eq(privacyAccessLog.subjectUserId, subjectUserId), eq(privacyAccessLog.action, action)));

describe("the access log of admin pages that show a person", () => {
  it("records who opened a person's file or order, once per window, and lists it in /admin/privacidad", async () => {
    const admin = await createUser({ role: "admin", name: "Admin Mirona" });
    const otherAdmin = await createUser({ role: "admin" });
    const ana = await createUser({ name: "Ana Observada" });
    const learner = await createUser();

    expect((await openUser(admin.cookie, ana.id)).status).toBe(200);
    const [first] = await entries(ana.id, "admin.view_user");
    expect(first).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
    // A reload (or the page after one of its actions) within the window adds nothing; another admin counts apart.
    await openUser(admin.cookie, ana.id);
    await openUser(otherAdmin.cookie, ana.id);
    expect((await entries(ana.id, "admin.view_user")).map((e) => e.actorId).sort()).toEqual([admin.id, otherAdmin.id].sort());
    advanceClock(11 * 60_000);
    try {
      await openUser(admin.cookie, ana.id);
    } finally {
      resetClock();
    }
    expect(await entries(ana.id, "admin.view_user")).toHaveLength(3);

    // Refused or unknown: nothing recorded.
    expect((await openUser(learner.cookie, ana.id)).status).toBe(302);
    expect((await openUser("", ana.id)).status).toBe(302);
    expect((await openUser(admin.cookie, "no-existe")).status).toBe(404);
    expect(await db().select().from(privacyAccessLog).where(eq(privacyAccessLog.actorId, learner.id))).toEqual([]);
    expect(await entries("no-existe", "admin.view_user")).toEqual([]);

    // An order shows its buyer: opening it is recorded about the buyer.
    const sale = await paidByTransfer(ana.id, admin.id);
    expect((await call(orderPage, getRequest(`/admin/ventas/${sale.number}`, admin.cookie), { number: sale.number })).status).toBe(200);
    expect(await entries(ana.id, "admin.view_order")).toHaveLength(1);

    const listed = await call(privacyPage, getRequest("/admin/privacidad", admin.cookie));
    const rows = (listed.data as { access: { actor: string; action: string; subject: string; subjectUserId: string | null }[] }).access;
    expect(rows).toContainEqual(expect.objectContaining({ actor: admin.email, action: "Un administrador abrió su ficha de usuario", subject: "Ana Observada", subjectUserId: ana.id }));
    expect(rows).toContainEqual(expect.objectContaining({ action: "Un administrador abrió una de sus compras", subject: "Ana Observada" }));
  });
});
