// DATA_DIR holds the embedded database, uploaded files, outgoing mail (reset links), backups, the lock and the
// backup token: nobody but the academy's own user may read or change any of it. Directories are 0700 and
// files 0600 whatever umask the process was started with; a data directory left with looser modes (an
// older version, a copy made by hand) is tightened at start, and the change is logged.
import fs from "node:fs";
import path from "node:path";
import { logger } from "../logger.server";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Group and others: no bit of these may be set on anything under DATA_DIR. */
const NOT_OWNER = 0o077;
/** A data directory this large is not walked to the end at every start (the walk is synchronous work at boot). */
const MAX_ENTRIES = 200_000;

/** DATA_DIR cannot be used; the message names the path and the reason, and is meant for the operator as is. */
export class DataDirError extends Error {}

/** New files and directories of this process are owner-only whatever umask it was started with. */
export function restrictUmask() {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads may not change the umask; every write under DATA_DIR also passes an explicit mode.
  }
}

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "read-only file system",
  ENOTDIR: "a part of the path is a file, not a directory",
  EEXIST: "a file that is not a directory already has that name",
  ENOENT: "a part of the path does not exist",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the path is too long",
};

function explain(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (!e?.code) return error instanceof Error ? error.message : String(error);
  return `${REASONS[e.code] ?? e.message} (${e.code}${e.path ? ` on ${e.path}` : ""})`;
}

const advice = "Check the path, that the user running the academy may write there and that the disk has room, or set DATA_DIR to another directory.";

/**
 * Makes sure DATA_DIR exists, is a directory this process can write, and holds nothing readable by others.
 * Throws DataDirError with a message fit to print as is.
 */
export async function prepareDataDir(dir: string): Promise<TightenResult> {
  try {
    await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw new DataDirError(`DATA_DIR ${dir} cannot be created: ${explain(error)}. ${advice}`);
  }
  const stat = await fs.promises.stat(dir).catch((error: unknown) => {
    throw new DataDirError(`DATA_DIR ${dir} cannot be read: ${explain(error)}. ${advice}`);
  });
  if (!stat.isDirectory()) throw new DataDirError(`DATA_DIR ${dir} is not a directory. ${advice}`);
  // A directory that exists can still refuse writes (owner, read-only mount, full disk): find out now, not
  // when the first learner uploads a file or asks for a reset link.
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    await fs.promises.writeFile(probe, "ok\n", { flag: "w", mode: PRIVATE_FILE_MODE });
  } catch (error) {
    throw new DataDirError(`DATA_DIR ${dir} is not writable: ${explain(error)}. ${advice}`);
  } finally {
    await fs.promises.rm(probe, { force: true }).catch(() => {});
  }
  let result: TightenResult;
  try {
    result = await tightenModes(dir);
  } catch (error) {
    throw new DataDirError(`DATA_DIR ${dir}: its contents cannot be made owner-only: ${explain(error)}. ${advice}`);
  }
  if (result.changed.length > 0) {
    logger.warn(
      {
        dataDir: dir,
        changed: result.changed.length,
        examples: result.changed.slice(0, 20).map((c) => `${c.path} ${octal(c.from)} -> ${octal(c.to)}`),
      },
      "DATA_DIR had files or directories others could read or write: made them owner-only (directories 0700, files 0600)",
    );
  }
  if (result.notOwned.length > 0) {
    logger.warn({ dataDir: dir, examples: result.notOwned.slice(0, 20) }, "DATA_DIR holds entries of another user: left as they are");
  }
  if (result.truncated) logger.warn({ dataDir: dir, checked: MAX_ENTRIES }, "DATA_DIR is too large to check every entry at start");
  return result;
}

export interface ModeChange {
  /** Relative to the walked root ("." for the root itself). */
  path: string;
  from: number;
  to: number;
}

export interface TightenResult {
  changed: ModeChange[];
  notOwned: string[];
  truncated: boolean;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** chmod through a descriptor opened without following symbolic links, so a link swapped in meanwhile is not followed. */
async function chmodNoFollow(target: string, mode: number, isDir: boolean) {
  const flags = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK | (isDir ? fs.constants.O_DIRECTORY : 0);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(target, flags);
  } catch (error) {
    // A file its owner may not read (0200) cannot be opened; it was just seen not to be a link.
    if ((error as NodeJS.ErrnoException).code !== "EACCES") throw error;
    await fs.promises.chmod(target, mode);
    return;
  }
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/**
 * Removes every group/other permission under `root` (root included): directories become 0700, files keep
 * their owner's read/write bits and nothing else. Symbolic links are never followed (their targets may lie
 * outside DATA_DIR); entries of another user are reported, not changed; the walk stops after MAX_ENTRIES.
 */
export async function tightenModes(root: string, maxEntries = MAX_ENTRIES): Promise<TightenResult> {
  const result: TightenResult = { changed: [], notOwned: [], truncated: false };
  const uid = process.getuid?.();
  let seen = 0;
  const visit = async (full: string, stat: fs.Stats): Promise<boolean> => {
    const isDir = stat.isDirectory();
    if (!isDir && !stat.isFile()) return false;
    if ((stat.mode & NOT_OWNER) !== 0) {
      const rel = path.relative(root, full) || ".";
      if (uid !== undefined && stat.uid !== uid) result.notOwned.push(rel);
      else {
        const to = isDir ? PRIVATE_DIR_MODE : stat.mode & PRIVATE_FILE_MODE;
        await chmodNoFollow(full, to, isDir);
        result.changed.push({ path: rel, from: stat.mode & 0o777, to });
      }
    }
    return isDir;
  };
  // The root itself may be a symbolic link (DATA_DIR=/srv/data -> /mnt/volume): that one is the configured place.
  const pending: string[] = [];
  if (await visit(root, await fs.promises.stat(root))) pending.push(root);
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let names: string[];
    try {
      names = await fs.promises.readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    for (const name of names) {
      if (++seen > maxEntries) {
        result.truncated = true;
        return result;
      }
      const full = path.join(dir, name);
      let stat: fs.Stats;
      try {
        stat = await fs.promises.lstat(full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // removed while we looked
        throw error;
      }
      if (stat.isSymbolicLink()) continue;
      if (await visit(full, stat)) pending.push(full);
    }
  }
  return result;
}
