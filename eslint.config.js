import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layersPlugin } from "./eslint/layers.js";
import { linksPlugin } from "./eslint/links.js";

export default tseslint.config(
  { ignores: ["build*/**", "node_modules/**", ".react-router/**", "data/**", "test-results/**", "playwright-report/**", "bench/results/**", "content/**/files/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Imports run one way (docs/architecture.md, "Layers"): eslint/layers.js resolves each import to its file and
  // checks the importing layer may reach it — routes → server areas (lower areas only) → domain; ui → domain.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,js}"],
    plugins: { layers: layersPlugin },
    rules: { "layers/direction": "error" },
  },
  // Links to pages are followed by the router (eslint/links.js).
  {
    files: ["app/**/*.tsx"],
    plugins: { links: linksPlugin },
    rules: { "links/internal-anchor": "error" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", URL: "readonly" } },
  },
);
