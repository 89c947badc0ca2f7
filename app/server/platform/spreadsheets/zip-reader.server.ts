// Reading entries of a ZIP archive (an XLSX is one) without trusting what the archive says about itself: the
// sizes it declares are ignored, and every entry is inflated under one budget of bytes actually produced,
// which node:zlib enforces while inflating (maxOutputLength), so a bomb stops at the budget, not at the end.
// Only what an XLSX needs: stored or deflated entries, no ZIP64, no encryption.
import zlib from "node:zlib";

export class ZipUnreadable extends Error {}
/** The entries read so far would inflate to more than the budget. */
export class ZipTooLarge extends Error {}

interface CentralEntry {
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Far more than any workbook has; bounds the directory's parsing. */
const MAX_ENTRIES = 10_000;

export class ZipReader {
  private readonly entries = new Map<string, CentralEntry>();
  private remaining: number;

  /** `budget`: the most bytes all inflated entries together may produce. */
  constructor(
    private readonly bytes: Uint8Array,
    budget: number,
  ) {
    this.remaining = budget;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const u16 = (at: number) => view.getUint16(at, true);
    const u32 = (at: number) => view.getUint32(at, true);
    // The end-of-central-directory record: in the last 22 bytes, or before a comment of up to 64 KB.
    let end = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
      if (u32(at) === EOCD) {
        end = at;
        break;
      }
    }
    if (end < 0) throw new ZipUnreadable("no end of central directory");
    const count = u16(end + 10);
    const size = u32(end + 12);
    let at = u32(end + 16);
    if (count === 0xffff || size === 0xffffffff || at === 0xffffffff) throw new ZipUnreadable("ZIP64 is not supported");
    if (count > MAX_ENTRIES || at + size > end) throw new ZipUnreadable("central directory out of bounds");
    const names = new TextDecoder("utf-8");
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || u32(at) !== CENTRAL) throw new ZipUnreadable("bad central directory entry");
      const nameLength = u16(at + 28);
      const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
      if (next > end) throw new ZipUnreadable("central directory entry out of bounds");
      const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      if (!this.entries.has(name)) this.entries.set(name, { flags: u16(at + 8), method: u16(at + 10), compressedSize: u32(at + 20), localOffset: u32(at + 42) });
      at = next;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, inflated within what is left of the budget; null when the archive has no such entry. */
  read(name: string): Uint8Array | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.flags & 0x1) throw new ZipUnreadable("encrypted entry");
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL) throw new ZipUnreadable("bad local header");
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const stop = start + entry.compressedSize;
    if (stop > this.bytes.length) throw new ZipUnreadable("entry out of bounds");
    const data = this.bytes.subarray(start, stop);
    let out: Uint8Array;
    if (entry.method === 0) {
      if (data.length > this.remaining) throw new ZipTooLarge();
      out = data;
    } else if (entry.method === 8) {
      if (this.remaining <= 0) throw new ZipTooLarge();
      try {
        out = zlib.inflateRawSync(data, { maxOutputLength: this.remaining });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new ZipTooLarge();
        throw new ZipUnreadable("bad deflate data");
      }
    } else {
      throw new ZipUnreadable(`compression method ${entry.method}`);
    }
    this.remaining -= out.length;
    return out;
  }
}
