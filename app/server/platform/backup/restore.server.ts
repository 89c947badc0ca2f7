// Restoring a backup into a stopped academy: the embedded database into DATA_DIR/db (the one it replaces
// is kept beside it), or a PostgreSQL dump into DATABASE_URL; then the missing uploaded files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "../db/data-dir-lock.server";
import { objectStore } from "../storage/object-store.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/data-dir.server";
import { createEmbeddedPglite, openDb } from "../db/client.server";
import { extractArchive, listArchive, listFiles, readArchiveEntry, type ArchiveEntry } from "./archive.server";
import { FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, PGLITE_ENTRY, POSTGRES_ENTRY, stamp, type BackupManifest } from "./format.server";
import { runPgTool } from "./pg-tools.server";

export interface RestoreResult {
  database: "pglite" | "postgres";
  files: number;
  previousDb?: string;
  counts: Record<string, number>;
}

/** Reads the manifest and checks the whole archive is there (a truncated or damaged one is refused). */
export async function readManifest(file: string): Promise<{ manifest: BackupManifest; entries: ArchiveEntry[] }> {
  const entries = await listArchive(file);
  if (!entries.some((e) => e.name === MANIFEST_ENTRY)) throw new Error(`${file} is not an Academia backup (no manifest.json)`);
  const manifest = JSON.parse((await readArchiveEntry(file, MANIFEST_ENTRY)).toString("utf8")) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version > FORMAT_VERSION) {
    throw new Error(`${file} is not an Academia backup this version can read (format ${manifest.format} v${manifest.version})`);
  }
  return { manifest, entries };
}

/**
 * Adds the backup's files that the file store lacks (DATA_DIR/files, or the bucket with STORAGE=s3) and returns
 * how many files the backup holds. On disk they are extracted into a private directory beside files/ and renamed
 * into place, so an interrupted restore never leaves a partial file under a content-addressed name (which would
 * then pass for the real one); a bucket receives each whole object or none.
 */
export async function restoreFiles(file: string, dataDir: string): Promise<number> {
  const filesDir = path.join(dataDir, "files");
  const store = objectStore();
  await fs.promises.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stage = await fs.promises.mkdtemp(path.join(dataDir, ".restore-"));
  try {
    let files = 0;
    await extractArchive(file, stage, (name) => {
      if (!name.startsWith("files/") || name.endsWith("/")) return false;
      files++;
      // Content-addressed: a file already present under its name has the same bytes.
      return store.kind !== "disk" || !fs.existsSync(path.join(dataDir, name));
    });
    const stagedFiles = path.join(stage, "files");
    for (const key of await listFiles(stagedFiles)) {
      const staged = path.join(stagedFiles, key);
      if (store.kind !== "disk") {
        if (!(await store.has(key))) await store.putFile(key, { path: staged, size: (await fs.promises.stat(staged)).size }, "application/octet-stream");
        continue;
      }
      const target = path.join(filesDir, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.promises.chmod(staged, PRIVATE_FILE_MODE);
      await fs.promises.rename(staged, target);
    }
    return files;
  } finally {
    await fs.promises.rm(stage, { recursive: true, force: true });
  }
}

const COUNTED_TABLES = ["user", "enrolment", "lesson_completion", "exam_attempt", "certificate", "asset"];

async function countRows(query: (sql: string) => Promise<number>) {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    try {
      counts[table] = await query(`select count(*)::int as n from "${table}"`);
    } catch {
      // A table introduced by a later migration may not exist in an older backup.
    }
  }
  return counts;
}

async function restorePostgres(file: string, entries: ArchiveEntry[], dataDir: string, databaseUrl: string): Promise<RestoreResult> {
  if (!entries.some((e) => e.name === POSTGRES_ENTRY)) throw new Error(`${file} has no database dump`);
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "academia-restore-"));
  try {
    await extractArchive(file, tmp, (name) => name === POSTGRES_ENTRY);
    const dumpFile = path.join(tmp, POSTGRES_ENTRY);
    await runPgTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--dbname", databaseUrl, dumpFile]);
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
  const files = await restoreFiles(file, dataDir);
  const handle = await openDb({ url: databaseUrl });
  try {
    const counts = await countRows(async (q) => ((await handle.db.execute(q)) as unknown as Array<{ n: number }>)[0]!.n);
    return { database: "postgres", files, counts };
  } finally {
    await handle.close();
  }
}

async function restoreEmbedded(file: string, entries: ArchiveEntry[], dataDir: string): Promise<RestoreResult> {
  if (!entries.some((e) => e.name === PGLITE_ENTRY)) throw new Error(`${file} has no database dump`);
  const dbDir = path.join(dataDir, "db");
  await fs.promises.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Holding the lock proves no academy is running on this DATA_DIR, and keeps one from starting meanwhile.
  const release = acquireDataDirLock(dbDir);
  try {
    let previousDb: string | undefined;
    if (fs.existsSync(dbDir) && (await fs.promises.readdir(dbDir)).length > 0) {
      previousDb = path.join(dataDir, `db.replaced-${stamp(new Date())}`);
      await fs.promises.rename(dbDir, previousDb);
    }
    await fs.promises.mkdir(dbDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const tarball = await readArchiveEntry(file, PGLITE_ENTRY);
    let pg: PGlite | undefined;
    try {
      pg = await createEmbeddedPglite(dbDir, { loadDataDir: new Blob([new Uint8Array(tarball)]), relaxedDurability: false });
      const client = pg;
      const counts = await countRows(async (q) => (await client.query<{ n: number }>(q)).rows[0]!.n);
      await pg.close();
      pg = undefined;
      const files = await restoreFiles(file, dataDir);
      return { database: "pglite", files, previousDb, counts };
    } catch (error) {
      await pg?.close().catch(() => {});
      // Put the previous database back so a failed restore leaves the academy as it was.
      if (previousDb) {
        await fs.promises.rm(dbDir, { recursive: true, force: true });
        await fs.promises.rename(previousDb, dbDir);
      }
      throw error;
    }
  } finally {
    release();
  }
}

/**
 * Restores a backup into DATA_DIR (embedded database) or DATABASE_URL (PostgreSQL). The academy must be
 * stopped; the embedded database it replaces is kept beside it as db.replaced-<stamp>.
 */
export async function restoreBackup(file: string, options: { dataDir: string; databaseUrl?: string }): Promise<RestoreResult> {
  const { manifest, entries } = await readManifest(file);
  const { dataDir, databaseUrl } = options;
  if (manifest.database === "postgres") {
    if (!databaseUrl) throw new Error("This backup is of a PostgreSQL database: set DATABASE_URL to the (empty or replaceable) target database");
    return restorePostgres(file, entries, dataDir, databaseUrl);
  }
  if (databaseUrl) throw new Error("This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR");
  return restoreEmbedded(file, entries, dataDir);
}
