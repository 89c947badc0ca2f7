// `npm run restore -- FILE`: restores a backup written by `npm run backup` into a stopped academy
// (DATA_DIR, or DATABASE_URL for a PostgreSQL backup). The replaced embedded database is kept beside it.
import fs from "node:fs";
import path from "node:path";
import { readManifest, restoreBackup } from "~/server/platform/backup/restore.server";
import { DataDirLockedError } from "~/server/platform/db/data-dir-lock.server";
import { env } from "~/server/platform/env.server";

export async function restore(args: string[]): Promise<number> {
  const file = args[0];
  if (!file || file.startsWith("-")) {
    console.error("Usage: npm run restore -- <backup file>   (e.g. data/backups/academia-20250101-120000.tar)");
    return 2;
  }
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = env();
  try {
    if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
    const { manifest } = await readManifest(file);
    console.log(`Restoring ${file} (${manifest.database} database, ${manifest.files} files, taken ${manifest.createdAt})`);
    const result = await restoreBackup(path.resolve(file), { dataDir, databaseUrl });
    console.log(`Restored into ${result.database === "postgres" ? "DATABASE_URL" : path.join(dataDir, "db")}; ${result.files} files in ${path.join(dataDir, "files")}.`);
    console.log(`  rows: ${Object.entries(result.counts).map(([t, n]) => `${t} ${n}`).join(", ")}`);
    if (result.previousDb) console.log(`  The database it replaced is kept in ${result.previousDb} (delete it once satisfied).`);
    console.log("Start the academy (npm start); migrations bring an older backup up to date.");
    return 0;
  } catch (error) {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof DataDirLockedError) console.error("Stop the academy before restoring (a backup replaces its database).");
    return 1;
  }
}
