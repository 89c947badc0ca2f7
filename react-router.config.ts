import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { v8_middleware: true },
  // Separate build folders let several builds (tests, benchmarks) coexist.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
