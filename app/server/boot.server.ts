// Start-up: configuration, data directory, database, migrations, built-in catalogue, first admin.
import "./areas.server";
import { ensureCertificateRemindersScheduled } from "./certificates/jobs/expiry-reminders.server";
import { ensureComplianceSnapshotsScheduled } from "./companies/jobs/compliance-snapshots.server";
import { ensureCompanyNudgesScheduled } from "./companies/jobs/nudges.server";
import { ensureRetentionScheduled } from "./privacy/jobs/retention.server";
import { ensureRemindersScheduled } from "./sessions/jobs/reminders.server";
import path from "node:path";
import { openDb, setDbHandle, dbHandle } from "./platform/db/client.server";
import { prepareDataDir, restrictUmask } from "./platform/db/data-dir.server";
import { describeDatabaseUrl, resetDatabaseAvailability, waitForDatabase } from "./platform/db/availability.server";
import { env, parseEnv, setEnv } from "./platform/env.server";
import { configureLogger, logger } from "./platform/logger.server";
import { ensureCatalogueFiles, loadCatalogue } from "./catalogue/catalogue.server";
import { refreshCatalogue } from "./authoring/refresh.server";
import { resetAuth } from "./accounts/auth.server";
import { publishBackupEndpoint } from "./platform/backup/endpoint.server";
import { startOutboxWorker, type OutboxWorker } from "./platform/outbox/worker.server";
import { sweepStaleUploads } from "./platform/http/uploaded-files.server";
import { dteConfig } from "./commerce/tax-documents/config.server";
import { objectStore } from "./platform/storage/object-store.server";

let worker: OutboxWorker | undefined;

let booted: Promise<void> | undefined;

export function boot(): Promise<void> {
  booted ??= (async () => {
    setEnv(parseEnv());
    configureLogger();
    const config = env();
    // The tax-document provider's variables, checked as a whole: a wrong one stops the start, naming it.
    const dte = dteConfig(config);
    if (dte.enabled) logger.info({ provider: dte.provider, environment: dte.environment, issuer: dte.issuer.rut }, "tax documents: on");
    else if (config.NODE_ENV === "production") logger.warn("tax documents: off — sales get no boleta or factura until DTE_PROVIDER is set (docs/payments.md)");
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
    // An instance with its own disk (or a new bucket) gets the built-in lesson files the shared database names.
    await ensureCatalogueFiles().catch((error: unknown) => {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`The file store ${objectStore().describe()} cannot be used: ${reason}. Check STORAGE and the S3_* settings (bucket, endpoint, keys).`);
    });
    const { ensureAdminFromEnv } = await import("./accounts/admin-bootstrap.server");
    await ensureAdminFromEnv();
    // The daily retention job (docs/privacy.md) queues its own next run; the first one is queued here.
    await ensureRetentionScheduled();
    // The look for skills-session reminders due (docs/skills-sessions.md) queues its own next run too.
    await ensureRemindersScheduled(undefined, 60);
    // So does the hourly look for certificate expiry reminders (docs/certificate-validity.md).
    await ensureCertificateRemindersScheduled(undefined, 60);
    // And the hourly look for the companies' monthly compliance snapshots, which catches up on a missed 1st.
    await ensureComplianceSnapshotsScheduled(undefined, 60);
    // And the hourly look for the companies' automatic nudges and the managers' completion digest.
    await ensureCompanyNudgesScheduled(undefined, 60);
    worker = startOutboxWorker();
    logger.info({ database: handle.kind, dataDir: config.DATA_DIR, files: objectStore().describe(), publicUrl: config.PUBLIC_URL }, "academia ready");
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
