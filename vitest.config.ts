import path from "node:path";
import { defineConfig } from "vitest/config";
import { spreadsheetWorker } from "./scripts/build/spreadsheet-worker-plugin";

const SAME_ON_EVERY_DATABASE = [
  "tests/integration/reliability/server-start.test.ts",
  "tests/integration/reliability/auth-over-http.test.ts",
  "tests/integration/reliability/upload-over-http.test.ts",
  "tests/integration/reliability/upload-streamed-over-http.test.ts",
  "tests/integration/reliability/release.test.ts",
  "tests/integration/reliability/lesson-editor-over-http.test.ts",
];

// A file about the production server under a crowd, not about the database it reads: it runs once per run, on
// PostgreSQL (what production runs) when the run has that stage, otherwise on PGlite. Its 200 password checks are
// the costliest CPU of the integration suite.
const ONCE_ON_POSTGRES = ["tests/integration/reliability/sign-in-crowd-over-http.test.ts"];

// Files that replace a module with vi.mock: a mock applies only to a module graph of their own.
const NEEDS_ITS_OWN_MODULES = ["tests/integration/learning/exam-save-failure.test.ts", "tests/integration/learning/enrol-failure.test.ts"];

const integration = {
  include: ["tests/integration/**/*.test.ts"],
  // The suite runs twice, once per TEST_DB (scripts/test-all.sh). These files start the production server
  // on a database of their own (an embedded one in a temporary DATA_DIR, or none at all) and never touch
  // TEST_DB's: the second pass would repeat the same test on the same thing, so only the first one runs them.
  exclude: process.env.TEST_DB === "postgres" ? SAME_ON_EVERY_DATABASE : process.env.TEST_DATABASE_URL ? ONCE_ON_POSTGRES : [],
  environment: "node",
  setupFiles: ["tests/integration/support/setup.ts"],
  globalSetup: ["tests/integration/support/global-setup.ts"],
  testTimeout: 180_000,
  hookTimeout: 120_000,
  // PGlite runs in-process: keep the 2-core machine from thrashing. INTEGRATION_WORKERS=1 when the pass runs
  // beside other work (scripts/test-all.sh runs the PostgreSQL pass beside the browser tests).
  maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 2,
  // Some of these tests bound a wait (a server's start, an outbox pass, a crowd's answer) on a machine the CI
  // shares with other runs: once in CI, a test that failed is run again; a real fault fails both times. The same
  // as the browser tests' one retry (playwright.config.ts).
  retry: process.env.CI ? 1 : 0,
};

export default defineConfig({
  plugins: [spreadsheetWorker()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
      },
      // The teaching material as shipped (the committed PDFs parsed, the catalogue's rules): npm test runs it in the
      // content check, beside the PDFs' fresh build.
      {
        extends: true,
        test: { name: "content", include: ["tests/content/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      // The project's own ESLint rules tried on deliberate mistakes: npm test runs them in the lint step.
      {
        extends: true,
        test: { name: "lint", include: ["tests/lint/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      // One module graph per worker, not one per file: importing the server's modules again cost every file
      // seconds. Each file still gets its own database, configuration, environment variables and clock
      // (tests/integration/support/setup.ts).
      { extends: true, test: { ...integration, name: "integration", exclude: [...integration.exclude, ...NEEDS_ITS_OWN_MODULES], isolate: false } },
      { extends: true, test: { ...integration, name: "integration-mocked", include: NEEDS_ITS_OWN_MODULES } },
    ],
  },
});
