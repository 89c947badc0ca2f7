// `npm run backup`: a dated backup of the database and the uploaded files in DATA_DIR/backups.
// Embedded database: the running academy writes it (it holds the database); with none running, the data
// directory is opened here. PostgreSQL (DATABASE_URL): pg_dump, which must be on the PATH.
import path from "node:path";
import { backupOffline, backupPostgres } from "~/server/platform/backup/backup.server";
import { requestServerBackup } from "~/server/platform/backup/client.server";
import type { BackupResult } from "~/server/platform/backup/format.server";
import { DataDirLockedError } from "~/server/platform/db/data-dir-lock.server";
import { env } from "~/server/platform/env.server";

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function backup(): Promise<number> {
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = env();
  try {
    let result: BackupResult;
    let how: string;
    if (databaseUrl) {
      result = await backupPostgres(databaseUrl, dataDir);
      how = "pg_dump of DATABASE_URL";
    } else {
      const fromServer = await requestServerBackup(dataDir);
      if (fromServer) {
        result = fromServer;
        how = "written by the running academy";
      } else {
        result = await backupOffline(dataDir);
        how = "no academy running: database opened directly";
      }
    }
    const shown = path.relative(process.cwd(), result.file).startsWith("..") ? result.file : path.relative(process.cwd(), result.file);
    console.log(`Backup written: ${result.file}`);
    console.log(`  ${result.database} database + ${result.files} files, ${mb(result.bytes)} (${how})`);
    console.log(`  Restore into a stopped academy: npm run restore -- ${shown}`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Backup failed: ${message}`);
    if (error instanceof DataDirLockedError) console.error("The academy seems to be starting or stopping; try again in a moment.");
    return 1;
  }
}
