// The retention job removes what is past its configured time, reports it, and removes nothing more when run again.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, contactMessage, loginAttempt, outbox, session } from "~/server/platform/db/schema";
import { runJob } from "~/server/platform/outbox/jobs.server";
import { applyRetention, ensureRetentionScheduled } from "~/server/privacy/jobs/retention.server";
import { createUser } from "../support/users";

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("retention", () => {
  it("removes old sign-in history, mails and handled messages once, keeps the recent ones, and reports it", async () => {
    const person = await createUser();
    await db().insert(session).values([
      { id: "old-session", token: "t-old", userId: person.id, expiresAt: ago(200), ipAddress: "10.0.0.1" },
      { id: "new-session", token: "t-new", userId: person.id, expiresAt: ago(-5) },
    ]);
    await db().insert(loginAttempt).values([{ key: "email:viejo@academia.test", attemptedAt: ago(120) }, { key: "email:nuevo@academia.test", attemptedAt: ago(1) }]);
    await db().insert(outbox).values([
      { kind: "mail", payload: { mail: { to: "viejo@academia.test", subject: "x", text: "x" } }, status: "sent", createdAt: ago(400) },
      { kind: "mail", payload: { mail: { to: "viejo2@academia.test", subject: "x", text: "x" } }, status: "pending", createdAt: ago(400) },
      { kind: "mail", payload: { mail: { to: "nuevo@academia.test", subject: "x", text: "x" } }, status: "sent", createdAt: ago(10) },
    ]);
    await db().insert(contactMessage).values([
      { name: "A", email: "a@academia.test", subject: "s", message: "m", handledAt: ago(800) },
      { name: "B", email: "b@academia.test", subject: "s", message: "m", handledAt: null, createdAt: ago(800) },
    ]);

    const first = await applyRetention();
    expect(first).toMatchObject({ sessions: 1, loginAttempts: 1, mails: 1, contactMessages: 1 });
    const left = (await db().select({ id: session.id }).from(session).where(eq(session.userId, person.id))).map((s) => s.id);
    expect(left).toContain("new-session");
    expect(left).not.toContain("old-session");
    // A mail still waiting to be delivered is never removed, however old.
    expect(await db().select().from(outbox).where(eq(outbox.status, "pending"))).toHaveLength(1);
    expect((await db().select().from(contactMessage)).map((m) => m.name)).toEqual(["B"]);
    const audits = await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.retention"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ sessions: 1, mails: 1 });

    const second = await applyRetention();
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    expect(await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.retention"))).toHaveLength(1);
  });

  it("is scheduled once, and each run queues the next", async () => {
    await ensureRetentionScheduled();
    await ensureRetentionScheduled();
    const waiting = () => db().select().from(outbox).where(and(eq(outbox.kind, "privacyRetention"), eq(outbox.status, "pending")));
    expect(await waiting()).toHaveLength(1);
    await runJob("privacyRetention", { every: "day" });
    expect(await waiting()).toHaveLength(2);
    await expect(runJob("privacyRetention", {})).rejects.toThrow(/invalid payload/);
  });
});
