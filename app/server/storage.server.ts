// Files (lesson material, uploads) live on local disk under DATA_DIR/files, addressed by content hash.
// The interface is small on purpose: an S3-compatible bucket can replace it for several instances.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "./db/client.server";
import { db } from "./db/client.server";
import { asset } from "./db/schema";
import { env } from "./env.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./db/data-dir.server";

export type Asset = typeof asset.$inferSelect;

function filesDir() {
  return path.join(env().DATA_DIR, "files");
}

export function assetPath(storageKey: string) {
  return path.join(filesDir(), storageKey);
}

/** The one rule for where content lives: DATA_DIR/files/<first two hex digits>/<sha256><the name's extension>. */
function storageKeyOf(sha256: string, filename: string) {
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
  const target = assetPath(storageKey);
  if (!fs.existsSync(target)) {
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
    await fs.promises.rename(tmp, target);
  }
  return recordAsset(tx, { storageKey, filename: meta.filename, mime: meta.mime, size: bytes.length, sha256 });
}

/**
 * Stores a file already on disk and already hashed (an upload's temporary file) without reading it: it is
 * moved into place, or left where it is when that content is stored already (its owner removes it).
 */
export async function storeAssetFile(
  file: { path: string; size: number; sha256: string },
  meta: { filename: string; mime: string },
  tx: DbOrTx = db(),
): Promise<Asset> {
  const storageKey = storageKeyOf(file.sha256, meta.filename);
  const target = assetPath(storageKey);
  if (!fs.existsSync(target)) {
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    await moveInto(file.path, target);
  }
  return recordAsset(tx, { storageKey, filename: meta.filename, mime: meta.mime, size: file.size, sha256: file.sha256 });
}

/** rename(2) is atomic on one filesystem (DATA_DIR/tmp and DATA_DIR/files normally are); across two, copy then rename. */
async function moveInto(from: string, target: string) {
  try {
    await fs.promises.rename(from, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.copyFile(from, tmp);
    await fs.promises.chmod(tmp, PRIVATE_FILE_MODE);
    await fs.promises.rename(tmp, target);
  }
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
