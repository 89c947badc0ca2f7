// Several instances starting at once against one PostgreSQL: each runs the migrations on start.
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { openDb } from "~/server/platform/db/client.server";

describe.runIf(process.env.TEST_DB === "postgres")("migraciones con varias instancias", () => {
  it("tres instancias que arrancan a la vez sobre una base nueva migran sin fallar", async () => {
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `academia_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3].map(() => openDb({ url: url.toString() })));
    try {
      const results = await Promise.allSettled(handles.map((h) => h.migrate()));
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
      const rows = (await handles[0]!.db.execute("select count(*)::int as n from drizzle.__drizzle_migrations")) as unknown as { n: number }[];
      const journal = (await import("../../../drizzle/meta/_journal.json")).default as { entries: unknown[] };
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
