// Files in an S3-compatible bucket (STORAGE=s3), against a real S3 server started here (s3rver from the npm registry,
// reached over HTTP by AWS's SDK with signed requests): an upload streams to the bucket in parts and nothing of it
// stays on this disk, the lesson route streams it back whole and by byte ranges, the built-in lesson files are put
// into an empty bucket, a missing object is a 404 (logged), a data directory's files are copied and verified, and a
// backup says where the files are. On the embedded database and on PostgreSQL.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { loader as lessonFileLoader } from "~/routes/archivo-leccion";
import { db } from "~/server/platform/db/client.server";
import { asset, courseModule, enrolment, lesson } from "~/server/platform/db/schema";
import { env, parseEnv, setEnv, type Env } from "~/server/platform/env.server";
import { objectStore } from "~/server/platform/storage/object-store.server";
import { storeAsset, storageKeyOf } from "~/server/platform/storage/storage.server";
import { copyFilesToStore } from "~/server/platform/storage/copy-files.server";
import { diskStore } from "~/server/platform/storage/disk-store.server";
import { ensureCatalogueFiles, readCatalogue } from "~/server/catalogue/catalogue.server";
import { uploadsTempDir } from "~/server/platform/http/uploaded-files.server";
import { backupOffline } from "~/server/platform/backup/backup.server";
import { readManifest } from "~/server/platform/backup/restore.server";
import { startLocalS3, type LocalS3 } from "../../../scripts/s3/server";
import { call } from "../support/call";
import { createCourse } from "../admin/factories";
import { BASE, getRequest } from "../support/requests";
import { createUser } from "../support/users";

const MB = 1024 * 1024;
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0])]);
const sha256 = (bytes: Buffer | Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

let s3: LocalS3;
let saved: Env;

beforeAll(async () => {
  s3 = await startLocalS3();
  saved = env();
  setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: saved.DATA_DIR, PUBLIC_URL: saved.PUBLIC_URL, LOG_LEVEL: "silent", OUTLINE_CACHE_MS: "0", CONTENT_DIR: saved.CONTENT_DIR, ...s3.env }));
  onDiskBefore = localFiles();
});

afterAll(async () => {
  setEnv(saved);
  await s3.stop();
});

/** The object's bytes as s3rver keeps them on its disk (read behind the SDK's back, to see what really arrived). */
function objectInBucket(key: string): Buffer | null {
  const file = path.join(s3.directory, s3.bucket, `${key}._S3rver_object`);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

/** What DATA_DIR/files holds (the test setup loaded the catalogue there, before this file chose the bucket). */
function localFiles() {
  const dir = path.join(env().DATA_DIR, "files");
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).map(String) : [];
}
let onDiskBefore: string[] = [];

async function bodyOf(response: Response | null) {
  return Buffer.from(await response!.arrayBuffer());
}

