// One process at a time may open the embedded database: two PGlite instances writing the same files
// corrupt it silently. A lock file beside the data directory names the process that holds it.
import fs from "node:fs";
import os from "node:os";

export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  hostname: string;
  /** Linux: boot id + the process's start time, so a reused PID or a reboot is not mistaken for the holder. */
  identity?: string;
  since: string;
}

const held = new Set<string>();

function processIdentity(pid: number): string | undefined {
  try {
    const bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (start time) comes after the command name, which may itself hold spaces or parentheses.
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    return `${bootId}:${startTime}`;
  } catch {
    return undefined;
  }
}

function isAlive(info: LockInfo): boolean {
  if (!Number.isInteger(info.pid) || info.pid <= 0 || info.pid === process.pid) return false;
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (info.identity) {
    const now = processIdentity(info.pid);
    if (now !== undefined && now !== info.identity) return false;
  }
  return true;
}

function readLock(lockPath: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}

function isFresh(lockPath: string) {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

/**
 * Takes the lock `<dataDir>.lock` for this process, or throws DataDirLockedError naming the live holder.
 * A lock left by a process that no longer runs (crash, SIGKILL, reboot) is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = `${dataDir.replace(/[/\\]+$/, "")}.lock`;
  if (held.has(lockPath)) {
    throw new DataDirLockedError(`The embedded database ${dataDir} is already open in this process.`);
  }
  const mine: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    identity: processIdentity(process.pid),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine) + "\n", { flag: "wx", mode: 0o600 });
      held.add(lockPath);
      return () => {
        if (!held.delete(lockPath)) return;
        if (readLock(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const other = readLock(lockPath);
    if (!other && isFresh(lockPath)) {
      // Another process has just created the file and not yet written its PID.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      continue;
    }
    if (other && isAlive(other)) {
      throw new DataDirLockedError(
        `The embedded database ${dataDir} is in use by another running process ` +
          `(PID ${other.pid} on ${other.hostname}, since ${other.since}). ` +
          `Stop that process first: only one process may open the embedded database ` +
          `(several instances need PostgreSQL, DATABASE_URL). ` +
          `If that process is not an Academia server, delete ${lockPath}.`,
      );
    }
    // The holder is gone (or the file is half-written by a process that died): take it over.
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}: another process keeps taking it.`);
}
