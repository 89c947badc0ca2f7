// Writing a backup: one dated tar file in DATA_DIR/backups with a consistent copy of the database and the
// uploaded files. The embedded database belongs to the running server (one process may open it), so the
// server itself writes the backup when asked (endpoint.server.ts); with no server running the data
// directory is opened directly. PostgreSQL is dumped with pg_dump.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/data-dir.server";
import { dbHandle, openDb } from "../db/client.server";
import { objectStore } from "../storage/object-store.server";
import { env } from "../env.server";
import { listFiles, writeArchive, type ArchivePart } from "./archive.server";
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  stamp,
  type BackupManifest,
  type BackupResult,
} from "./format.server";
import { runPgTool } from "./pg-tools.server";

function pgliteVersion(): string | undefined {
  try {
    // The package exports no package.json: find it from its entry point.
    let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    while (!fs.existsSync(path.join(dir, "package.json")) && dir !== path.dirname(dir)) dir = path.dirname(dir);
    return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/**
 * Writes DATA_DIR/backups/academia-<UTC stamp>.tar: the database dump taken first, then the files, then the
 * manifest. Files are content-addressed and written before the rows that name them, so every file the dump
 * refers to is already on disk when the copy starts. The archive appears under its final name only when
 * complete and fsynced (it is written as NAME.partial).
 */
export async function writeBackup(options: {
  dataDir: string;
  database: { kind: "pglite"; tarball: Uint8Array } | { kind: "postgres"; dumpFile: string };
  now?: Date;
}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const backupsDir = path.join(options.dataDir, "backups");
  await fs.promises.mkdir(backupsDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let file = path.join(backupsDir, `academia-${stamp(now)}.tar`);
  for (let n = 2; fs.existsSync(file); n++) file = path.join(backupsDir, `academia-${stamp(now)}-${n}.tar`);
  const partial = `${file}.partial`;
  // node-tar archives files from disk, so the database tarball and the manifest are staged first. The stage
  // is beside the backups (same disk, mkdtemp's 0700) rather than in /tmp, which may be a small tmpfs.
  const stage = await fs.promises.mkdtemp(path.join(backupsDir, ".staging-"));
  let files = 0;
  try {
    const dbEntry = path.posix.basename(options.database.kind === "pglite" ? PGLITE_ENTRY : POSTGRES_ENTRY);
    const dbPrefix = path.posix.dirname(PGLITE_ENTRY);
    const parts: ArchivePart[] = [];
    if (options.database.kind === "pglite") {
      await fs.promises.writeFile(path.join(stage, dbEntry), options.database.tarball, { mode: PRIVATE_FILE_MODE });
      parts.push({ cwd: stage, paths: [dbEntry], prefix: dbPrefix });
    } else {
      // Archived in place: the dump may be large, and its name is the entry's name.
      if (path.basename(options.database.dumpFile) !== dbEntry) throw new Error(`The PostgreSQL dump must be named ${dbEntry}`);
      parts.push({ cwd: path.dirname(options.database.dumpFile), paths: [dbEntry], prefix: dbPrefix });
    }

    // Files in a bucket stay there (the bucket's own versioning or replication keeps them; docs/operations.md):
    // the backup says where they are instead of holding them.
    const store = objectStore();
    const filesElsewhere = store.kind === "disk" ? undefined : store.describe();
    const filesDir = path.join(options.dataDir, "files");
    const keys = filesElsewhere ? [] : await listFiles(filesDir);
    files = keys.length;
    let filesBytes = 0;
    for (const key of keys) filesBytes += (await fs.promises.stat(path.join(filesDir, key))).size;
    // Listed one by one (not the directory) so the archive holds exactly what the manifest counts.
    parts.push({ cwd: options.dataDir, paths: keys.map((key) => `files/${key}`) });

    const manifest: BackupManifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: options.database.kind,
      pgliteVersion: options.database.kind === "pglite" ? pgliteVersion() : undefined,
      files,
      filesBytes,
      ...(filesElsewhere ? { filesElsewhere } : {}),
    };
    await fs.promises.writeFile(path.join(stage, MANIFEST_ENTRY), JSON.stringify(manifest, null, 2) + "\n", { mode: PRIVATE_FILE_MODE });
    parts.push({ cwd: stage, paths: [MANIFEST_ENTRY] });

    await writeArchive(partial, parts);
  } finally {
    await fs.promises.rm(stage, { recursive: true, force: true });
  }
  await fs.promises.rename(partial, file);
  const { size } = await fs.promises.stat(file);
  return { file, bytes: size, files, database: options.database.kind, filesElsewhere: objectStore().kind === "disk" ? undefined : objectStore().describe() };
}

/** Backup from inside the running server, which holds the embedded database. */
export async function backupRunningServer(): Promise<BackupResult> {
  const handle = dbHandle();
  if (!handle.dumpDataDir) throw new Error("This server uses PostgreSQL: back it up with pg_dump (npm run backup)");
  const tarball = await handle.dumpDataDir();
  return writeBackup({ dataDir: env().DATA_DIR, database: { kind: "pglite", tarball } });
}

/** Backup of an embedded database no server has open. */
export async function backupOffline(dataDir: string): Promise<BackupResult> {
  const dbDir = path.join(dataDir, "db");
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) throw new Error(`No embedded database in ${dbDir}`);
  const handle = await openDb({ dataDir: dbDir });
  try {
    const tarball = await handle.dumpDataDir!();
    return await writeBackup({ dataDir, database: { kind: "pglite", tarball } });
  } finally {
    await handle.close();
  }
}

/** PostgreSQL: pg_dump (custom format) of DATABASE_URL plus the files, in the same archive layout. */
export async function backupPostgres(databaseUrl: string, dataDir: string): Promise<BackupResult> {
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "academia-pgdump-"));
  try {
    const dumpFile = path.join(tmp, path.posix.basename(POSTGRES_ENTRY));
    await runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", dumpFile, "--dbname", databaseUrl]);
    return await writeBackup({ dataDir, database: { kind: "postgres", dumpFile } });
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
