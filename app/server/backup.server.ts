// Backups: one dated tar file in DATA_DIR/backups with a consistent copy of the database and the uploaded
// files. The embedded database belongs to the running server (one process may open it), so the server
// itself writes the backup when asked through a token-guarded internal endpoint; with no server running
// the data directory is opened directly. PostgreSQL is dumped with pg_dump.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import type { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "./db/data-dir-lock.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./db/data-dir.server";
import { createEmbeddedPglite, dbHandle, openDb } from "./db/client.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

export const BACKUP_ENDPOINT_PATH = "/__academia/backup";
const FORMAT = "academia-backup";
const FORMAT_VERSION = 1;
const PGLITE_ENTRY = "db/pgdata.tar.gz";
const POSTGRES_ENTRY = "db/postgres.dump";

export interface BackupResult {
  file: string;
  bytes: number;
  files: number;
  database: "pglite" | "postgres";
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: "pglite" | "postgres";
  pgliteVersion?: string;
  files: number;
  filesBytes: number;
}

// ---------------------------------------------------------------------------------------------------
// A minimal ustar writer and reader: enough for our own archives, readable with `tar tf` as well.

const BLOCK = 512;

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) {
      throw new Error(`Path too long for the backup archive: ${name}`);
    }
  }
  if (size >= 8 * 1024 ** 3) throw new Error(`File too large for the backup archive: ${name}`);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0") + "\0";
  header.write(base, 0, 100, "utf8");
  header.write(octal(0o600, 8), 100, "ascii");
  header.write(octal(0, 8), 108, "ascii");
  header.write(octal(0, 8), 116, "ascii");
  header.write(octal(size, 12), 124, "ascii");
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  header.write("        ", 148, "ascii");
  header.write("0", 156, "ascii");
  header.write("ustar\0", 257, "ascii");
  header.write("00", 263, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "ascii");
  return header;
}

class TarWriter {
  private position = 0;
  constructor(private readonly handle: fs.promises.FileHandle) {}

  private async write(bytes: Uint8Array) {
    await this.handle.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }

  private async pad(size: number) {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest));
  }

  async addBytes(name: string, bytes: Uint8Array, mtime = new Date()) {
    await this.write(tarHeader(name, bytes.length, mtime));
    await this.write(bytes);
    await this.pad(bytes.length);
  }

  async addFile(name: string, source: string) {
    const stat = await fs.promises.stat(source);
    await this.write(tarHeader(name, stat.size, stat.mtime));
    let copied = 0;
    for await (const chunk of fs.createReadStream(source)) {
      const bytes = chunk as Buffer;
      if (copied + bytes.length > stat.size) throw new Error(`${source} grew while being backed up`);
      await this.write(bytes);
      copied += bytes.length;
    }
    if (copied !== stat.size) throw new Error(`${source} shrank while being backed up`);
    await this.pad(stat.size);
  }

  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  offset: number;
}

/** Lists the entries of a tar file written by this module (regular files only). */
export async function readTarEntries(file: string): Promise<TarEntry[]> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    let position = 0;
    while (position + BLOCK <= total) {
      await handle.read(header, 0, BLOCK, position);
      if (header.every((b) => b === 0)) break;
      const field = (start: number, length: number) => header.subarray(start, start + length).toString("utf8").replace(/\0.*$/s, "");
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
      if (parseInt(field(148, 8).trim(), 8) !== sum) throw new Error(`${file} is not a valid backup (damaged archive header)`);
      const size = parseInt(field(124, 12).trim() || "0", 8);
      const prefix = field(345, 155);
      const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
      const type = field(156, 1);
      if (type === "0" || type === "") entries.push({ name, size, offset: position + BLOCK });
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (position > total) throw new Error(`${file} is not a complete backup (truncated archive)`);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

async function readEntry(file: string, entry: TarEntry): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const bytes = Buffer.alloc(entry.size);
    await handle.read(bytes, 0, entry.size, entry.offset);
    return bytes;
  } finally {
    await handle.close();
  }
}

async function copyEntryTo(file: string, entry: TarEntry, target: string) {
  await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const tmp = `${target}.${process.pid}.restore.tmp`;
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(tmp, { mode: PRIVATE_FILE_MODE });
    const source = entry.size
      ? fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 })
      : null;
    out.on("error", reject).on("finish", resolve);
    if (!source) return out.end();
    source.on("error", reject).pipe(out);
  });
  await fs.promises.rename(tmp, target);
}

