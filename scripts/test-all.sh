#!/usr/bin/env bash
# The whole test suite: typecheck, lint, budgets, unit, integration (PGlite, then PostgreSQL), end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m▶ %s\033[0m\n' "$*"; }

step "typecheck and lint, side by side (each keeps one core busy)"
logs=$(mktemp -d)
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$logs/lint" 2>&1 &
lint=$!
failed=""
wait "$typecheck" || failed="$failed typecheck"
wait "$lint" || failed="$failed lint"
cat "$logs/typecheck" "$logs/lint"
rm -rf "$logs"
if [ -n "$failed" ]; then echo "failed:$failed" >&2; exit 1; fi
step "unit"
npx vitest run --project unit
step "teaching material: committed PDFs match a fresh build of their sources"
npx tsx scripts/content-build.ts --check
step "integration on embedded PGlite"
TEST_DB=pglite npx vitest run --project integration
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration on PostgreSQL ($TEST_DATABASE_URL)"
  TEST_DB=postgres npx vitest run --project integration
else
  echo "TEST_DATABASE_URL is not set: integration tests on PostgreSQL skipped (CI always sets it)."
  if [ -n "${CI:-}" ]; then echo "CI must run the PostgreSQL stage" >&2; exit 1; fi
fi
step "end-to-end in Chromium"
# The integration stage has just made a production build of these same sources (build-reliability/, see
# tests/integration/reliability/support/built-server.ts): the browser tests are served from it rather than
# building the same thing again.
e2e_build=build-e2e skip_build=""
if [ -f build-reliability/.sources-fingerprint ]; then e2e_build=build-reliability skip_build=1; fi
BUILD_DIR=$e2e_build E2E_SKIP_BUILD=$skip_build npx playwright test
if [ -f scripts/check-budgets.mjs ]; then
  step "JavaScript/CSS budgets of public pages (from the e2e build)"
  node scripts/check-budgets.mjs "$e2e_build"
fi
