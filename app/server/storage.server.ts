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

/** Stores bytes (deduplicated by SHA-256) and records them as an asset. */
export async function storeAsset(
  bytes: Buffer,
  meta: { filename: string; mime: string },
  tx: DbOrTx = db(),
): Promise<Asset> {
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const ext = path.extname(meta.filename).toLowerCase().replace(/[^.a-z0-9]/g, "");
  const storageKey = `${sha256.slice(0, 2)}/${sha256}${ext}`;
  const target = assetPath(storageKey);
  if (!fs.existsSync(target)) {
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
    await fs.promises.rename(tmp, target);
  }
  const existing = await tx.select().from(asset).where(eq(asset.storageKey, storageKey)).limit(1);
  if (existing[0]) return existing[0];
  const [row] = await tx
    .insert(asset)
    .values({ storageKey, filename: meta.filename, mime: meta.mime, size: bytes.length, sha256 })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [again] = await tx.select().from(asset).where(eq(asset.storageKey, storageKey)).limit(1);
  return again!;
}

export async function getAsset(id: number, tx: DbOrTx = db()): Promise<Asset | undefined> {
  const rows = await tx.select().from(asset).where(eq(asset.id, id)).limit(1);
  return rows[0];
}
