// The backup script's side of the internal endpoint: finds the running server through the file it
// published and asks it for the backup.
import fs from "node:fs";
import { endpointFile, type EndpointInfo } from "./endpoint.server";
import type { BackupResult } from "./format.server";

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Asks the server running on DATA_DIR for a backup; undefined when no server is running there. */
export async function requestServerBackup(dataDir: string): Promise<BackupResult | undefined> {
  let info: EndpointInfo;
  try {
    info = JSON.parse(await fs.promises.readFile(endpointFile(dataDir), "utf8")) as EndpointInfo;
  } catch {
    return undefined;
  }
  // The file outlives a crashed or stopped server; its PID tells whether anyone is there to ask.
  if (!processAlive(info.pid)) return undefined;
  let response: Response;
  try {
    response = await fetch(info.url, { method: "POST", headers: { authorization: `Bearer ${info.token}` } });
  } catch (error) {
    throw new Error(`The academy (PID ${info.pid}) holds the database but did not answer at ${info.url}: ${String(error)}`);
  }
  const body = (await response.json().catch(() => ({}))) as BackupResult & { error?: string };
  if (!response.ok) throw new Error(`The academy could not write the backup (${response.status}): ${body.error ?? "unknown error"}`);
  return body;
}
