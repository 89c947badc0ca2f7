// Start-up: configuration, data directory, database, migrations, built-in catalogue, first admin.
import path from "node:path";
import { openDb, setDbHandle, dbHandle } from "./db/client.server";
import { prepareDataDir, restrictUmask } from "./db/data-dir.server";
import { describeDatabaseUrl, resetDatabaseAvailability, waitForDatabase } from "./db/availability.server";
import { env, parseEnv, setEnv } from "./env.server";
import { configureLogger, logger } from "./logger.server";
import { loadCatalogue } from "./catalogue.server";
import { refreshCatalogue } from "./catalogue-refresh.server";
import { resetAuth } from "./auth.server";
import { publishBackupEndpoint } from "./backup/endpoint.server";
import { startOutboxWorker, type OutboxWorker } from "./outbox-worker.server";
import { sweepStaleUploads } from "./uploaded-files.server";

let worker: OutboxWorker | undefined;

let booted: Promise<void> | undefined;

export function boot(): Promise<void> {
  booted ??= (async () => {
    setEnv(parseEnv());
    configureLogger();
    const config = env();
    // Everything this process creates is owner-only; DATA_DIR must be usable (else a clear message and exit).
    restrictUmask();
    await prepareDataDir(config.DATA_DIR);
    // Temporary upload files of requests a crash or a kill cut short.
    await sweepStaleUploads().catch((error: unknown) => logger.warn({ err: error }, "could not sweep stale uploads"));
    const handle = await openDb(
      config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, "db") },
    );
    if (config.DATABASE_URL) {
      await waitForDatabase(handle, { timeoutSeconds: config.DATABASE_CONNECT_TIMEOUT, target: describeDatabaseUrl(config.DATABASE_URL) }).catch(
        async (error: unknown) => {
          await handle.close().catch(() => {});
          throw error;
        },
      );
    }
    setDbHandle(handle);
    resetAuth();
    await handle.migrate();
    if (handle.kind === "pglite") await publishBackupEndpoint();
    await loadCatalogue();
    // Courses already in the database get their new bundled material, unless an admin edited them.
    await refreshCatalogue();
    const { ensureAdminFromEnv } = await import("./admin-bootstrap.server");
    await ensureAdminFromEnv();
    worker = startOutboxWorker();
    logger.info({ database: handle.kind, dataDir: config.DATA_DIR, publicUrl: config.PUBLIC_URL }, "academia ready");
  })();
  return booted;
}

export async function shutdown() {
  if (!booted) return;
  await booted.catch(() => {});
  await worker?.stop();
  worker = undefined;
  resetDatabaseAvailability();
  await dbHandle().close();
  setDbHandle(undefined);
  booted = undefined;
}
