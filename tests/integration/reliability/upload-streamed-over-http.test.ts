// A large lesson file through the production server over real HTTP (`node server.js` on a
// production build, PGlite in a temporary DATA_DIR). The body is streamed to a temporary file under
// DATA_DIR/tmp/uploads and moved into the file store, so the stored bytes are exactly the ones sent, the same
// file sent twice is stored once, and no temporary file is left — also when the client hangs up halfway.
// That the file is never held whole in memory is shown by design (request-body.server.ts,
// uploaded-files.server.ts); the server's memory is printed for the record, never asserted (it is not
// a stable number).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuiltServer } from "./support/built-server";
import { type EditorServer, startEditorServer } from "./support/editor-server";
import { until } from "./support/poll";

const MAX_MB = 64;
const MB = 1024 * 1024;
const SIZE = 60 * MB;
const ADMIN = { email: "admin-grandes@academia.test", password: "clave-segura-admin-2" };
const BOUNDARY = "----academia-subida-grande";

let editor: EditorServer;
let server: BuiltServer;
let dataDir = "";
let cookie = "";
let lessonId = "";

beforeAll(async () => {
  editor = await startEditorServer({ prefix: "upload-streamed", maxUploadMb: MAX_MB, admin: ADMIN });
  ({ server, dataDir, cookie, lessonId } = editor);
}, 600_000);

afterAll(async () => {
  await editor?.stop();
});

const tempUploads = () => {
  const dir = path.join(dataDir, "tmp", "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** The n-th MiB of the test file: an MP4 'ftyp' box first, then bytes that differ from MiB to MiB. */
function chunkOf(n: number) {
  const chunk = Buffer.alloc(MB, n % 251);
  chunk.writeUInt32LE(n, 100);
  if (n === 0) Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42")]).copy(chunk);
  return chunk;
}

function expectedSha256(size: number) {
  const hash = crypto.createHash("sha256");
  for (let n = 0; n * MB < size; n++) hash.update(chunkOf(n).subarray(0, Math.min(MB, size - n * MB)));
  return hash.digest("hex");
}

/**
 * Posts the upload form with a `size`-byte file, generated a MiB at a time (the test holds no copy of it
 * either). With `hangUpAfter`, the client sends that many bytes of the file and then `hangUp()` is called.
 */
function postUpload(size: number, hangUpAfter?: { bytes: number; hangUp: (request: http.ClientRequest) => Promise<void> }) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-file\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lessonId"\r\n\r\n${lessonId}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clase-larga.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      `${server.base}/admin/cursos/1?leccion=${lessonId}`,
      {
        method: "POST",
        agent: false,
        headers: {
          cookie,
          origin: server.base,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(head.length + size + tail.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    request.on("error", reject);
    void (async () => {
      const write = (bytes: Buffer) => new Promise<void>((done) => (request.write(bytes) ? done() : request.once("drain", done)));
      await write(head);
      for (let n = 0; n * MB < size; n++) {
        if (hangUpAfter && n * MB >= hangUpAfter.bytes) {
          await hangUpAfter.hangUp(request);
          resolve({ status: 0, body: "" });
          return;
        }
        await write(chunkOf(n).subarray(0, Math.min(MB, size - n * MB)));
      }
      await write(tail);
      request.end();
    })().catch(reject);
  });
}

async function sha256OfFile(file: string) {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The server's resident memory now and its peak so far (the peak is mostly start-up: PGlite, the catalogue). */
function memory() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  const field = (name: string) => new RegExp(`${name}:\\s+(.*)`).exec(status)?.[1] ?? "?";
  return `RSS ${field("VmRSS")}, peak ${field("VmHWM")}`;
}

describe("un archivo grande, por el servidor de producción", () => {
  const sha = expectedSha256(SIZE);
  const stored = () => path.join(dataDir, "files", sha.slice(0, 2), `${sha}.mp4`);
  const copiesOf = () => fs.readdirSync(path.dirname(stored())).filter((name) => name.startsWith(sha));

  it("60 MB: se guarda byte a byte (SHA-256) y no queda ningún archivo temporal", async () => {
    const before = memory();
    const res = await postUpload(SIZE);
    const after = memory();
    expect(res.status).toBe(200);
    expect(res.body).toContain("Archivo «clase-larga.mp4» subido.");
    expect(fs.statSync(stored()).size).toBe(SIZE);
    expect(await sha256OfFile(stored())).toBe(sha);
    expect(tempUploads()).toEqual([]);
    // For the record only (a 60 MB body held in memory, three copies as before, would show here).
    console.log(`server memory before a ${SIZE / MB} MB upload: ${before}; after it: ${after}`);
  });

  it("el mismo archivo otra vez: se guarda una sola vez y tampoco deja temporales", async () => {
    const res = await postUpload(SIZE);
    expect(res.status).toBe(200);
    expect(copiesOf()).toEqual([`${sha}.mp4`]);
    expect(tempUploads()).toEqual([]);
  });

  it("el cliente corta la conexión a mitad de la subida: el archivo temporal se borra y el servidor sigue", async () => {
    await postUpload(SIZE, {
      bytes: 8 * MB,
      hangUp: async (request) => {
        // The part was reaching the disk when the client went away.
        await until(() => tempUploads().length === 1, { timeoutMs: 60_000, what: "the upload's temporary file", describe: () => server.output() });
        request.destroy();
      },
    });
    await until(() => tempUploads().length === 0, { timeoutMs: 60_000, what: "the temporary file to be removed", describe: () => tempUploads().join("\n") });
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(copiesOf()).toEqual([`${sha}.mp4`]);
  });
});
