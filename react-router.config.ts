import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { v8_middleware: true },
  // The browser gets the whole route manifest as one static file (~3 KB gzip, cached for a year) instead of a
  // partial manifest that the server computes and inlines, indented, into every page (#19: matching every
  // ancestor path per request; 2.6–5 KB of each page; A/B −6 to −9 % CPU on the profile, content and results
  // pages). Navigation then needs no /__manifest requests. scripts/check-budgets.mjs already counted the file.
  routeDiscovery: { mode: "initial" },
  // Separate build folders let several builds (tests, benchmarks) coexist.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
