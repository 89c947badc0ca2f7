import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { spreadsheetWorker } from "./scripts/build/spreadsheet-worker-plugin";
import { recordBuildInputs } from "./scripts/release/build-inputs";

// The layout every page renders (header, footer, their helpers) is loaded by the root route, yet each of its modules
// that some route also imports became a chunk of its own: 13–16 script files on a public page, seven of them 1–2 KB.
// One chunk for them costs no page a byte more, as the root route needs them all (only modules root.tsx imports
// belong here): 6–9 files and 2 KB less gzip, and Lighthouse mobile 95–96 → 97 on /cursos and /cursos/1 (#19).
const LAYOUT = ["/app/ui/layout/", "/app/ui/seo.", "/app/ui/account/use-hydrated.", "/app/domain/account-messages."];
function layoutChunk(id: string) {
  return LAYOUT.some((part) => id.includes(part)) ? "layout" : undefined;
}

// The server build has two entries: the application (index.js, which server.js loads) and the operator's commands
// (cli.js, which cli.js loads), so a release runs both without the sources or the development dependencies.
// React Router names every server entry index.js; the commands' entry gets its own name back here.
function cliEntryName(): Plugin {
  return {
    name: "academia:cli-entry-name",
    apply: "build",
    outputOptions(options) {
      const named = options.entryFileNames;
      return { ...options, entryFileNames: (chunk) => (chunk.name === "cli" ? "cli.js" : typeof named === "function" ? named(chunk) : (named ?? "[name].js")) };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: { index: "./server/app.ts", cli: "./server/cli.ts" } } : { output: { manualChunks: layoutChunk } },
    // The browser bundle: terser (two passes) is ~3.5 KB gzip smaller than esbuild on React + React Router,
    // which alone nearly fill the 120 KB budget of a public page (scripts/check-budgets.mjs).
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 } } }),
  },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter(), spreadsheetWorker(), cliEntryName(), recordBuildInputs()],
}));
