// The production server (`node server.js` on a production build) on THIS test file's database, seeded by the
// test with the same helpers as any integration test (companies, managers, orders…) before it starts:
//  - TEST_DB=postgres: the server connects to the file's own database, so the test can seed and read it at any
//    time while the server runs;
//  - TEST_DB=pglite: the file's in-memory database is copied (dumpDataDir) into the server's DATA_DIR/db before
//    the server starts; afterwards the two are separate, so such a test reads what the server did over HTTP.
// Cookies made by the test (createUser) work against the server: both sign with the secret kept in the database.
import fs from "node:fs";
import path from "node:path";
import { createEmbeddedPglite, dbHandle } from "~/server/platform/db/client.server";
import { BuiltServer, ensureProductionBuild, tempDir } from "./built-server";

export interface SeededServer {
  server: BuiltServer;
  dataDir: string;
  /** Whether the test and the server share one live database (PostgreSQL). */
  shared: boolean;
  stop(): Promise<void>;
}

export async function startSeededServer(options: { prefix: string; env?: Record<string, string> }): Promise<SeededServer> {
  await ensureProductionBuild();
  const dataDir = tempDir(options.prefix);
  const url = process.env.TEST_DB === "postgres" ? process.env.TEST_FILE_DATABASE_URL : undefined;
  if (!url) {
    const tarball = await dbHandle().dumpDataDir!();
    const pg = await createEmbeddedPglite(path.join(dataDir, "db"), { loadDataDir: new Blob([new Uint8Array(tarball)]) });
    await pg.close();
  }
  // BETTER_AUTH_SECRET empty: the server uses the secret the test's sign-ups stored in the database.
  const server = await BuiltServer.start({ dataDir, databaseUrl: url, env: { BETTER_AUTH_SECRET: "", ...options.env } });
  return {
    server,
    dataDir,
    shared: !!url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie made for http://localhost:3000 (the integration tests' base) works on any host: only its value counts. */
export function originHeaders(server: BuiltServer, cookie?: string): Record<string, string> {
  return { origin: server.base, ...(cookie ? { cookie } : {}) };
}
