// An uploaded file never sits whole in memory: each file part of a multipart body is written, as it arrives,
// to a private temporary file under DATA_DIR/tmp/uploads, hashed (SHA-256) and counted on the way, with only
// its first bytes kept to tell what it is. The request that received it removes it when it ends (the caller's
// `cleanup()`); a file left behind by a crash is swept once it is an hour old.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { withoutControlChars } from "~/domain/plain-text";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/data-dir.server";

/** Enough to recognise a PDF ('%PDF-') or an MP4 ('ftyp' at byte 4), and little enough to keep for every file. */
export const HEAD_BYTES = 16;

/** A temporary file older than this belongs to no request still running (a crash or a kill left it). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** A file part of a multipart body, on disk until the request ends. */
export interface UploadedFile {
  /** The temporary file holding its bytes (DATA_DIR/tmp/uploads); removed with the request's cleanup. */
  readonly path: string;
  readonly size: number;
  /** Hex SHA-256 of the whole content, computed while it was written. */
  readonly sha256: string;
  /** The first HEAD_BYTES bytes (fewer for a shorter file): what the content is, whatever the name says. */
  readonly head: Buffer;
  /** The name the browser sent, as sent (clean it before storing or showing it). */
  readonly filename: string;
  /** The type the browser declared: a hint, never trusted for what the bytes are. */
  readonly declaredType: string;
}

/** A file name safe to store and to send back in Content-Disposition. */
export function cleanFilename(name: string) {
  const base = withoutControlChars(path.basename(name.replace(/\\/g, "/"))).trim();
  return (base || "archivo").slice(-200);
}

export function uploadsTempDir() {
  return path.join(env().DATA_DIR, "tmp", "uploads");
}

/** A file part being written: `done` settles once the temporary file is closed; `abort` stops it early. */
export interface FileReception {
  readonly path: string;
  readonly done: Promise<UploadedFile>;
  abort(error: Error): void;
}

/**
 * Writes one file part to a new temporary file. Backpressure runs end to end: while the disk is slower than
 * the network, the part's stream pauses, the multipart parser stops reading and so does the socket.
 */
export function receiveFile(part: Readable, info: { filename?: string; mimeType: string }): FileReception {
  const dir = uploadsTempDir();
  const target = path.join(dir, `${crypto.randomUUID()}.part`);
  const hash = crypto.createHash("sha256");
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      callback(null, chunk);
    },
  });
  let stopped: Error | undefined;
  let output: fs.WriteStream | undefined;
  const done = (async () => {
    await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    if (stopped) throw stopped;
    // 'wx': a fresh name, never an existing file (or a link planted there) written through.
    output = fs.createWriteStream(target, { flags: "wx", mode: PRIVATE_FILE_MODE });
    await pipeline(part, measure, output);
    if (stopped) throw stopped;
    return { path: target, size, sha256: hash.digest("hex"), head, filename: info.filename ?? "", declaredType: info.mimeType };
  })();
  // The caller learns of a failure through the whole body's outcome; this one is only awaited, never thrown.
  done.catch(() => {});
  return {
    path: target,
    done,
    abort(error) {
      stopped ??= error;
      // Destroying the file's stream ends the pipeline (closing the temporary file); before it exists, the
      // part is drained so the parser is not left waiting on it.
      if (output) output.destroy(error);
      else part.resume();
    },
  };
}

/** Removes these temporary files (those already moved into the file store are simply gone). */
export async function removeTempFiles(paths: Iterable<string>) {
  await Promise.all(
    [...paths].map((p) =>
      fs.promises.rm(p, { force: true }).catch((error: unknown) => logger.warn({ err: error, path: p }, "could not remove an upload's temporary file")),
    ),
  );
}

/** Removes temporary upload files older than an hour: no request that old is still running. */
export async function sweepStaleUploads(now = Date.now()) {
  const dir = uploadsTempDir();
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const full = path.join(dir, name);
    const stat = await fs.promises.lstat(full).catch(() => undefined);
    if (!stat || now - stat.mtimeMs < STALE_AFTER_MS) continue;
    await fs.promises.rm(full, { force: true, recursive: stat.isDirectory() });
    removed++;
  }
  if (removed > 0) logger.info({ removed, dir }, "removed stale temporary upload files");
  return removed;
}
