// Deleting a person's data (the right of suppression, docs/privacy.md) as the personal data map says, table by
// table, in one transaction: rows are deleted or anonymised, and what another law requires stays — each kept kind
// listed with its reason for the answer the person receives. The account row itself is anonymised in place (orders
// and certificates point at it), so the e-mail and the RUT are free for a new sign-up.
import { and, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../platform/db/client.server";
import { user } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { PERSONAL_DATA, type Subject } from "./personal-data.server";

export interface KeptItem {
  item: string;
  reason: string;
  count: number;
}

/** The subject of an account, as it is before anything is erased; null for an unknown or already erased account. */
export async function subjectOf(tx: Pick<Tx, "select">, userId: string): Promise<Subject | null> {
  const [row] = await tx.select({ id: user.id, email: user.email, rut: user.rut, deletedAt: user.deletedAt }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row || row.deletedAt) return null;
  return { userId: row.id, email: row.email.toLowerCase(), rut: row.rut };
}

// Drizzle types each table's insert and update by its columns; the map holds them as plain PgTables.
type AnyTable = PgTable & { _: { columns: never } };

/** Erases `subject` everywhere, inside the caller's transaction; answers what was kept and why. */
export async function erasePerson(tx: Tx, subject: Subject): Promise<KeptItem[]> {
  const kept: KeptItem[] = [];
  for (const rule of PERSONAL_DATA) {
    if (!rule.about) continue;
    const table = rule.table as AnyTable;
    for (const step of rule.erase) {
      const where = step.where ? and(rule.about(subject), step.where(subject))! : rule.about(subject);
      if (step.do === "delete") {
        await tx.delete(table).where(where);
      } else if (step.do === "anonymise") {
        await tx.update(table).set(step.set(subject) as never).where(where);
      } else {
        const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
        const n = Number(row?.n ?? 0);
        if (n > 0) {
          kept.push({ item: step.item, reason: step.reason, count: n });
          if (step.set) await tx.update(table).set(step.set(subject) as never).where(where);
        }
      }
    }
  }
  await tx.update(user).set({ deletedAt: now(), updatedAt: now() }).where(eq(user.id, subject.userId));
  return kept;
}
