// Images the owner uploads (a reading's figures, a course's cover): what the bytes are (by their first bytes,
// whatever the name or the browser says), within a size and a pixel count, then decoded and re-encoded by
// sharp — turned upright, resized, and written anew, so no EXIF, GPS, XMP or ICC comment survives — into WebP
// with a JPEG (or PNG, when it has transparency) fallback, and stored through the file store.
//
// sharp decodes and encodes on libuv's thread pool, never on the event loop; a small gate keeps two owners'
// uploads from taking every one of the machine's cores at once.
import { promises as fs } from "node:fs";
import sharp from "sharp";
import { imageMessages, IMAGE_MAX_MB } from "~/domain/image-upload";
import { storeAsset, type Asset } from "../platform/storage/storage.server";
import type { DbOrTx } from "../platform/db/client.server";
import type { UploadedFile } from "../platform/http/uploaded-files.server";

export type ImageKind = "png" | "jpeg" | "webp" | "gif";

/** What an image is by its first bytes (UploadedFile.head holds enough); null for anything else, SVG included. */
export function detectImageKind(head: Uint8Array): ImageKind | null {
  const b = Buffer.from(head);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (b.length >= 6 && (b.toString("latin1", 0, 6) === "GIF87a" || b.toString("latin1", 0, 6) === "GIF89a")) return "gif";
  return null;
}

/** Past this many pixels an image is refused before it is decoded (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

let running = 0;
const waiting: (() => void)[] = [];
const GATE = 2;

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= GATE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export type CheckedImage =
  | { ok: true; input: Buffer; width: number; height: number; alpha: boolean }
  | { ok: false; message: string; status?: number };

/** Reads an uploaded file as an image: its kind by content, its size, a single frame, a sane pixel count. */
export async function checkImageUpload(file: UploadedFile): Promise<CheckedImage> {
  if (file.size === 0) return { ok: false, message: imageMessages.noFile };
  if (file.size > IMAGE_MAX_MB * 1024 * 1024) return { ok: false, message: imageMessages.tooLarge, status: 413 };
  const kind = detectImageKind(file.head);
  if (!kind) return { ok: false, message: imageMessages.notImage };
  const input = await fs.readFile(file.path);
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).metadata();
    if ((meta.pages ?? 1) > 1) return { ok: false, message: imageMessages.animated };
    if (!meta.width || !meta.height) return { ok: false, message: imageMessages.unreadable };
    // An EXIF orientation of 5–8 turns the picture a quarter: its upright size swaps the two.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      ok: true,
      input,
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      alpha: Boolean(meta.hasAlpha),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) return { ok: false, message: imageMessages.tooManyPixels };
    return { ok: false, message: imageMessages.unreadable };
  }
}

export interface EncodedVariant {
  bytes: Buffer;
  width: number;
  height: number;
  mime: string;
  ext: "webp" | "jpg" | "png";
}

/**
 * One re-encoded copy at most `width` wide (never enlarged), or cropped to exactly width × height when both are
 * given (a cover's card and hero). sharp writes no metadata unless asked: none is asked.
 */
export async function encodeVariant(
  image: Extract<CheckedImage, { ok: true }>,
  format: "webp" | "fallback",
  size: { width: number; height?: number },
): Promise<EncodedVariant> {
  return inTurn(async () => {
    let pipeline = sharp(image.input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size.height ? { width: size.width, height: size.height, fit: "cover", position: "attention" } : { width: size.width, withoutEnlargement: true });
    let ext: EncodedVariant["ext"];
    if (format === "webp") {
      pipeline = pipeline.webp({ quality: 80, effort: 4 });
      ext = "webp";
    } else if (image.alpha) {
      pipeline = pipeline.png({ compressionLevel: 9, palette: true });
      ext = "png";
    } else {
      pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true });
      ext = "jpg";
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, ext, mime: ext === "webp" ? "image/webp" : ext === "png" ? "image/png" : "image/jpeg" };
  });
}

/** Stores a variant as an asset, named by what it is (the name shows only in a download). */
export function storeVariant(variant: EncodedVariant, name: string, tx: DbOrTx): Promise<Asset> {
  return storeAsset(variant.bytes, { filename: `${name}.${variant.ext}`, mime: variant.mime }, tx);
}
