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
  },
});
const stop = () => {
  child.kill("SIGTERM");
  webpay.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  webpay.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
