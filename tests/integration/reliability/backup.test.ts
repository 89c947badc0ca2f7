// Backups and the one-process lock of the embedded database. These tests open their own embedded
// databases on disk (whatever TEST_DB is); with TEST_DB=postgres they also back up and restore PostgreSQL.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import postgres from "postgres";
import { count, eq } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listArchive, readArchiveEntry } from "~/server/platform/backup/archive.server";
import { backupOffline, backupPostgres, writeBackup } from "~/server/platform/backup/backup.server";
import { requestServerBackup } from "~/server/platform/backup/client.server";
import { BACKUP_ENDPOINT_PATH, backupRoute, endpointFile, publishBackupEndpoint } from "~/server/platform/backup/endpoint.server";
import { readManifest, restoreBackup, restoreFiles } from "~/server/platform/backup/restore.server";
import { dbHandle, openDb, setDbHandle, type DbHandle } from "~/server/platform/db/client.server";
import { acquireDataDirLock, DataDirLockedError } from "~/server/platform/db/data-dir-lock.server";
import { asset, user } from "~/server/platform/db/schema";
import { env, setEnv } from "~/server/platform/env.server";

// Several embedded databases on disk per test: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

const tmpRoots: string[] = [];
function tmpDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-backup-it-"));
  tmpRoots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpRoots) fs.rmSync(dir, { recursive: true, force: true });
});

async function openEmbedded(dataDir: string): Promise<DbHandle> {
  const handle = await openDb({ dataDir: path.join(dataDir, "db") });
  await handle.migrate();
  return handle;
}

/** A learner and an uploaded file, as the academy would hold them. */
async function seed(handle: DbHandle, dataDir: string, email: string) {
  const bytes = crypto.randomBytes(5000);
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const storageKey = `${sha256.slice(0, 2)}/${sha256}.pdf`;
  fs.mkdirSync(path.join(dataDir, "files", sha256.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "files", storageKey), bytes);
  await handle.db.insert(asset).values({ storageKey, filename: "guia.pdf", mime: "application/pdf", size: bytes.length, sha256 });
  await handle.db.insert(user).values({ id: crypto.randomUUID(), name: "Ana Pérez 🙂", email });
  return { storageKey, sha256 };
}

// Opening an embedded database on disk for the first time runs initdb (seconds, or much more on a busy
// machine): one source database serves every embedded test.
let source: { dataDir: string; handle: DbHandle; storageKey: string; sha256: string } | undefined;
beforeAll(async () => {
  const dataDir = tmpDataDir();
  const handle = await openEmbedded(dataDir);
  source = { dataDir, handle, ...(await seed(handle, dataDir, "ana@academia.test")) };
}, 300_000);
afterAll(async () => {
  await source?.handle.close();
});

