// Where stored content's bytes live, chosen by STORAGE: this machine's disk (DATA_DIR/files, the default) or an
// S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), which every instance of the academy shares. Keys are
// content-addressed (storage.server.ts: `ab/<sha256>.<ext>`), so an object never changes once written: writing the
// same key twice writes the same bytes, and nothing needs to be locked or invalidated.
import type { Readable } from "node:stream";
import { env } from "../env.server";
import { diskStore } from "./disk-store.server";
import { s3Store } from "./s3-store.server";

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface ObjectStore {
  readonly kind: "disk" | "s3";
  /** Where it is, for logs and messages (no secret). */
  describe(): string;
  has(key: string): Promise<boolean>;
  /** Its size, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** Stores bytes under `key`. */
  putBytes(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file of this disk under `key`, streamed (never read whole). The disk store may move the file into place;
   * the caller removes what is left at `file.path` either way.
   */
  putFile(key: string, file: { path: string; size: number }, contentType: string): Promise<void>;
  /** The object's bytes (or those of `range`), streamed; null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
}

let current: ObjectStore | undefined;
let currentFor: string | undefined;

/** The store the configuration names (made once per configuration). */
export function objectStore(): ObjectStore {
  const config = env();
  const identity = JSON.stringify(
    config.STORAGE === "s3"
      ? [config.S3_ENDPOINT, config.S3_BUCKET, config.S3_PREFIX, config.S3_REGION, config.S3_FORCE_PATH_STYLE, config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY]
      : [config.DATA_DIR],
  );
  if (!current || currentFor !== identity) {
    current = config.STORAGE === "s3" ? s3Store(config) : diskStore(config.DATA_DIR);
    currentFor = identity;
  }
  return current;
}
