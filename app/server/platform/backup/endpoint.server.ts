// The internal endpoint through which `npm run backup` asks the running server (the only process that may
// open the embedded database) for a backup. The script finds the address and a one-boot token in
// DATA_DIR/backup-endpoint.json (mode 0600, so only the academy's own user can ask for a backup).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/data-dir.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { backupRunningServer } from "./backup.server";
import type { BackupResult } from "./format.server";

export const BACKUP_ENDPOINT_PATH = "/__academia/backup";

export interface EndpointInfo {
  pid: number;
  url: string;
  token: string;
}

let endpointToken: string | undefined;
let running: Promise<BackupResult> | undefined;

export function endpointFile(dataDir: string) {
  return path.join(dataDir, "backup-endpoint.json");
}

/** Called once the embedded database is open: publishes where and how to ask this process for a backup. */
export async function publishBackupEndpoint() {
  const config = env();
  endpointToken = crypto.randomBytes(32).toString("base64url");
  const host = ["0.0.0.0", "::", ""].includes(config.HOST) ? "127.0.0.1" : config.HOST;
  const info: EndpointInfo = {
    pid: process.pid,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}${BACKUP_ENDPOINT_PATH}`,
    token: endpointToken,
  };
  const file = endpointFile(config.DATA_DIR);
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.mkdir(config.DATA_DIR, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.promises.writeFile(tmp, JSON.stringify(info) + "\n", { mode: PRIVATE_FILE_MODE });
  await fs.promises.chmod(tmp, PRIVATE_FILE_MODE);
  await fs.promises.rename(tmp, file);
}

function tokenMatches(given: string | undefined): boolean {
  if (!endpointToken || !given) return false;
  // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the token's length.
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(endpointToken).digest();
  return crypto.timingSafeEqual(a, b);
}

export const backupRoute: RequestHandler = (req, res) => {
  const bearer = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
  if (!tokenMatches(bearer)) {
    // 404, not 401: the endpoint does not advertise itself to anyone without the token.
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  if (running) {
    res.status(409).json({ error: "A backup is already running" });
    return;
  }
  running = backupRunningServer();
  running
    .then((result) => {
      logger.info(result, "backup written");
      res.status(200).json(result);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "backup failed");
      res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => {
      running = undefined;
    });
};
