// Each integration test file gets its own fresh database: an in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (when TEST_DB=postgres).
//
// Both start from a template made once per run and kept while its inputs stay the same: every migration
// applied and the built-in catalogue loaded. Migrating and loading the catalogue cost each file seconds; a
// copy of the template costs a fraction of that. The migrations themselves are still run on an empty database
// by whichever file builds the template (and by reliability/migrations.test.ts), and every file then runs
// migrate() and loadCatalogue() again, which find nothing to do.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, vi } from "vitest";
import { migrationsFolder, openDb, setDbHandle, type DbHandle } from "~/server/platform/db/client.server";
import { parseEnv, setEnv } from "~/server/platform/env.server";
import { resetAuth } from "~/server/accounts/auth.server";
import { resetClock } from "~/server/platform/clock.server";
import { resetDatabaseAvailability } from "~/server/platform/db/availability.server";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { catalogueDir, ensureCatalogueFiles, loadCatalogue } from "~/server/catalogue/catalogue.server";
import "~/server/areas.server";

// Test files share a worker's modules (vitest.config.ts: isolate off), so what one file leaves in them must not
// reach the next. This file runs before each test file; it starts, and its afterAll ends, with the environment
// variables as they were, real timers, no spies, the configuration to be read again, the real time, no
// remembered database outage and no copy of another file's courses.
const processEnv = { ...process.env };
function forgetThePreviousFile() {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setEnv(undefined);
  resetClock();
  resetDatabaseAvailability();
  catalogueChanged();
}
forgetThePreviousFile();

let handle: DbHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

/** Every file under dir, relative paths and bytes, into the hash (sorted, so the order never changes it). */
function hashTree(hash: crypto.Hash, dir: string) {
  if (!fs.existsSync(dir)) return;
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
}

/** What a template depends on: the migrations, the catalogue this file loads and the PGlite release. */
function templateFingerprint() {
  const hash = crypto.createHash("sha256");
  hashTree(hash, migrationsFolder());
  hashTree(hash, catalogueDir());
  hash.update(JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  return hash.digest("hex").slice(0, 16);
}

/** Migrates the current database and loads the catalogue into it: what a template holds. */
async function prepare(target: DbHandle) {
  setDbHandle(target);
  await target.migrate();
  await loadCatalogue();
}

async function openPglite(): Promise<DbHandle> {
  // A tarball of the template's data directory in the system's temporary folder: a fresh embedded database
  // costs ~3 s of initdb, loading this copy ~1 s.
  const file = path.join(os.tmpdir(), `academia-pglite-template-${templateFingerprint()}.tar.gz`);
  if (fs.existsSync(file)) return openDb({ memory: true, loadDataDir: new Blob([fs.readFileSync(file)]) });
  const fresh = await openDb({ memory: true });
  await prepare(fresh);
  const tarball = await fresh.dumpDataDir!();
  // Written whole under another name, then renamed: a worker reading at the same time never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, tarball);
  fs.renameSync(partial, file);
  return fresh;
}

async function openPostgres(url: string): Promise<DbHandle> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const base = new URL(url).pathname.slice(1).slice(0, 40);
  const template = `${base}_tpl_${templateFingerprint()}`;
  const name = `academia_it_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const at = (database: string) => {
    const target = new URL(url);
    target.pathname = `/${database}`;
    return target.toString();
  };
  // One worker builds the template while the others wait on the lock; tests/integration/support/global-setup.ts
  // drops the run's templates at the end.
  // (A session lock on the admin client's one connection: CREATE DATABASE cannot run inside a transaction.)
  await admin`select pg_advisory_lock(hashtext(${template}))`;
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!exists) {
      await admin.unsafe(`create database ${template}`);
      const building = await openDb({ url: at(template) });
      try {
        await prepare(building);
      } catch (error) {
        await building.close();
        await admin.unsafe(`drop database if exists ${template} with (force)`);
        throw error;
      }
      await building.close();
    }
  } finally {
    await admin`select pg_advisory_unlock(hashtext(${template}))`;
  }
  await admin.unsafe(`create database ${name} template ${template}`);
  // A test that starts the production server on this file's database (reliability/support/seeded-server.ts).
  process.env.TEST_FILE_DATABASE_URL = at(name);
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return openDb({ url: at(name) });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-it-"));
  // The catalogue's copies (catalogue/cache.server.ts) stay on, as in production: a write path that forgets to
  // announce a course change fails here. A test that changes course rows straight in the database announces it
  // itself (support/catalogue-copies.ts, changedInTheDatabase).
  // CONTENT_DIR: a test file may point the catalogue at a small one of its own before this runs.
  setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", CONTENT_DIR: process.env.CONTENT_DIR }));
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    handle = await openPostgres(url);
  } else {
    handle = await openPglite();
  }
  setDbHandle(handle);
  resetAuth();
  await handle.migrate();
  await loadCatalogue();
  // The template's rows name the built-in lesson files; this file's own DATA_DIR gets the files themselves.
  await ensureCatalogueFiles();
});

afterAll(async () => {
  for (const key of Object.keys(process.env)) if (!(key in processEnv)) delete process.env[key];
  Object.assign(process.env, processEnv);
  forgetThePreviousFile();
  await handle?.close();
  setDbHandle(undefined);
  await dropDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
