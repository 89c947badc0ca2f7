// `npm run db:copy-to-postgres -- --to postgres://…`: moves an academy from its embedded database (DATA_DIR/db) into an
// empty PostgreSQL database, and its files into the bucket when STORAGE=s3. Stop the academy first (the embedded
// database admits one process). The source is brought to the current migrations, the target migrated to the same,
// every table copied and then checked by row counts; then start the academy with DATABASE_URL set to the target.
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { env } from "~/server/platform/env.server";
import { createEmbeddedPglite, openDb } from "~/server/platform/db/client.server";
import { acquireDataDirLock } from "~/server/platform/db/data-dir-lock.server";
import { assertEmpty, copyEmbeddedToPostgres } from "~/server/platform/db/copy-to-postgres.server";
import { objectStore } from "~/server/platform/storage/object-store.server";
import { copyFilesToStore } from "~/server/platform/storage/copy-files.server";

const usage = "Usage: npm run db:copy-to-postgres -- --to postgres://user:password@host:5432/database [--from <data dir>]";

export async function copyToPostgres(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { to: { type: "string" }, from: { type: "string" } }, strict: true });
  const url = values.to;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(usage);
    return 2;
  }
  const dataDir = path.resolve(values.from ?? env().DATA_DIR);
  const dbDir = path.join(dataDir, "db");

  // Both databases at the current migrations, so their tables have the same columns.
  const sourceHandle = await openDb({ dataDir: dbDir });
  try {
    await sourceHandle.migrate();
  } finally {
    await sourceHandle.close();
  }
  const targetHandle = await openDb({ url });
  try {
    await targetHandle.migrate();
  } finally {
    await targetHandle.close();
  }

  const target = postgres(url, { max: 1, onnotice: () => {} });
  const release = acquireDataDirLock(dbDir);
  const source = await createEmbeddedPglite(dbDir);
  try {
    await assertEmpty(target);
    console.log(`Copying the embedded database in ${dbDir} into ${new URL(url).host}${new URL(url).pathname}…`);
    const result = await copyEmbeddedToPostgres(source, target, (table, rows) => {
      if (rows > 0) console.log(`  ${table}: ${rows}`);
    });
    if (result.mismatched.length > 0) {
      console.error(`Row counts differ in: ${result.mismatched.join(", ")}. The target is left as it is: drop it and try again.`);
      return 1;
    }
    const rows = result.tables.reduce((n, t) => n + t.target, 0);
    console.log(`Verified: ${result.tables.length} tables, ${rows} rows, the same counts in both databases.`);
  } finally {
    await source.close();
    release();
    await target.end({ timeout: 5 });
  }

  const store = objectStore();
  if (store.kind === "s3") {
    const report = await copyFilesToStore(dataDir, store);
    if (report.mismatched.length > 0) {
      console.error(`Files: ${report.mismatched.length} objects missing or of another size in ${store.describe()}; run npm run storage:copy again.`);
      return 1;
    }
    console.log(`Files: ${report.files} in ${store.describe()} (${report.copied} copied, ${report.alreadyThere} already there), each checked.`);
  } else {
    console.log(`Files: they stay in ${path.join(dataDir, "files")} (STORAGE=disk); keep DATA_DIR for the academy on PostgreSQL.`);
  }
  console.log("Start the academy with DATABASE_URL set to this database.");
  return 0;
}
