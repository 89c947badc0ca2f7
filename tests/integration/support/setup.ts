// Each integration test file gets its own fresh database: an in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (when TEST_DB=postgres).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { migrationsFolder, openDb, setDbHandle, type DbHandle } from "~/server/db/client.server";
import { parseEnv, setEnv } from "~/server/env.server";
import { resetAuth } from "~/server/auth.server";
import { loadCatalogue } from "~/server/catalogue.server";

let handle: DbHandle | undefined;

/**
 * A migrated, empty PGlite data directory as a tarball, made once per set of migrations and kept in the
 * system's temporary folder: a fresh embedded database costs ~3 s of initdb, loading this copy ~1 s, and
 * every test file starts one. Migrating afterwards (below) then finds nothing to do.
 */
async function migratedTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  const hash = crypto.createHash("sha256");
  const migrations = migrationsFolder;
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  const file = path.join(os.tmpdir(), `academia-pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar.gz`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const template = await openDb({ memory: true });
  try {
    await template.migrate();
    const tarball = await template.dumpDataDir!();
    // Written whole under another name, then renamed: a worker reading at the same time never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, file);
    return new Uint8Array(tarball);
  } finally {
    await template.close();
  }
}
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-it-"));
  // OUTLINE_CACHE_MS 0: many tests change course rows straight in the database, which no catalogue change
  // announces; the outline cache itself is tested with it on (learning/outline-cache.test.ts).
  setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", OUTLINE_CACHE_MS: "0" }));
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `academia_it_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    handle = await openDb({ url: target.toString() });
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    handle = await openDb({ memory: true, loadDataDir: new Blob([await migratedTemplate()]) });
  }
  setDbHandle(handle);
  resetAuth();
  await handle.migrate();
  await loadCatalogue();
});

afterAll(async () => {
  await handle?.close();
  setDbHandle(undefined);
  await dropDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
