import path from "node:path";
import { defineConfig } from "vitest/config";

const SAME_ON_EVERY_DATABASE = [
  "tests/integration/reliability/server-start.test.ts",
  "tests/integration/reliability/auth-over-http.test.ts",
  "tests/integration/reliability/upload-over-http.test.ts",
  "tests/integration/reliability/upload-streamed-over-http.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The suite runs twice, once per TEST_DB (scripts/test-all.sh). These files start the production server
          // on a database of their own (an embedded one in a temporary DATA_DIR, or none at all) and never touch
          // TEST_DB's: the second pass would repeat the same test on the same thing, so only the first one runs them.
          exclude: process.env.TEST_DB === "postgres" ? SAME_ON_EVERY_DATABASE : [],
          environment: "node",
          setupFiles: ["tests/integration/support/setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // PGlite runs in-process: keep the 2-core machine from thrashing.
          maxWorkers: 2,
        },
      },
    ],
  },
});
