// The database handle: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { PRIVATE_DIR_MODE } from "./data-dir.server";
import { OwnerOnlyNodeFS } from "./owner-only-nodefs.server";
import { env } from "../env.server";

import type { ExtractTablesWithRelations } from "drizzle-orm";
import { queryCountLogger } from "./query-count.server";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

// Both drivers share PostgreSQL's query builder; code is written once against it.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
// A transaction handle has the same query API as the database itself.
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Embedded database only: a consistent gzipped tarball of its data directory, taken between transactions. */
  dumpDataDir?(): Promise<Uint8Array>;
}

/** The migrations the release ships (MIGRATIONS_DIR, relative to the working directory). */
/** The rows of db.execute(): an array on postgres-js, `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  if (!result) return [];
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

export function migrationsFolder() {
  return path.resolve(env().MIGRATIONS_DIR);
}
/** pg_advisory_lock key that serialises migrations across instances (any constant the app uses nowhere else). */
const MIGRATION_LOCK_KEY = 727_226_461;

/**
 * `memory` with `loadDataDir`: an in-memory database started from a tarball of another one's data directory
 * (`dumpDataDir`), which skips initdb — the tests start each file's database from one migrated copy.
 */
export type DbTarget = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

/** PGlite on a directory of this disk, its files owner-only (see owner-only-nodefs.server.ts). */
export function createEmbeddedPglite(dataDir: string, options: Omit<PGliteOptions, "dataDir" | "fs"> = {}): Promise<PGlite> {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return PGlite.create({ ...options, fs: new OwnerOnlyNodeFS(dataDir) });
}

export async function openDb(target: DbTarget): Promise<DbHandle> {
  if ("url" in target) {
    const client = postgres(target.url, {
      max: env().DB_POOL_SIZE,
      onnotice: () => {},
      // application_name: the metrics count the academy's own connections in pg_stat_activity.
      connection: { TimeZone: "UTC", application_name: "academia" },
      // Seconds before a connection attempt counts as failed: a database host that does not answer at all
      // must not hold a request (or a start-up attempt) for postgres.js's default 30 s.
      connect_timeout: 10,
    });
    const db = drizzlePostgres(client, { schema, logger: queryCountLogger() }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        // Several instances may start at once and Drizzle's migrator takes no lock: one migrates while the
        // others wait on this session lock, then find nothing left to do.
        // (Its own connection, outside the pool: ending it releases the lock whatever happens.)
        const lock = postgres(target.url, { max: 1, onnotice: () => {} });
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(db as never, { migrationsFolder: migrationsFolder() });
        } finally {
          await lock.end({ timeout: 5 });
        }
      },
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  let releaseLock = () => {};
  if ("dataDir" in target) {
    fs.mkdirSync(target.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    releaseLock = acquireDataDirLock(target.dataDir);
    // relaxedDurability stays false: a query resolves only after its writes reached the files. PGlite on
    // Node writes straight through to the OS (NODEFS) and PostgreSQL writes the WAL at every commit, so an
    // acknowledged commit survives a killed process; it runs with fsync off (see docs/operations.md).
    client = await createEmbeddedPglite(target.dataDir, { relaxedDurability: false }).catch((error: unknown) => {
      releaseLock();
      throw error;
    });
  } else {
    client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  const db = drizzlePglite(client, { schema, logger: queryCountLogger() }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query("select 1");
    },
    dumpDataDir: async () => {
      await client.exec("checkpoint");
      // PGlite runs one transaction at a time: holding its transaction lock means none is half-done.
      const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
      return new Uint8Array(await tarball.arrayBuffer());
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

let current: DbHandle | undefined;

export function setDbHandle(handle: DbHandle | undefined) {
  current = handle;
}

export function dbHandle(): DbHandle {
  if (!current) throw new Error("Database not initialised: call boot() first");
  return current;
}

export function db(): Db {
  return dbHandle().db;
}
