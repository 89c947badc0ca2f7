import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

function layer(files, group, message, ignores = []) {
  return {
    files: [files],
    ignores,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group, message, allowTypeImports: false }] }] },
  };
}

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
  // Imports run one way (docs/architecture.md): routes → server modules → domain; ui → domain.
  // The typed rule also catches `import type`, so a view type cannot make a layer depend on the one above it.
  // Relative patterns cover every folder depth (tests/unit/import-direction.test.ts tries files in sub-folders).
  layer("app/domain/**", ["~/server/**", "~/ui/**", "~/routes/**", "**/server/**", "**/ui/**", "**/routes/**", "react", "react-router"], "domain/ holds pure rules: it imports nothing from server, ui, routes or React."),
  layer("app/ui/**", ["~/server/**", "~/routes/**", "**/*.server", "**/server/**", "**/routes/**"], "ui/ never imports server code or routes: take data through loaders and types from domain/."),
  layer("app/server/**", ["~/ui/**", "~/routes/**", "**/ui/**", "**/routes/**", "../../server/**", "../../../server/**", "../../../../server/**"], "server modules never import ui/, routes or the Express layer (server/): publish an event instead (catalogue-events.server.ts)."),
  layer("app/routes/**", ["../../server/**", "../../../server/**", "../../../../server/**"], "routes reach the Express layer (server/) only through app/server modules."),
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", URL: "readonly" } },
  },
);
