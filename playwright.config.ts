import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH. End-to-end tests cannot run without it.`,
  );
}

export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 2526);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
// Several runs can coexist (each with its own port, build folder and output folder) when E2E_TAG differs.
const tag = process.env.E2E_TAG || "e2e";
process.env.E2E_MAIL_DIR ||= `test-results/mail-${tag}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${tag}`,
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    baseURL,
    locale: "es-CL",
    timezoneId: "America/Santiago",
    // A failed test keeps its trace: every action with the page's DOM before and after it. Without the screencast
    // (screenshots: false), which cost Chromium about a fifth of the suite's CPU; the failure's own screenshot stays.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--autoplay-policy=no-user-gesture-required"],
    },
  },
  // A test tagged @escritorio or @movil runs in that project only (and http-hostile.spec.ts, whose requests do not
  // depend on the viewport, on the desktop): they are left out of the other project before anything starts, where a
  // test.skip() inside the test would still open a browser page first (~2 s each, ~1 min a run).
  projects: [
    { name: "desktop", grepInvert: /@movil/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "mobile", grepInvert: /@escritorio/, testIgnore: /http-hostile\.spec\.ts$/, use: { ...devices["Pixel 5"], viewport: { width: 375, height: 740 } } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(E2E_PORT), E2E_SMTP_PORT: String(E2E_SMTP_PORT), BUILD_DIR: process.env.BUILD_DIR || `build-${tag}` },
  },
});
