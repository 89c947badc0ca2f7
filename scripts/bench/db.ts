// Direct database access for the bench: seeding and checking, never while PGlite is held by the server.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";

export interface BenchDb {
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function openBenchDb(target: { databaseUrl?: string; dataDir: string }): Promise<BenchDb> {
  if (target.databaseUrl) {
    const client = postgres(target.databaseUrl, { max: 1, onnotice: () => {} });
    return {
      query: async <T>(sql: string) => (await client.unsafe(sql)) as unknown as T[],
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = await PGlite.create(path.join(target.dataDir, "db"));
  return {
    query: async <T>(sql: string) => {
      const results = await client.exec(sql);
      return (results[results.length - 1]?.rows ?? []) as T[];
    },
    close: () => client.close(),
  };
}
