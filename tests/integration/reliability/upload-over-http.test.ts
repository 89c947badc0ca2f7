// An upload past the size limit, through the production server over real HTTP (`node server.js`
// on a production build, PGlite in a temporary DATA_DIR), answers the editor's own Spanish message next to the
// file field with 413 — never Express's plain text, a 500 or a stored file — whether the file is just over the
// limit (read whole, refused by the rule) or far over it (the streaming parser stops reading at the limit).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuiltServer } from "./support/built-server";
import { type EditorServer, startEditorServer } from "./support/editor-server";

const MAX_MB = 1;
const MB = 1024 * 1024;
const ADMIN = { email: "admin-subidas@academia.test", password: "clave-segura-admin-1" };

let editor: EditorServer;
let server: BuiltServer;
let dataDir = "";
let cookie = "";
let lessonId = "";

beforeAll(async () => {
  editor = await startEditorServer({ prefix: "upload-http", maxUploadMb: MAX_MB, admin: ADMIN });
  ({ server, dataDir, cookie, lessonId } = editor);
}, 600_000);

afterAll(async () => {
  await editor?.stop();
});

function getFresh(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.base}${path}`, { agent: false, headers: { cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      })
      .on("error", reject);
  });
}

async function upload(bytes: number) {
  const form = new FormData();
  form.append("intent", "upload-file");
  form.append("lessonId", lessonId);
  // A PDF's signature, then padding: only the size may refuse it.
  const file = Buffer.alloc(bytes, 0x20);
  file.write("%PDF-1.4\n");
  form.append("file", new File([file], "grande.pdf", { type: "application/pdf" }));
  return fetch(`${server.base}/admin/cursos/1?leccion=${lessonId}`, { method: "POST", body: form, headers: { cookie, origin: server.base }, redirect: "manual" });
}

describe("una subida demasiado grande, por el servidor de producción", () => {
  const message = `El archivo supera el tamaño máximo de ${MAX_MB} MB.`;

  it("apenas sobre el límite (1 MB + 100 B): 413 y el mensaje del editor junto al campo", async () => {
    const res = await upload(MAX_MB * MB + 100);
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain(message);
  });

  it("muy sobre el límite (3 MB): el lector se detiene en el límite y responde lo mismo", async () => {
    const res = await upload(3 * MB);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(message);
  });

  it("nada quedó guardado ni quedaron temporales: la lección sigue sin ese archivo y el servidor sigue respondiendo", async () => {
    // On a new connection: the server closes the one whose body it stopped reading, and fetch's pool could
    // otherwise hand that closing socket to the next request.
    const editor = await getFresh(`/admin/cursos/1?leccion=${lessonId}`);
    expect(editor.status).toBe(200);
    expect(editor.body).toContain("Editar: ");
    expect(editor.body).not.toContain("grande.pdf");
    // Neither refused body left its temporary file behind.
    const temp = path.join(dataDir, "tmp", "uploads");
    expect(fs.existsSync(temp) ? fs.readdirSync(temp) : []).toEqual([]);
  });
});
