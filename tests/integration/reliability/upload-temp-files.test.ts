// An uploaded file is never held whole in memory. The multipart reader writes each file part to a
// private temporary file under DATA_DIR/tmp/uploads (hashed and counted on the way, its first bytes kept to
// tell what it is), the lesson upload moves that file into the content-addressed store, and no temporary file
// outlives its request: not after a success, not after a refusal at the size limit, not when the client stops
// sending halfway. Stale files (a crash) are swept after an hour.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { asset, courseModule, lesson } from "~/server/platform/db/schema";
import { env, setEnv } from "~/server/platform/env.server";
import { readForm } from "~/server/platform/http/request-body.server";
import { HEAD_BYTES, sweepStaleUploads, uploadsTempDir } from "~/server/platform/http/uploaded-files.server";
import { classifyUpload, detectFileKind } from "~/server/authoring/uploads.server";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { BASE } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse } from "../admin/factories";
import { until } from "./support/poll";

const MB = 1024 * 1024;
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0])]);

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** A file of `size` bytes that starts with `head` and is different from every other one made here. */
function fileOf(head: Buffer | string, size: number) {
  const bytes = crypto.randomBytes(size);
  Buffer.from(head).copy(bytes);
  return bytes;
}

function tempFiles(): string[] {
  const dir = uploadsTempDir();
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(`${BASE}/admin/subir`, { method: "POST", body: form });
}

/** A multipart body that sends its head and `bytes` of a file, then stalls (or fails, when `fail` is given). */
function stalledUpload(bytes: number, options: { signal?: AbortSignal; fail?: Error } = {}) {
  const boundary = "----limite-de-prueba";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-file\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clase.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new Uint8Array(head));
        controller.enqueue(new Uint8Array(fileOf(MP4_HEAD, bytes)));
        return;
      }
      if (options.fail) controller.error(options.fail);
      // Otherwise the client just stops sending: a pull that never resolves.
      return new Promise<void>(() => {});
    },
  });
  return new Request(`${BASE}/admin/subir`, {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    signal: options.signal,
    duplex: "half",
  } as RequestInit);
}

