// The tar container of a backup, through node-tar. Archives are plain ustar (`tar tf` reads them), and
// node-tar reads the ones the earlier hand-written writer produced: same layout, same header format.
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { PRIVATE_FILE_MODE } from "../db/data-dir.server";

export interface ArchivePart {
  /** Directory the paths are relative to. */
  cwd: string;
  /** Regular files, in archive order; directories are not recursed into by the caller's choice. */
  paths: string[];
  /** Directory the entries get inside the archive ("db" turns pgdata.tar.gz into db/pgdata.tar.gz). */
  prefix?: string;
}

export interface ArchiveEntry {
  name: string;
  size: number;
}

// node-tar turns a second path to an already archived inode into a hard-link entry. Backups hold regular
// files only (what the hand-written codec wrote, and what the restore expects), so it never finds one.
class NoHardLinks extends Map<`${number}:${number}`, string> {
  override get() {
    return undefined;
  }
}

/**
 * Writes a new archive at `target` (which must not exist; created 0600) from parts in order, and fsyncs it.
 * A file that shrinks while being read fails the write (node-tar: "encountered unexpected EOF"); one that
 * grows is either refused the same way or cut at the size its header announced, so the archive stays
 * well-formed. Files in DATA_DIR/files never change once in place, so neither happens in practice.
 */
export async function writeArchive(target: string, parts: ArchivePart[]): Promise<void> {
  // "wx": never overwrite, and the mode is fixed here rather than left to the process umask.
  await (await fs.promises.open(target, "wx", PRIVATE_FILE_MODE)).close();
  try {
    // node-tar has no `-C` between entries; `tar.r` appends to the archive, one call per source directory.
    for (const part of parts) {
      if (part.paths.length === 0) continue;
      await tar.r({ file: target, cwd: part.cwd, prefix: part.prefix, portable: true, strict: true, linkCache: new NoHardLinks() }, part.paths);
    }
    const handle = await fs.promises.open(target, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
}

function describeReadError(file: string, error: unknown): Error {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "TAR_BAD_ARCHIVE" || /truncated|unexpected EOF/i.test(message)) {
    return new Error(`${file} is not a complete backup (truncated archive)`);
  }
  return new Error(`${file} is not a valid backup (${message})`);
}

/** Lists the regular files of an archive; a damaged or truncated archive is refused, not listed in part. */
export async function listArchive(file: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type === "File" || entry.type === "OldFile") entries.push({ name: entry.path, size: entry.size ?? 0 });
      },
    });
  } catch (error) {
    throw describeReadError(file, error);
  }
  return entries;
}

/** The bytes of one entry (small ones: the manifest, the embedded database's tarball). */
export async function readArchiveEntry(file: string, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let found = false;
  try {
    await tar.t({
      file,
      strict: true,
      filter: (entryPath) => entryPath === name,
      onReadEntry: (entry) => {
        found = true;
        entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      },
    });
  } catch (error) {
    throw describeReadError(file, error);
  }
  if (!found) throw new Error(`${file} has no ${name}`);
  return Buffer.concat(chunks);
}

/**
 * Extracts the entries `accept` picks into `cwd`. node-tar's defaults are kept on purpose: absolute paths
 * are made relative and entries with `..` are skipped, so nothing lands outside `cwd`.
 */
export async function extractArchive(file: string, cwd: string, accept: (name: string) => boolean): Promise<void> {
  try {
    await tar.x({ file, cwd, strict: true, filter: (entryPath) => accept(entryPath) });
  } catch (error) {
    throw describeReadError(file, error);
  }
}

/** Regular files under `root`, as sorted archive-style relative paths, without half-written ones. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      // Uploads (and restores) write NAME.tmp and rename it into place when complete.
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) out.push(path.relative(root, full).split(path.sep).join("/"));
    }
  }
  await walk(root);
  return out.sort();
}
