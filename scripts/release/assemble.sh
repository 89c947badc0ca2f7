#!/usr/bin/env bash
# Assembles a release of Academia into DEST from a checkout where `npm run build` has run: the build, what the server
# reads at run time (migrations, the built-in catalogue and its fonts), the two entry points and the production
# dependencies — nothing else (no sources, no TypeScript, no tsx, no Vite). The Dockerfile runs this very script, and
# tests/integration/reliability/release.test.ts runs it into a fresh directory and serves the academy from there.
#   bash scripts/release/assemble.sh DEST        (BUILD_DIR=… when the build is not in build/)
set -euo pipefail
dest="${1:?usage: assemble.sh DEST}"
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="${BUILD_DIR:-build}"
cd "$src"
if [ ! -f "$build/server/index.js" ] || [ ! -f "$build/server/cli.js" ]; then
  echo "No build in $build/: run npm run build first." >&2
  exit 1
fi

mkdir -p "$dest/server" "$dest/scripts"
cp package.json package-lock.json server.js cli.js "$dest/"
cp server/primary.js "$dest/server/"
cp scripts/start.mjs "$dest/scripts/"
cp -R drizzle content "$dest/"
rm -rf "$dest/build"
cp -R "$build" "$dest/build"
# The record of the sources a build came from: a release has no sources, so `npm start` serves it as it is.
rm -f "$dest"/build/.inputs-*.json "$dest/build/.sources-fingerprint"

# Production dependencies only, exactly as locked. --omit=optional as well: npm otherwise installs the development
# tools that better-auth lists as optional peers (vite, vitest, drizzle-kit, tsx); no optional package is needed at
# run time (the lock's others are build tools' platform binaries). No package of ours needs an install script.
(cd "$dest" && npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error)
# Except sharp's native binary (the image pipeline), which npm ships as optional packages per platform
# (@img/sharp-<platform>, @img/sharp-libvips-<platform>): the release takes the ones this checkout installed from the
# same lock. The Dockerfile builds and runs on the same platform; a release assembled on another cannot resize images.
for pkg in node_modules/@img/sharp-*; do
  if [ -d "$pkg" ]; then mkdir -p "$dest/node_modules/@img" && cp -R "$pkg" "$dest/node_modules/@img/"; fi
done
echo "Release $(node -p "require('$dest/package.json').version") assembled in $dest"
