// Builds the app into its own folder and serves it on a fresh embedded database for the end-to-end tests.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.E2E_PORT || "3210";
const buildDir = process.env.BUILD_DIR || "build-e2e";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-e2e-"));

// The local Webpay Plus server (scripts/webpay): the app's Transbank SDK is pointed at it, so paying works offline.
const webpayPort = process.env.E2E_WEBPAY_PORT || String(Number(port) + 1);
const webpay = spawn(process.execPath, ["--import", "tsx", "scripts/webpay/dev.ts", "--port", webpayPort], { stdio: ["ignore", "ignore", "inherit"] });

// The local SENCE attendance register (scripts/sence), reached by the browser as "localhost" while the academy is
// 127.0.0.1: another site, so its callbacks arrive cross-site without the SameSite=Lax session cookie, as from SENCE.
const sencePort = process.env.E2E_SENCE_PORT || String(Number(port) + 5);
const senceUrl = `http://localhost:${sencePort}`;
const sence = spawn(process.execPath, ["--import", "tsx", "scripts/sence/dev.ts", "--port", sencePort, "--public-url", senceUrl], { stdio: ["ignore", "ignore", "inherit"] });
// The local OpenFactura server (scripts/dte): the app's tax-document adapter is pointed at it (its public test company).
const dtePort = process.env.E2E_DTE_PORT || String(Number(port) + 6);
const dte = spawn(process.execPath, ["--import", "tsx", "scripts/dte/dev.ts", "--port", dtePort], { stdio: ["ignore", "ignore", "inherit"] });

// E2E_SKIP_BUILD=1 serves an existing build (built beforehand, e.g. on a busy machine where building would
// outlast Playwright's wait for the server).
if (!(process.env.E2E_SKIP_BUILD && fs.existsSync(path.join(buildDir, "server")))) {
  execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir } });
}

const child = spawn(process.execPath, ["server.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT || "2526"}`,
    MAIL_FROM: "Academia <no-responder@academia.test>",
    CONTACT_INBOX: "inbox@academia.test",
    ADMIN_EMAIL: "admin@academia.test",
    ADMIN_PASSWORD: "admin-e2e-123",
    ADMIN_NAME: "Administradora Pruebas",
    LOG_LEVEL: "warn",
    // Every browser of the run comes from 127.0.0.1: per-address limits (contact, sign-up, sign-in) would trip.
    RATE_LIMIT_IP_FACTOR: "1000",
    WEBPAY_BASE_URL: `http://127.0.0.1:${webpayPort}`,
    SENCE_BASE_URL: senceUrl,
    SENCE_TOKEN_KEY: "e2e0".repeat(16),
    DTE_PROVIDER: "openfactura",
    OPENFACTURA_ENVIRONMENT: "development",
    OPENFACTURA_BASE_URL: `http://127.0.0.1:${dtePort}`,
    // tests/e2e/support/clock.ts moves the server's clock with it (app/server/platform/clock.server.ts).
    TEST_CLOCK_TOKEN: "e2e-clock-token-0123456789abcdefghij",
  },
});
const stop = () => {
  child.kill("SIGTERM");
  webpay.kill("SIGTERM");
  sence.kill("SIGTERM");
  dte.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  webpay.kill("SIGTERM");
  sence.kill("SIGTERM");
  dte.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
