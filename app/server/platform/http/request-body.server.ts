// Every form body the academy reads goes through here: one size limit per kind of request, a streaming
// multipart parser (busboy) that stops reading at the limit and writes files to disk as they arrive
// (uploaded-files.server.ts), and one answer for a body that cannot be read.
// Express checks nothing about bodies (server/security.ts), so the refusal is the form's own Spanish message
// (root ErrorBoundary) or, for uploads, the message next to the file field.
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { data } from "react-router";
import { uploadLimitBytes, uploadTooLargeMessage } from "~/domain/admin-forms";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { type FileReception, type UploadedFile, receiveFile, removeTempFiles, sweepStaleUploads } from "~/server/platform/http/uploaded-files.server";
import { SPREADSHEET_MAX_BYTES } from "~/server/platform/spreadsheets/table.server";
import { TRANSFER_PROOF_MAX_BYTES, transferProofMessages } from "~/domain/transfer-proof";

const KB = 1024;
const MB = 1024 * KB;

/**
 * "spreadsheet": a list uploaded as CSV or XLSX (platform/spreadsheets), and the rows its preview posts back.
 * "proof": a buyer's proof of transfer (one PDF or photo, domain/transfer-proof.ts).
 */
export type BodyKind = "form" | "upload" | "spreadsheet" | "proof" | "api";

/** Room for the multipart envelope and the other fields around an uploaded file. */
const UPLOAD_OVERHEAD = 256 * KB;

/** The one place where body sizes are decided. */
export function bodyLimit(kind: BodyKind): number {
  if (kind === "upload") return uploadLimitBytes(env().MAX_UPLOAD_MB) + UPLOAD_OVERHEAD;
  // Its own small limit: a 2 000-row list is well under 1 MB, and the lesson-video limit would let one request
  // hold the server's disk and CPU for a file no list needs.
  if (kind === "spreadsheet") return SPREADSHEET_MAX_BYTES + UPLOAD_OVERHEAD;
  if (kind === "proof") return TRANSFER_PROOF_MAX_BYTES + UPLOAD_OVERHEAD;
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
/**
 * A form read: its text fields in `form`; an upload's files in `files`, by field name, each waiting in a
 * temporary file. The caller must call `cleanup()` when the request is done with them (in a `finally`): it
 * removes the temporary files that were not moved into the file store.
 */
export type ReadForm = { ok: true; form: FormData; files: ReadonlyMap<string, UploadedFile>; cleanup: () => Promise<void> };
export type ReadFormResult = ReadForm | ReadFormFailure;

const noFiles: ReadonlyMap<string, UploadedFile> = new Map();
const nothingToClean = async () => {};

class BodyTooLarge extends Error {}

function tooLarge(kind: BodyKind): ReadFormFailure {
  if (kind === "upload") return { ok: false, status: 413, message: uploadTooLargeMessage(env().MAX_UPLOAD_MB) };
  if (kind === "spreadsheet") return { ok: false, status: 413, message: uploadTooLargeMessage(SPREADSHEET_MAX_BYTES / MB) };
  if (kind === "proof") return { ok: false, status: 413, message: transferProofMessages.tooLarge };
  return { ok: false, status: 413, message: bodyMessages.tooLarge };
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

/** A multipart body read: its text fields, and its files waiting on disk (removed only by `cleanup`). */
interface Multipart {
  form: FormData;
  files: Map<string, UploadedFile>;
  tempPaths: string[];
}

function readMultipart(request: Request, contentType: string, limit: number, kind: BodyKind): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    const receptions: Array<FileReception & { field: string }> = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { fieldSize: limit, fileSize: kind === "spreadsheet" ? SPREADSHEET_MAX_BYTES : kind === "proof" ? TRANSFER_PROOF_MAX_BYTES : limit, files: kind === "upload" ? 4 : kind === "spreadsheet" || kind === "proof" ? 1 : 0, fields: 200, parts: 210 },
        defParamCharset: "utf8",
      });
    } catch (error) {
      reject(error);
      return;
    }
    const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    let total = 0;
    let failed = false;
    // A refused, malformed or abandoned body: stop reading, stop every file being written, and only once they
    // are closed remove them, so no temporary file outlives the request.
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      request.signal.removeEventListener("abort", onAbort);
      source.unpipe(parser);
      source.destroy();
      for (const r of receptions) r.abort(error);
      void Promise.allSettled(receptions.map((r) => r.done))
        .then(() => removeTempFiles(receptions.map((r) => r.path)))
        .finally(() => reject(error));
    };
    const onAbort = () => fail(new Error("the client went away before the body was read"));
    request.signal.addEventListener("abort", onAbort, { once: true });
    if (request.signal.aborted) return onAbort();
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new BodyTooLarge());
      form.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (failed) return void stream.resume();
      stream.on("limit", () => fail(new BodyTooLarge()));
      const reception = receiveFile(stream, info);
      receptions.push({ ...reception, field: name });
      reception.done.catch((error: Error) => fail(error));
    });
    parser.on("error", (error: Error) => fail(error));
    parser.on("close", () => {
      if (failed) return;
      // The parser is done with the body; the last file may still be reaching the disk.
      void Promise.allSettled(receptions.map((r) => r.done)).then((written) => {
        if (failed) return;
        request.signal.removeEventListener("abort", onAbort);
        const files = new Map<string, UploadedFile>();
        // The first file of a name counts (a form sends one); the others are still removed with the rest.
        written.forEach((w, i) => {
          const field = receptions[i]!.field;
          if (w.status === "fulfilled" && !files.has(field)) files.set(field, w.value);
        });
        resolve({ form, files, tempPaths: receptions.map((r) => r.path) });
      });
    });
    source.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) fail(new BodyTooLarge());
    });
    source.on("error", (error) => fail(error));
    source.pipe(parser);
  });
}

/**
 * The posted form, or why it cannot be read: 413 past the limit of its kind, 400 for a malformed body or one
 * the client stopped sending, 415 for a body that is not a form. Files (uploads only) arrive as UploadedFile,
 * on disk; a refused body leaves none behind.
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
      if (kind === "upload" || kind === "spreadsheet" || kind === "proof") void sweepStaleUploads().catch((error: unknown) => logger.warn({ err: error }, "could not sweep stale uploads"));
      const { form, files, tempPaths } = await readMultipart(request, contentType, limit, kind);
      return { ok: true, form, files, cleanup: () => removeTempFiles(tempPaths) };
    }
    if (mediaType === "application/x-www-form-urlencoded" || mediaType === "") {
      const bytes = await readBodyBytes(request, limit);
      if (bytes.length > 0 && mediaType === "") return { ok: false, status: 415, message: bodyMessages.unsupported };
      const form = new FormData();
      for (const [name, value] of new URLSearchParams(bytes.toString("utf8"))) form.append(name, value);
      return { ok: true, form, files: noFiles, cleanup: nothingToClean };
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
  if (result.ok) {
    // Only the text fields are handed on: no file may wait on disk for a caller that cannot see it.
    await result.cleanup();
    return result.form;
  }
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
