// Records a response as React Router writes it (status, headers, body bytes), so the page cache can keep it.
// It wraps the response's write and end: the only seam Node offers to see the bytes of a streamed render.
import type { Response } from "express";
import { TRANSFER_HEADERS } from "./policy";

export interface Recorded {
  status: number;
  /** The page's own headers (not those of one transfer: length, encoding, date, cookies, the cache's own). */
  headers: [string, string | string[]][];
  /** Every header as sent, to decide whether the response may be kept. */
  sent: Record<string, unknown>;
  body: Buffer;
}

/**
 * Calls `done` once: with what was sent when the response finished, or null when it was too large, abandoned
 * (`abandon()`: something else answered) or the client went away first.
 */
export function recordResponse(res: Response, maxBytes: number, done: (recorded: Recorded | null) => void): { abandon: () => void } {
  let abandoned = false;
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;

  const keep = (chunk: unknown, encoding: unknown) => {
    if (tooBig || chunk == null || typeof chunk === "function") return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buf.length;
    if (size > maxBytes) {
      tooBig = true;
      chunks.length = 0;
    } else chunks.push(Buffer.from(buf));
  };

  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    return write(chunk, encoding, cb);
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    return end(chunk, encoding, cb);
  }) as Response["end"];

  res.once("finish", () => {
    if (abandoned || tooBig) return done(null);
    const sent = res.getHeaders();
    const headers: [string, string | string[]][] = [];
    for (const [name, value] of Object.entries(sent)) {
      if (value === undefined || TRANSFER_HEADERS.has(name) || name === "x-page-cache" || name === "etag") continue;
      headers.push([name, Array.isArray(value) ? value : String(value)]);
    }
    done({ status: res.statusCode, headers, sent, body: Buffer.concat(chunks) });
  });
  res.once("close", () => {
    if (!res.writableFinished) done(null);
  });
  return {
    abandon: () => {
      abandoned = true;
    },
  };
}
