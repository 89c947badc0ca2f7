// Stored content (lesson material, uploads): its bytes in the object store (object-store.server.ts: DATA_DIR/files
// by default, or an S3-compatible bucket), addressed by content hash, and an asset row naming them.
import crypto from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { db } from "../db/client.server";
import { asset } from "../db/schema";
import { objectStore } from "./object-store.server";

export type Asset = typeof asset.$inferSelect;

/** The one rule for where content lives: `<first two hex digits>/<sha256><the name's extension>`. */
export function storageKeyOf(sha256: string, filename: string) {
  const ext = path.extname(filename).toLowerCase().replace(/[^.a-z0-9]/g, "");
  return `${sha256.slice(0, 2)}/${sha256}${ext}`;
}

/** Stores bytes (deduplicated by SHA-256) and records them as an asset. For content already on disk, storeAssetFile. */
export async function storeAsset(
  bytes: Buffer,
  meta: { filename: string; mime: string },
  tx: DbOrTx = db(),
): Promise<Asset> {
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const storageKey = storageKeyOf(sha256, meta.filename);
  const store = objectStore();
  if (!(await store.has(storageKey))) await store.putBytes(storageKey, bytes, meta.mime);
  return recordAsset(tx, { storageKey, filename: meta.filename, mime: meta.mime, size: bytes.length, sha256 });
}

/**
 * Stores a file already on disk and already hashed (an upload's temporary file) without reading it into memory:
 * moved into place on disk, streamed to a bucket, or left where it is when that content is stored already (its
 * owner removes what is left).
 */
export async function storeAssetFile(
  file: { path: string; size: number; sha256: string },
  meta: { filename: string; mime: string },
  tx: DbOrTx = db(),
): Promise<Asset> {
  const storageKey = storageKeyOf(file.sha256, meta.filename);
  const store = objectStore();
  if (!(await store.has(storageKey))) await store.putFile(storageKey, file, meta.mime);
  return recordAsset(tx, { storageKey, filename: meta.filename, mime: meta.mime, size: file.size, sha256: file.sha256 });
}

/** The asset row of this content and name: the existing one (same storage key), else a new one. */
async function recordAsset(tx: DbOrTx, row: typeof asset.$inferInsert): Promise<Asset> {
  const existing = await tx.select().from(asset).where(eq(asset.storageKey, row.storageKey)).limit(1);
  if (existing[0]) return existing[0];
  const [inserted] = await tx.insert(asset).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [again] = await tx.select().from(asset).where(eq(asset.storageKey, row.storageKey)).limit(1);
  return again!;
}

export async function getAsset(id: number, tx: DbOrTx = db()): Promise<Asset | undefined> {
  const rows = await tx.select().from(asset).where(eq(asset.id, id)).limit(1);
  return rows[0];
}

/** A small stored file's bytes, whole (a tax document's PDF); null when the store lacks them. Large files are streamed instead (objectStore().read). */
export async function readAssetBytes(stored: Pick<Asset, "storageKey">): Promise<Buffer | null> {
  const stream = await objectStore().read(stored.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