// ---------------------------------------------------------------------------------------------------
// Writing a backup.

function stamp(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");
}

async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      // Half-written uploads end in .tmp and are renamed into place when complete.
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) out.push(path.relative(root, full).split(path.sep).join("/"));
    }
  }
  await walk(root);
  return out.sort();
}

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
 * Writes DATA_DIR/backups/academia-<UTC stamp>.tar: the database dump taken first, then the files.
 * Files are content-addressed and written before the rows that name them, so every file the dump refers
 * to is already on disk when the copy starts. The archive appears under its final name only when complete.
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
  const filesDir = path.join(options.dataDir, "files");
  const handle = await fs.promises.open(partial, "wx", PRIVATE_FILE_MODE);
  let files = 0;
  let filesBytes = 0;
  try {
    const tar = new TarWriter(handle);
    if (options.database.kind === "pglite") await tar.addBytes(PGLITE_ENTRY, options.database.tarball, now);
    else await tar.addFile(POSTGRES_ENTRY, options.database.dumpFile);
    for (const key of await listFiles(filesDir)) {
      await tar.addFile(`files/${key}`, path.join(filesDir, key));
      files++;
      filesBytes += (await fs.promises.stat(path.join(filesDir, key))).size;
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: options.database.kind,
      pgliteVersion: options.database.kind === "pglite" ? pgliteVersion() : undefined,
      files,
      filesBytes,
    };
    await tar.addBytes("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), now);
    await tar.finish();
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(partial, file);
  const { size } = await fs.promises.stat(file);
  return { file, bytes: size, files, database: options.database.kind };
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

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"], env: { ...process.env, ...extraEnv } });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (error) => reject(new Error(`${command} could not be started: ${error.message}`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`))));
  });
}

/** PostgreSQL: pg_dump (custom format) of DATABASE_URL plus the files, in the same archive layout. */
export async function backupPostgres(databaseUrl: string, dataDir: string): Promise<BackupResult> {
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "academia-pgdump-"));
  try {
    const dumpFile = path.join(tmp, "academia.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", dumpFile, "--dbname", databaseUrl]);
    return await writeBackup({ dataDir, database: { kind: "postgres", dumpFile } });
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// The internal endpoint: the backup script finds the running server's address and a one-boot token in
// DATA_DIR/backup-endpoint.json (mode 0600, so only the academy's own user can ask for a backup).

interface EndpointInfo {
  pid: number;
  url: string;
  token: string;
}

let endpointToken: string | undefined;
let running: Promise<BackupResult> | undefined;

export function endpointFile(dataDir: string) {
  return path.join(dataDir, "backup-endpoint.json");
}

