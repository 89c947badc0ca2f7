import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // The browser bundle: terser (two passes) is ~3.5 KB gzip smaller than esbuild on React + React Router,
    // which alone nearly fill the 120 KB budget of a public page (scripts/check-budgets.mjs).
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 } } }),
  },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter()],
}));
