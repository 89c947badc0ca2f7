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

const DESKTOP = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const CERTIFICATE_CLOCK_SPEC = /[\\/]certificate-validity\.spec\.ts$/;
const SENCE_CLOCK_SPEC = /[\\/]sence\.spec\.ts$/;
const CLOCK_SPECS = [CERTIFICATE_CLOCK_SPEC, SENCE_CLOCK_SPEC];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${tag}`,
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  // In CI a failed test runs once more and, if it then passes, is reported as flaky rather than failing the run:
  // a browser suite of this size on a loaded two-core machine has timing failures that are not the product's.
  // A test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // A journey of a dozen pages takes 15–25 s on a quiet machine; CI's two cores also run the server and its
  // database, so a slow moment there must not read as a failure.
  timeout: process.env.CI ? 90_000 : 60_000,
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
  // Behaviour runs once, on the desktop. The phone project runs what depends on the width: the phone's own flows
  // (@movil) and the tests written for both widths — menus, panels, the exam bar, layout stability, screenshots
  // (@ambos). A test tagged @escritorio says it is about the desktop only; untagged tests run there too.
  //
  // The two specs that move the server's one clock (a certificate past its expiry, a SENCE sign-in past its 15
  // minutes) run first and one after the other, while nothing else runs: a certificate verified in another
  // worker during a jump of two years reads "vencido".
  projects: [
    { name: "reloj-certificado", testMatch: CERTIFICATE_CLOCK_SPEC, use: DESKTOP },
    { name: "reloj-sence", testMatch: SENCE_CLOCK_SPEC, use: DESKTOP, dependencies: ["reloj-certificado"] },
    { name: "desktop", grepInvert: /@movil/, testIgnore: CLOCK_SPECS, use: DESKTOP, dependencies: ["reloj-sence"] },
    { name: "mobile", grep: /@movil|@ambos/, testIgnore: CLOCK_SPECS, use: { ...devices["Pixel 5"], viewport: { width: 375, height: 740 } }, dependencies: ["reloj-sence"] },
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
