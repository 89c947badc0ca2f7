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
// The form parts /login and /registro need (fields, the submit button, the consent box and their limits) were seven
// chunks of 0.1–1 KB each, named again in the route manifest by every form of the site; as one chunk they cost
// /registro 1 KB less and the manifest one entry instead of seven per form.
const FORMS = [
  "/app/ui/primitives/field.",
  "/app/ui/primitives/submit-button.",
  "/app/ui/primitives/buttons.",
  "/app/ui/primitives/email.",
  "/app/ui/account/form-parts.",
  "/app/ui/account/marketing-consent.",
  "/app/domain/account-limits.",
];
// The small helpers most signed-in pages share (class names, notices, tables, pagination, dates) go together too:
// each was named by 20–40 routes in the manifest every page downloads.
const UI = ["/app/ui/admin/styles.", "/app/ui/admin/notice.", "/app/ui/admin/responsive-table.", "/app/ui/admin/pagination.", "/app/domain/format.", "/app/domain/chile-time."];
function sharedChunk(id: string) {
  if (LAYOUT.some((part) => id.includes(part))) return "layout";
  if (FORMS.some((part) => id.includes(part))) return "forms";
  if (UI.some((part) => id.includes(part))) return "ui";
  return undefined;
}

// React Router's package exports point at its development build in every mode, so the browser got its dev-only
// warnings (ENABLE_DEV_WARNINGS) and their messages. Its production build is the same code with them off; the
// browser bundle takes it, both entries from one folder so a single copy of the router is bundled. The server
// and the development server keep the package's own resolution, as Node loads react-router for them.
const reactRouterDist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

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

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: { index: "./server/app.ts", cli: "./server/cli.ts" } } : { output: { manualChunks: sharedChunk } },
    // The browser bundle: terser (two passes) is ~3.5 KB gzip smaller than esbuild on React + React Router,
    // which alone nearly fill the 120 KB budget of a public page (scripts/check-budgets.mjs).
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 } } }),
  },
  resolve: { alias: [{ find: "~", replacement: path.resolve(import.meta.dirname, "app") }, ...(command === "build" && !isSsrBuild ? productionReactRouter : [])] },
  plugins: [tailwindcss(), reactRouter(), spreadsheetWorker(), cliEntryName(), recordBuildInputs()],
}));