describe("base de datos embebida: un solo proceso", () => {
  it("no se abre dos veces y lo dice claramente", async () => {
    const dbDir = path.join(source!.dataDir, "db");
    await expect(openDb({ dataDir: dbDir })).rejects.toThrow(DataDirLockedError);
    await expect(openDb({ dataDir: dbDir })).rejects.toThrow(/already open in this process/);
  });

  it("un bloqueo de otro proceso vivo se respeta; el de un proceso que ya no existe se retoma", () => {
    const dir = path.join(tmpDataDir(), "db");
    const lockPath = `${dir}.lock`;
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockPath)).toBe(false);

    // Another live process (this test's parent) holds it: refused, naming the PID.
    fs.writeFileSync(lockPath, JSON.stringify({ pid: process.ppid, hostname: os.hostname(), since: "2025-01-01T00:00:00Z" }));
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by another running process \\(PID ${process.ppid}`));

    // The same PID, but another process started since (PID reused after a reboot or crash): stale.
    fs.writeFileSync(lockPath, JSON.stringify({ pid: process.ppid, hostname: os.hostname(), identity: "otro-arranque:1", since: "x" }));
    acquireDataDirLock(dir)();

    // A process that no longer exists (SIGKILL, power cut): its lock is taken over.
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid!;
    fs.writeFileSync(lockPath, JSON.stringify({ pid: dead, hostname: os.hostname(), since: "2025-01-01T00:00:00Z" }));
    const again = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
    again();
  });
});

describe("copias de seguridad de la base embebida", () => {
  let backupFile = "";

  it("una copia tomada mientras se escribe es consistente y se restaura con sus datos y archivos", async () => {
    const { handle, dataDir, storageKey, sha256 } = source!;
    // Writers keep going during the dump; each transaction adds two users, so a consistent copy holds an odd
    // number of them (Ana plus pairs).
    let writing = true;
    let pairs = 0;
    const writer = (async () => {
      while (writing && pairs < 500) {
        await handle.db.transaction(async (tx) => {
          await tx.insert(user).values({ id: crypto.randomUUID(), name: "Par A", email: `a${pairs}@academia.test` });
          await tx.insert(user).values({ id: crypto.randomUUID(), name: "Par B", email: `b${pairs}@academia.test` });
        });
        pairs++;
      }
    })();
    try {
      while (pairs < 5) await new Promise((r) => setTimeout(r, 10));
      const tarball = await handle.dumpDataDir!();
      const result = await writeBackup({ dataDir, database: { kind: "pglite", tarball } });
      backupFile = result.file;
      expect(path.dirname(result.file)).toBe(path.join(dataDir, "backups"));
      expect(path.basename(result.file)).toMatch(/^academia-\d{8}-\d{6}(-\d+)?\.tar$/);
      expect(fs.statSync(result.file).mode & 0o077).toBe(0);
      expect(result.files).toBe(1);
      // Database first, files, manifest last; no directory entries, no staging left behind.
      expect((await listArchive(result.file)).map((e) => e.name)).toEqual(["db/pgdata.tar.gz", `files/${storageKey}`, "manifest.json"]);
      expect(fs.readdirSync(path.join(dataDir, "backups")).filter((n) => n.startsWith(".") || n.endsWith(".partial"))).toEqual([]);
      const { manifest } = await readManifest(result.file);
      expect(manifest).toMatchObject({ format: "academia-backup", database: "pglite", files: 1 });
    } finally {
      writing = false;
      await writer;
    }

    const target = tmpDataDir();
    const restored = await restoreBackup(backupFile, { dataDir: target });
    expect(restored.files).toBe(1);
    expect(restored.counts.user! % 2).toBe(1);
    const copy = await openEmbedded(target);
    try {
      const [ana] = await copy.db.select().from(user).where(eq(user.email, "ana@academia.test"));
      expect(ana?.name).toBe("Ana Pérez 🙂");
      const [{ n }] = (await copy.db.select({ n: count() }).from(user)) as [{ n: number }];
      expect(n % 2).toBe(1);
      expect(n).toBeGreaterThan(1);
      const bytes = fs.readFileSync(path.join(target, "files", storageKey));
      expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(sha256);

      // The academy on `target` is running: a restore over it is refused and changes nothing.
      await copy.db.insert(user).values({ id: crypto.randomUUID(), name: "Posterior", email: "posterior@academia.test" });
      await expect(restoreBackup(backupFile, { dataDir: target })).rejects.toThrow(DataDirLockedError);
    } finally {
      await copy.close();
    }

    // Stopped: the restore replaces the database and keeps the one it replaced.
    const again = await restoreBackup(backupFile, { dataDir: target });
    expect(again.previousDb).toBeDefined();
    expect(fs.existsSync(path.join(again.previousDb!, "PG_VERSION"))).toBe(true);
    expect(again.counts.user).toBe(restored.counts.user);
  });

  it("un archivo truncado o ajeno no se restaura y no toca la base existente", async () => {
    const target = tmpDataDir();
    fs.mkdirSync(path.join(target, "db"));
    fs.writeFileSync(path.join(target, "db", "PG_VERSION"), "17\n");
    const truncated = path.join(target, "truncado.tar");
    fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, 4096));
    await expect(restoreBackup(truncated, { dataDir: target })).rejects.toThrow(/not a complete backup|not an Academia backup/);
    const foreign = path.join(target, "ajeno.tar");
    fs.writeFileSync(foreign, "hola".repeat(300));
    await expect(restoreBackup(foreign, { dataDir: target })).rejects.toThrow();
    expect(fs.readdirSync(target).sort()).toEqual(["ajeno.tar", "db", "truncado.tar"]);
  });

  it("el servidor en marcha escribe la copia cuando la pide el script con su token (y solo con él)", async () => {
    const { handle, dataDir } = source!;
    const previousHandle = dbHandle();
    const previousEnv = env();
    const app = express();
    app.post(BACKUP_ENDPOINT_PATH, backupRoute);
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    setDbHandle(handle);
    setEnv({ ...previousEnv, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: port });
    try {
      await publishBackupEndpoint();
      expect(fs.statSync(endpointFile(dataDir)).mode & 0o077).toBe(0);
      const before = fs.readdirSync(path.join(dataDir, "backups")).length;

      for (const authorization of ["Bearer adivinado", "", "Basic eA=="]) {
        const wrong = await fetch(`http://127.0.0.1:${port}${BACKUP_ENDPOINT_PATH}`, { method: "POST", headers: { authorization } });
        expect(wrong.status).toBe(404);
      }
      expect(fs.readdirSync(path.join(dataDir, "backups"))).toHaveLength(before);

      const result = await requestServerBackup(dataDir);
      expect(result?.database).toBe("pglite");
      expect(fs.existsSync(result!.file)).toBe(true);
      const { entries } = await readManifest(result!.file);
      expect(entries.map((e) => e.name)).toContain("db/pgdata.tar.gz");
    } finally {
      setDbHandle(previousHandle);
      setEnv(previousEnv);
      await new Promise((r) => server.close(r));
    }
  });

  it("sin servidor en marcha, la copia abre la base directamente", async () => {
    const { handle, dataDir } = source!;
    // The server is gone; a stale endpoint file does not fool the script.
    await handle.close();
    source = undefined;
    fs.writeFileSync(endpointFile(dataDir), JSON.stringify({ pid: 999_999_999, url: "http://127.0.0.1:9/x", token: "t" }));
    expect(await requestServerBackup(dataDir)).toBeUndefined();
    const result = await backupOffline(dataDir);
    expect((await readManifest(result.file)).manifest.files).toBe(1);
  });
});

