import path from "node:path";
import { defineConfig } from "vitest/config";

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