describe("STORAGE=s3", () => {
  it("la configuración exige el bucket y las dos claves juntas", () => {
    expect(() => parseEnv({ STORAGE: "s3" })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "academia", S3_ACCESS_KEY_ID: "x" })).toThrow(/set both, or neither/);
    expect(() => parseEnv({ STORAGE: "nube" })).toThrow(/STORAGE must be disk or s3 \(got "nube"\)/);
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "Mi Bucket" })).toThrow(/S3_BUCKET/);
    expect(objectStore().describe()).toBe(`s3://${s3.bucket}/ at ${s3.endpoint}`);
  });

  it("storeAsset escribe en el bucket, no en el disco, y una segunda vez no duplica", async () => {
    const bytes = Buffer.from(`apunte ${Math.random()}`);
    const first = await storeAsset(bytes, { filename: "Apunte.TXT", mime: "text/plain" });
    expect(first.storageKey).toBe(storageKeyOf(sha256(bytes), "Apunte.TXT"));
    expect(objectInBucket(first.storageKey)).toEqual(bytes);
    expect(localFiles()).toEqual(onDiskBefore);
    const again = await storeAsset(bytes, { filename: "Apunte.TXT", mime: "text/plain" });
    expect(again.id).toBe(first.id);
  });

  it("un video subido en el editor (11 MB: en partes) va al bucket sin quedar en disco, y se sirve entero y por rangos", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const c = await createCourse({ modules: 1, lessonsPerModule: 0, status: "published" });
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
    const [video] = await db().insert(lesson).values({ moduleId: mod!.id, position: 1, title: "Video", type: "video", status: "published" }).returning();
    await db().insert(enrolment).values({ userId: learner.id, courseId: c.id });

    const bytes = crypto.randomBytes(11 * MB + 17);
    MP4_HEAD.copy(bytes);
    const form = new FormData();
    form.set("intent", "upload-file");
    form.set("lessonId", String(video!.id));
    form.set("file", new File([new Uint8Array(bytes)], "clase.mp4", { type: "video/mp4" }));
    const request = new Request(`${BASE}/admin/cursos/${c.id}?leccion=${video!.id}`, { method: "POST", body: form, headers: { origin: BASE, cookie: admin.cookie } });
    const uploaded = await call(editorAction, request, { id: String(c.id) });
    expect(uploaded.data).toMatchObject({ ok: true });

    const [row] = await db().select().from(asset).where(eq(asset.sha256, sha256(bytes)));
    expect(row).toMatchObject({ size: bytes.length, mime: "video/mp4" });
    expect(sha256(objectInBucket(row!.storageKey)!)).toBe(sha256(bytes));
    expect(localFiles()).toEqual(onDiskBefore);
    expect(fs.existsSync(uploadsTempDir()) ? fs.readdirSync(uploadsTempDir()) : []).toEqual([]);

    const url = `/archivos/lecciones/${video!.id}`;
    const whole = await call(lessonFileLoader, getRequest(url, learner.cookie), { lessonId: String(video!.id) });
    expect(whole.status).toBe(200);
    expect(whole.response!.headers.get("content-length")).toBe(String(bytes.length));
    expect(sha256(await bodyOf(whole.response))).toBe(sha256(bytes));

    const ranged = new Request(`${BASE}${url}`, { headers: { cookie: learner.cookie, range: "bytes=5242870-5242889" } });
    const part = await call(lessonFileLoader, ranged, { lessonId: String(video!.id) });
    expect(part.status).toBe(206);
    expect(part.response!.headers.get("content-range")).toBe(`bytes 5242870-5242889/${bytes.length}`);
    expect(await bodyOf(part.response)).toEqual(bytes.subarray(5242870, 5242890));

    const tail = await call(lessonFileLoader, new Request(`${BASE}${url}`, { headers: { cookie: learner.cookie, range: "bytes=-10" } }), { lessonId: String(video!.id) });
    expect(await bodyOf(tail.response)).toEqual(bytes.subarray(bytes.length - 10));
    const beyond = await call(lessonFileLoader, new Request(`${BASE}${url}`, { headers: { cookie: learner.cookie, range: `bytes=${bytes.length}-` } }), { lessonId: String(video!.id) });
    expect(beyond.status).toBe(416);

    // Someone who is not enrolled never reaches the bucket.
    const stranger = await createUser();
    expect((await call(lessonFileLoader, getRequest(url, stranger.cookie), { lessonId: String(video!.id) })).status).toBe(403);
  });

  it("los archivos del catálogo incluido se ponen en un bucket vacío y se sirven desde él", async () => {
    const courses = readCatalogue();
    const expected = new Set(
      courses.flatMap((c) =>
        c.modules.flatMap((m) => m.lessons).flatMap((l) => [l.file, l.captions].filter((f): f is string => !!f).map((f) => storageKeyOf(sha256(fs.readFileSync(path.join(c.dir, f))), path.basename(f)))),
      ),
    );
    expect(expected.size).toBeGreaterThan(5);
    const added = await ensureCatalogueFiles(courses);
    expect(added).toBe([...expected].filter((key) => key.length > 0).length);
    for (const key of expected) expect(objectInBucket(key), key).not.toBeNull();
    expect(await ensureCatalogueFiles(courses)).toBe(0);

    const learner = await createUser();
    await db().insert(enrolment).values({ userId: learner.id, courseId: 1 });
    const [pdf] = await db()
      .select({ id: lesson.id, sha256: asset.sha256 })
      .from(lesson)
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .innerJoin(asset, eq(asset.id, lesson.assetId))
      .where(eq(courseModule.courseId, 1))
      .limit(1);
    const served = await call(lessonFileLoader, getRequest(`/archivos/lecciones/${pdf!.id}`, learner.cookie), { lessonId: String(pdf!.id) });
    expect(served.status).toBe(200);
    expect(sha256(await bodyOf(served.response))).toBe(pdf!.sha256);
  });

  it("un objeto que falta en el bucket es un 404 con el texto de siempre, nunca un 500", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ modules: 1, lessonsPerModule: 0, status: "published" });
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
    const [gone] = await db().insert(asset).values({ storageKey: "ff/no-existe.pdf", filename: "x.pdf", mime: "application/pdf", size: 10, sha256: "f".repeat(64) }).returning();
    const [l] = await db().insert(lesson).values({ moduleId: mod!.id, position: 1, title: "PDF", type: "documento", status: "published", assetId: gone!.id }).returning();
    for (const method of ["GET", "HEAD"]) {
      const res = await call(lessonFileLoader, new Request(`${BASE}/archivos/lecciones/${l!.id}`, { method, headers: { cookie: admin.cookie } }), { lessonId: String(l!.id) });
      expect(res.status).toBe(404);
    }
  });

  it("storage:copy copia los archivos de un directorio de datos al bucket, verifica cada uno y repetirlo no copia nada", async () => {
    const source = fs.mkdtempSync(path.join(os.tmpdir(), "academia-copy-"));
    try {
      const disk = diskStore(source);
      const files = [crypto.randomBytes(6 * MB), Buffer.from("uno"), Buffer.from("dos")];
      const keys = files.map((bytes, i) => storageKeyOf(sha256(bytes), `f${i}.bin`));
      for (const [i, bytes] of files.entries()) await disk.putBytes(keys[i]!, bytes, "application/octet-stream");
      const first = await copyFilesToStore(source, objectStore());
      expect(first).toMatchObject({ files: 3, copied: 3, alreadyThere: 0, mismatched: [] });
      // By hash: vitest compares a 6 MB buffer byte by byte for more than a minute.
      for (const [i, bytes] of files.entries()) expect(sha256(objectInBucket(keys[i]!)!)).toBe(sha256(bytes));
      const second = await copyFilesToStore(source, objectStore());
      expect(second).toMatchObject({ files: 3, copied: 0, alreadyThere: 3, mismatched: [] });
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
    }
  });

  it("con credenciales equivocadas el bucket se niega (firma), y no se confunde con un archivo ausente", async () => {
    const wrong = parseEnv({ ...s3.env, S3_SECRET_ACCESS_KEY: "otra-clave" });
    const current = env();
    setEnv({ ...current, S3_SECRET_ACCESS_KEY: wrong.S3_SECRET_ACCESS_KEY });
    try {
      await expect(objectStore().has("ab/cualquiera")).rejects.toThrow();
    } finally {
      setEnv(current);
    }
  });
});

describe.skipIf(process.env.TEST_DB === "postgres")("copia de seguridad con los archivos en un bucket", () => {
  it("la copia lleva la base y dice en qué bucket están los archivos", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-s3-backup-"));
    try {
      const result = await backupOffline(path.join(dataDir)).catch((error: Error) => error);
      // No embedded database in a fresh directory: the offline backup says so rather than writing an empty one.
      expect(result).toBeInstanceOf(Error);
      const { openDb } = await import("~/server/platform/db/client.server");
      const handle = await openDb({ dataDir: path.join(dataDir, "db") });
      await handle.migrate();
      await handle.close();
      const written = await backupOffline(dataDir);
      expect(written).toMatchObject({ files: 0, filesElsewhere: `s3://${s3.bucket}/ at ${s3.endpoint}` });
      const { manifest } = await readManifest(written.file);
      expect(manifest.filesElsewhere).toBe(`s3://${s3.bucket}/ at ${s3.endpoint}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