describe("el contenedor tar de las copias", () => {
  const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

  // Written by the hand-made ustar writer this project used before node-tar (a fake database tarball, a path
  // over 100 bytes in the ustar prefix field, an empty file, a skipped .tmp): backups taken then stay readable.
  it("una copia escrita por el códec tar anterior se sigue leyendo y sus archivos se restauran", async () => {
    const fixture = path.join(import.meta.dirname, "fixtures", "backup-hand-codec.tar");
    const long = `ab/${"d".repeat(70)}/${"x".repeat(60)}.pdf`;
    const { manifest, entries } = await readManifest(fixture);
    expect(manifest).toMatchObject({ format: "academia-backup", version: 1, database: "pglite", files: 3, filesBytes: 6024 });
    expect(entries).toEqual([
      { name: "db/pgdata.tar.gz", size: 3000 },
      { name: `files/${long}`, size: 1024 },
      { name: "files/ab/one.pdf", size: 5000 },
      { name: "files/empty.bin", size: 0 },
      { name: "manifest.json", size: 182 },
    ]);
    expect(sha256(await readArchiveEntry(fixture, "db/pgdata.tar.gz"))).toBe("e174f80d2d47af878e98ce9ce3d18f0b2e7da791913fd89081139dbc11f583cc");

    const target = tmpDataDir();
    expect(await restoreFiles(fixture, target)).toBe(3);
    const expected: Record<string, string> = {
      [long]: "bf2467aa376391ed8aae8dbaa52e4d303ddc3e9055333001b8a6d6f0b15f7f13",
      "ab/one.pdf": "eee37db7d30dabe6e602afe81edb0ab8fc54e6f8a6dbb584699f5a70fbda5b44",
      "empty.bin": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    };
    for (const [key, hash] of Object.entries(expected)) {
      const restored = path.join(target, "files", key);
      expect(sha256(fs.readFileSync(restored))).toBe(hash);
      expect(fs.statSync(restored).mode & 0o777).toBe(0o600);
    }
    // The private extraction directory is gone; nothing but files/ was written.
    expect(fs.readdirSync(target)).toEqual(["files"]);
    // Already present (same name, same bytes by construction): counted, not written again.
    fs.writeFileSync(path.join(target, "files", "ab", "one.pdf"), "kept");
    expect(await restoreFiles(fixture, target)).toBe(3);
    expect(fs.readFileSync(path.join(target, "files", "ab", "one.pdf"), "utf8")).toBe("kept");
  });

  it("una entrada con ../ se rechaza y no escribe fuera de DATA_DIR", async () => {
    const outside = tmpDataDir();
    const target = path.join(outside, "data");
    fs.mkdirSync(target);
    const header = (name: string) => {
      const block = Buffer.alloc(512);
      new tar.Header({ path: name, size: 4, type: "File", mode: 0o600, mtime: new Date() }).encode(block);
      return block;
    };
    const body = Buffer.alloc(512);
    body.write("evil");
    const evil = path.join(outside, "evil.tar");
    fs.writeFileSync(evil, Buffer.concat([header("files/../../../evil.txt"), body, header("files/../../evil.txt"), body, Buffer.alloc(1024)]));
    await expect(restoreFiles(evil, target)).rejects.toThrow(/not a valid backup/);
    expect(fs.readdirSync(outside).sort()).toEqual(["data", "evil.tar"]);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});

const hasPgTools = spawnSync("pg_dump", ["--version"]).status === 0 && spawnSync("pg_restore", ["--version"]).status === 0;

describe.runIf(process.env.TEST_DB === "postgres" && hasPgTools)("copias de seguridad en PostgreSQL", () => {
  it("pg_dump y pg_restore llevan los datos y los archivos a otra base", async () => {
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const urlOf = (name: string) => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    await admin.unsafe(`create database academia_bk_src_${suffix}`);
    await admin.unsafe(`create database academia_bk_dst_${suffix}`);
    try {
      const sourceDir = tmpDataDir();
      const source = await openDb({ url: urlOf(`academia_bk_src_${suffix}`) });
      await source.migrate();
      const { storageKey } = await seed(source, sourceDir, "pg@academia.test");
      await source.close();

      const result = await backupPostgres(urlOf(`academia_bk_src_${suffix}`), sourceDir);
      expect((await readManifest(result.file)).manifest.database).toBe("postgres");

      const targetDir = tmpDataDir();
      const restored = await restoreBackup(result.file, { dataDir: targetDir, databaseUrl: urlOf(`academia_bk_dst_${suffix}`) });
      expect(restored.counts.user).toBe(1);
      expect(fs.existsSync(path.join(targetDir, "files", storageKey))).toBe(true);
      await expect(restoreBackup(result.file, { dataDir: targetDir })).rejects.toThrow(/DATABASE_URL/);
    } finally {
      await admin.unsafe(`drop database if exists academia_bk_src_${suffix} with (force)`);
      await admin.unsafe(`drop database if exists academia_bk_dst_${suffix} with (force)`);
      await admin.end();
    }
  });
});
