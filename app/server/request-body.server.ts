// Every form body the academy reads goes through here: one size limit per kind of request, a streaming
// multipart parser (busboy) that stops reading at the limit, and one answer for a body that cannot be read.
// Express checks nothing about bodies (server/security.ts), so the refusal is the form's own Spanish message
// (root ErrorBoundary) or, for uploads, the message next to the file field.
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { data } from "react-router";
import { uploadTooLargeMessage } from "~/domain/admin-forms";
import { env } from "~/server/env.server";

const KB = 1024;
const MB = 1024 * KB;

export type BodyKind = "form" | "upload" | "api";

/** Room for the multipart envelope and the other fields around an uploaded file. */
const UPLOAD_OVERHEAD = 256 * KB;

/** The one place where body sizes are decided. */
export function bodyLimit(kind: BodyKind): number {
  if (kind === "upload") return env().MAX_UPLOAD_MB * MB + UPLOAD_OVERHEAD;
  if (kind === "api") return 64 * KB;
  // Far above the largest honest form (the contact message: 5 000 characters of 4-byte text,
  // percent-encoded, about 60 KB), far below harm.
  return 128 * KB;
}

export const bodyMessages = {
  unreadable: "No pudimos leer el formulario enviado. Recarga la página e inténtalo de nuevo.",
  tooLarge: "La solicitud es demasiado grande.",
  unsupported: "El formulario se envió en un formato que no aceptamos.",
} as const;

export type ReadFormFailure = { ok: false; status: 400 | 413 | 415; message: string };
export type ReadFormResult = { ok: true; form: FormData } | ReadFormFailure;

class BodyTooLarge extends Error {}

function tooLarge(kind: BodyKind): ReadFormFailure {
  return { ok: false, status: 413, message: kind === "upload" ? uploadTooLargeMessage(env().MAX_UPLOAD_MB) : bodyMessages.tooLarge };
}

/** The body's bytes, refusing (BodyTooLarge) as soon as they pass the limit: never more than `limit` in memory. */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) throw new BodyTooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function readMultipart(request: Request, contentType: string, limit: number, kind: BodyKind): Promise<FormData> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { fieldSize: limit, fileSize: limit, files: kind === "upload" ? 4 : 0, fields: 200, parts: 210 },
        defParamCharset: "utf8",
      });
    } catch (error) {
      reject(error);
      return;
    }
    let total = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      source.destroy();
      reject(error);
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new BodyTooLarge());
      form.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new BodyTooLarge()));
      stream.on("end", () => {
        if (!failed) form.append(name, new File([new Uint8Array(Buffer.concat(chunks))], info.filename ?? "archivo", { type: info.mimeType }));
      });
    });
    parser.on("error", (error: Error) => fail(error));
    parser.on("close", () => {
      if (!failed) resolve(form);
    });
    const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    source.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) fail(new BodyTooLarge());
    });
    source.on("error", (error) => fail(error));
    source.pipe(parser);
  });
}

/**
 * The posted form, or why it cannot be read: 413 past the limit of its kind, 400 for a malformed body,
 * 415 for a body that is not a form. Files (uploads only) arrive as File objects.
 */
export async function readForm(request: Request, kind: BodyKind = "form"): Promise<ReadFormResult> {
  const limit = bodyLimit(kind);
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  try {
    if (mediaType === "multipart/form-data") {
      const declared = request.headers.get("content-length");
      if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) return tooLarge(kind);
      if (!request.body) return { ok: false, status: 400, message: bodyMessages.unreadable };
      return { ok: true, form: await readMultipart(request, contentType, limit, kind) };
    }
    if (mediaType === "application/x-www-form-urlencoded" || mediaType === "") {
      const bytes = await readBodyBytes(request, limit);
      if (bytes.length > 0 && mediaType === "") return { ok: false, status: 415, message: bodyMessages.unsupported };
      const form = new FormData();
      for (const [name, value] of new URLSearchParams(bytes.toString("utf8"))) form.append(name, value);
      return { ok: true, form };
    }
    return { ok: false, status: 415, message: bodyMessages.unsupported };
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge(kind);
    return { ok: false, status: 400, message: bodyMessages.unreadable };
  }
}

/** readForm for actions that have nothing better to show than the error page: throws the refusal as a response. */
export async function readFormOrThrow(request: Request, kind: BodyKind = "form"): Promise<FormData> {
  const result = await readForm(request, kind);
  if (result.ok) return result.form;
  // The rest of a refused body may still be on its way: do not keep the connection for another request.
  throw data(result.message, { status: result.status, headers: { Connection: "close" } });
}

/** For handlers that pass the request on (Better Auth): the same request, its body read within the limit. */
export async function withLimitedBody(request: Request, kind: BodyKind): Promise<Request | ReadFormFailure> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  try {
    const bytes = await readBodyBytes(request, bodyLimit(kind));
    return new Request(request.url, { method: request.method, headers: request.headers, body: bytes.length ? new Uint8Array(bytes) : null, signal: request.signal });
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge(kind);
    return { ok: false, status: 400, message: bodyMessages.unreadable };
  }
}