/** Called once the embedded database is open: publishes where and how to ask this process for a backup. */
export async function publishBackupEndpoint() {
  const config = env();
  endpointToken = crypto.randomBytes(32).toString("base64url");
  const host = ["0.0.0.0", "::", ""].includes(config.HOST) ? "127.0.0.1" : config.HOST;
  const info: EndpointInfo = {
    pid: process.pid,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}${BACKUP_ENDPOINT_PATH}`,
    token: endpointToken,
  };
  const file = endpointFile(config.DATA_DIR);
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.mkdir(config.DATA_DIR, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.promises.writeFile(tmp, JSON.stringify(info) + "\n", { mode: PRIVATE_FILE_MODE });
  await fs.promises.chmod(tmp, PRIVATE_FILE_MODE);
  await fs.promises.rename(tmp, file);
}

function tokenMatches(given: string | undefined): boolean {
  if (!endpointToken || !given) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(endpointToken).digest();
  return crypto.timingSafeEqual(a, b);
}

export const backupRoute: RequestHandler = (req, res) => {
  const bearer = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
  if (!tokenMatches(bearer)) {
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  if (running) {
    res.status(409).json({ error: "A backup is already running" });
    return;
  }
  running = backupRunningServer();
  running
    .then((result) => {
      logger.info(result, "backup written");
      res.status(200).json(result);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "backup failed");
      res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => {
      running = undefined;
    });
};

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Asks the server running on DATA_DIR for a backup; undefined when no server is running there. */
export async function requestServerBackup(dataDir: string): Promise<BackupResult | undefined> {
  let info: EndpointInfo;
  try {
    info = JSON.parse(await fs.promises.readFile(endpointFile(dataDir), "utf8")) as EndpointInfo;
  } catch {
    return undefined;
  }
  if (!processAlive(info.pid)) return undefined;
  let response: Response;
  try {
    response = await fetch(info.url, { method: "POST", headers: { authorization: `Bearer ${info.token}` } });
  } catch (error) {
    throw new Error(`The academy (PID ${info.pid}) holds the database but did not answer at ${info.url}: ${String(error)}`);
  }
  const body = (await response.json().catch(() => ({}))) as BackupResult & { error?: string };
  if (!response.ok) throw new Error(`The academy could not write the backup (${response.status}): ${body.error ?? "unknown error"}`);
  return body;
}

// ---------------------------------------------------------------------------------------------------
// Restoring into a stopped academy.

export interface RestoreResult {
  database: "pglite" | "postgres";
  files: number;
  previousDb?: string;
  counts: Record<string, number>;
}

export async function readManifest(file: string): Promise<{ manifest: BackupManifest; entries: TarEntry[] }> {
  const entries = await readTarEntries(file);
  const entry = entries.find((e) => e.name === "manifest.json");
  if (!entry) throw new Error(`${file} is not an Academia backup (no manifest.json)`);
  const manifest = JSON.parse((await readEntry(file, entry)).toString("utf8")) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version > FORMAT_VERSION) {
    throw new Error(`${file} is not an Academia backup this version can read (format ${manifest.format} v${manifest.version})`);
  }
  return { manifest, entries };
}

async function restoreFiles(file: string, entries: TarEntry[], dataDir: string) {
  let files = 0;
  const filesDir = path.join(dataDir, "files");
  for (const entry of entries) {
    if (!entry.name.startsWith("files/")) continue;
    const key = entry.name.slice("files/".length);
    const target = path.resolve(filesDir, key);
    if (!target.startsWith(filesDir + path.sep) || key.split("/").includes("..")) throw new Error(`Unsafe path in backup: ${entry.name}`);
    // Content-addressed: a file already present under its name has the same bytes.
    if (!fs.existsSync(target)) await copyEntryTo(file, entry, target);
    files++;
  }
  return files;
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

/**
 * Restores a backup into DATA_DIR (embedded database) or DATABASE_URL (PostgreSQL). The academy must be
 * stopped; the embedded database it replaces is kept beside it as db.replaced-<stamp>.
 */
export async function restoreBackup(file: string, options: { dataDir: string; databaseUrl?: string }): Promise<RestoreResult> {
  const { manifest, entries } = await readManifest(file);
  const { dataDir, databaseUrl } = options;
  if (manifest.database === "postgres") {
    if (!databaseUrl) throw new Error("This backup is of a PostgreSQL database: set DATABASE_URL to the (empty or replaceable) target database");
    const dump = entries.find((e) => e.name === POSTGRES_ENTRY);
    if (!dump) throw new Error(`${file} has no database dump`);
    const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "academia-restore-"));
    try {
      const dumpFile = path.join(tmp, "academia.dump");
      await copyEntryTo(file, dump, dumpFile);
      await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--dbname", databaseUrl, dumpFile]);
    } finally {
      await fs.promises.rm(tmp, { recursive: true, force: true });
    }
    const files = await restoreFiles(file, entries, dataDir);
    const handle = await openDb({ url: databaseUrl });
    try {
      const counts = await countRows(async (q) => ((await handle.db.execute(q)) as unknown as Array<{ n: number }>)[0]!.n);
      return { database: "postgres", files, counts };
    } finally {
      await handle.close();
    }
  }
  if (databaseUrl) throw new Error("This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR");
  const tarballEntry = entries.find((e) => e.name === PGLITE_ENTRY);
  if (!tarballEntry) throw new Error(`${file} has no database dump`);
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
    const tarball = await readEntry(file, tarballEntry);
    let pg: PGlite | undefined;
    try {
      pg = await createEmbeddedPglite(dbDir, { loadDataDir: new Blob([new Uint8Array(tarball)]), relaxedDurability: false });
      const client = pg;
      const counts = await countRows(async (q) => (await client.query<{ n: number }>(q)).rows[0]!.n);
      await pg.close();
      pg = undefined;
      const files = await restoreFiles(file, entries, dataDir);
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
