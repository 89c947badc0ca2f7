#!/usr/bin/env bash
# The whole test suite: typecheck and lint (with the lint rules' own tests), unit, the teaching material,
# integration (PGlite, then PostgreSQL), end-to-end, budgets. Each stage's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
stage_name="" stage_start=0
step() {
  finish
  stage_name="$*" stage_start=$SECONDS
  printf '\n\033[1m▶ %s\033[0m\n' "$*"
}
finish() {
  if [ -n "$stage_name" ]; then times+=("$(printf '%5ss  %s' "$((SECONDS - stage_start))" "$stage_name")"); fi
  stage_name=""
}
report() {
  local code=$?
  # A run that stops early does not leave the background PostgreSQL pass running.
  if [ -n "${pg_pid:-}" ]; then kill "$pg_pid" 2>/dev/null || true; fi
  finish
  printf '\n\033[1mStage times\033[0m\n'
  for t in "${times[@]}"; do echo "$t"; done
  printf '%5ss  total\n' "$SECONDS"
  exit "$code"
}
trap report EXIT

step "typecheck and lint, side by side (each keeps one core busy)"
logs=$(mktemp -d)
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
( npm run --silent lint && npx vitest run --project lint ) >"$logs/lint" 2>&1 &
lint=$!
failed=""
wait "$typecheck" || failed="$failed typecheck"
wait "$lint" || failed="$failed lint"
cat "$logs/typecheck" "$logs/lint"
rm -rf "$logs"
if [ -n "$failed" ]; then echo "failed:$failed" >&2; exit 1; fi
step "unit"
npx vitest run --project unit
step "teaching material: committed PDFs match a fresh build of their sources, and read as shipped"
npx tsx scripts/content-build.ts --check
npx vitest run --project content
step "integration on embedded PGlite"
TEST_DB=pglite npx vitest run --project "integration*"
# The PostgreSQL pass runs beside the browser tests, in one vitest worker: the browser stage leaves a core idle
# much of its time (the two clock specs run alone, and tests wait on pages, mail and the outbox), which this pass
# fills. Its output is printed once it ends, and either failing fails the run.
pg_pid="" pg_log="" pg_start=0
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pg_log=$(mktemp) pg_start=$SECONDS
  printf '\n\033[1m▶ integration on PostgreSQL (%s), in the background, one worker\033[0m\n' "$TEST_DATABASE_URL"
  TEST_DB=postgres INTEGRATION_WORKERS=1 npx vitest run --project "integration*" >"$pg_log" 2>&1 &
  pg_pid=$!
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
e2e=0
BUILD_DIR=$e2e_build E2E_SKIP_BUILD=$skip_build npx playwright test || e2e=$?
finish
if [ -n "$pg_pid" ]; then
  pg=0
  wait "$pg_pid" || pg=$?
  pg_pid=""
  printf '\n\033[1m▶ integration on PostgreSQL: its output\033[0m\n'
  cat "$pg_log"
  rm -f "$pg_log"
  times+=("$(printf '%5ss  %s' "$((SECONDS - pg_start))" "integration on PostgreSQL (beside the browser tests, until both ended)")")
  if [ "$pg" != 0 ]; then echo "integration on PostgreSQL failed" >&2; exit "$pg"; fi
fi
if [ "$e2e" != 0 ]; then echo "end-to-end tests failed" >&2; exit "$e2e"; fi
if [ -f scripts/check-budgets.mjs ]; then
  step "JavaScript/CSS budgets of public pages (from the e2e build)"
  node scripts/check-budgets.mjs "$e2e_build"
fi