describe("subidas en archivos temporales", () => {
  it("el archivo llega al disco, no a la memoria: tamaño, SHA-256 y primeros bytes; cleanup lo borra", async () => {
    const bytes = fileOf("%PDF-1.7\n", 3 * MB + 17);
    const read = await readForm(multipart({ intent: "upload-file", lessonId: "7" }, { name: "Guía.pdf", type: "application/pdf", bytes }), "upload");
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    try {
      expect(read.form.get("intent")).toBe("upload-file");
      // A file is never a form field: the fields hold text only.
      expect(read.form.get("file")).toBeNull();
      const file = read.files.get("file")!;
      expect(file).toMatchObject({ size: bytes.length, sha256: sha256(bytes), filename: "Guía.pdf", declaredType: "application/pdf" });
      expect(file.head).toEqual(bytes.subarray(0, HEAD_BYTES));
      expect(path.dirname(file.path)).toBe(uploadsTempDir());
      expect(fs.readFileSync(file.path).equals(bytes)).toBe(true);
      // Owner-only, like everything under DATA_DIR.
      expect(fs.statSync(file.path).mode & 0o777).toBe(0o600);
      expect(fs.statSync(uploadsTempDir()).mode & 0o777).toBe(0o700);
      expect(detectFileKind(file.head)).toBe("pdf");
    } finally {
      await read.cleanup();
    }
    expect(tempFiles()).toEqual([]);
  });

  it("un PDF y un MP4 se reconocen por sus primeros bytes, sea cual sea el nombre", async () => {
    const mp4 = fileOf(MP4_HEAD, 2 * MB);
    const read = await readForm(multipart({}, { name: "clase.bin", type: "application/octet-stream", bytes: mp4 }), "upload");
    if (!read.ok) throw new Error(read.message);
    try {
      const file = read.files.get("file")!;
      expect(file.head).toHaveLength(HEAD_BYTES);
      expect(detectFileKind(file.head)).toBe("mp4");
      expect(classifyUpload(file.head, "clase.mp4", "video")).toEqual({ ok: true, mime: "video/mp4", downloadOnly: false });
      expect(classifyUpload(file.head, "clase.pdf", "documento")).toMatchObject({ ok: false });
    } finally {
      await read.cleanup();
    }
    expect(detectFileKind(Buffer.from("%PDF-1.4\n%âãÏÓ\n"))).toBe("pdf");
    expect(detectFileKind(Buffer.from("<html>"))).toBe("other");
    expect(tempFiles()).toEqual([]);
  });

  it("rechazado en el límite (413, el mensaje del editor): no queda ningún archivo temporal", async () => {
    const saved = env();
    setEnv({ ...saved, MAX_UPLOAD_MB: 1 });
    try {
      // No Content-Length on this request: the streaming reader itself stops at the limit.
      const read = await readForm(multipart({ intent: "upload-file" }, { name: "grande.pdf", type: "application/pdf", bytes: fileOf("%PDF-1.4\n", 3 * MB) }), "upload");
      expect(read).toEqual({ ok: false, status: 413, message: "El archivo supera el tamaño máximo de 1 MB." });
    } finally {
      setEnv(saved);
    }
    expect(tempFiles()).toEqual([]);
  });

  it("el cliente deja de enviar a mitad del archivo (conexión abortada): 400 y ningún archivo temporal", async () => {
    const abort = new AbortController();
    const reading = readForm(stalledUpload(2 * MB, { signal: abort.signal }), "upload");
    // The part was being written to disk when the client went away.
    await until(() => tempFiles().length === 1, { timeoutMs: 30_000, what: "the upload's temporary file" });
    abort.abort();
    expect(await reading).toMatchObject({ ok: false, status: 400 });
    expect(tempFiles()).toEqual([]);
  });

  it("el cuerpo se corta con un error a mitad del archivo: 400 y ningún archivo temporal", async () => {
    const read = await readForm(stalledUpload(2 * MB, { fail: new Error("aborted") }), "upload");
    expect(read).toMatchObject({ ok: false, status: 400 });
    expect(tempFiles()).toEqual([]);
  });

  it("un formulario común (no de subida) no guarda archivos aunque traiga uno", async () => {
    const read = await readForm(multipart({ name: "Ana" }, { name: "x.pdf", type: "application/pdf", bytes: fileOf("%PDF-1.4\n", 1000) }), "form");
    if (!read.ok) throw new Error(read.message);
    expect(read.form.get("name")).toBe("Ana");
    expect(read.files.size).toBe(0);
    expect(tempFiles()).toEqual([]);
  });

  it("el mismo archivo subido dos veces se guarda una vez; el temporal se mueve al almacén y no queda ninguno", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ modules: 1, lessonsPerModule: 0 });
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
    const [a] = await db().insert(lesson).values({ moduleId: mod!.id, position: 1, title: "Video A", type: "video" }).returning();
    const [b] = await db().insert(lesson).values({ moduleId: mod!.id, position: 2, title: "Video B", type: "video" }).returning();
    const bytes = fileOf(MP4_HEAD, 4 * MB + 3);
    const up = (lessonId: number) => {
      const form = new FormData();
      form.set("intent", "upload-file");
      form.set("lessonId", String(lessonId));
      form.set("file", new File([new Uint8Array(bytes)], "clase.mp4", { type: "video/mp4" }));
      const request = new Request(`${BASE}/admin/cursos/${c.id}?leccion=${lessonId}`, { method: "POST", body: form, headers: { origin: BASE, cookie: admin.cookie } });
      return call(editorAction, request, { id: String(c.id) });
    };
    expect((await up(a!.id)).data).toMatchObject({ ok: true, message: "Archivo «clase.mp4» subido." });
    expect(tempFiles()).toEqual([]);
    expect((await up(b!.id)).data).toMatchObject({ ok: true });
    expect(tempFiles()).toEqual([]);

    const rows = await db().select().from(asset).where(eq(asset.sha256, sha256(bytes)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ size: bytes.length, mime: "video/mp4", filename: "clase.mp4" });
    const [withA, withB] = await Promise.all([a!, b!].map(async (l) => (await db().select().from(lesson).where(eq(lesson.id, l.id)))[0]!.assetId));
    expect(withA).toBe(rows[0]!.id);
    expect(withB).toBe(rows[0]!.id);
    // The default store: DATA_DIR/files/<key>.
    const stored = path.join(env().DATA_DIR, "files", rows[0]!.storageKey);
    expect(sha256(fs.readFileSync(stored))).toBe(sha256(bytes));
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(stored)).filter((n) => n.startsWith(rows[0]!.sha256))).toEqual([path.basename(stored)]);
  });

  it("un archivo temporal de hace más de una hora (un corte) se barre; uno reciente no", async () => {
    const dir = uploadsTempDir();
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = path.join(dir, "viejo.part");
    const fresh = path.join(dir, "reciente.part");
    fs.writeFileSync(old, "x", { mode: 0o600 });
    fs.writeFileSync(fresh, "y", { mode: 0o600 });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepStaleUploads()).toBe(1);
    expect(tempFiles()).toEqual(["reciente.part"]);
    fs.rmSync(fresh);
  });
});
