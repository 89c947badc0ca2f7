// The npm registry reachable from our machines does not serve other platforms' native builds
// (@rollup/rollup-darwin-arm64, @tailwindcss/oxide-win32-x64-msvc, …), so `npm install` writes a lock
// file without entries for them and `npm ci` then refuses the lock as "out of sync". This adds the
// missing optional entries with their os/cpu/libc, so `npm ci` skips them on every platform they
// don't belong to. Run after `npm install` changes the lock: `node scripts/lockfile-platforms.mjs`.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;
const OSES = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32", "sunos", "aix", "netbsd"];
let added = 0;

for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[base] || packages[`node_modules/${name}`]) continue;
    const suffix = name.split("/").pop().split("-");
    const os = suffix.find((p) => OSES.includes(p));
    const entry = { version, dev: meta.dev, optional: true };
    if (!entry.dev) delete entry.dev;
    if (os) {
      entry.os = [os];
      const cpu = suffix[suffix.indexOf(os) + 1];
      if (cpu) entry.cpu = [cpu];
      if (suffix.includes("musl") || suffix.includes("musleabihf")) entry.libc = ["musl"];
      else if (os === "linux" && suffix.some((p) => p.startsWith("gnu"))) entry.libc = ["glibc"];
    } else if (suffix.includes("wasm32")) {
      entry.cpu = ["wasm32"];
    } else {
      continue; // not a platform build: leave it to npm
    }
    packages[`node_modules/${name}`] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`lock file: ${added} platform entries added`);
