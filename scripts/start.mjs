// `npm start`: serves the production build, building it first only when it is missing or stale — when a source file
// it was made from changed or is gone (scripts/release/build-inputs.ts keeps the list with a hash of each). A release
// (scripts/release/assemble.sh) ships the build without that list: there is nothing to compare, so it is served as is.
// Then this process becomes the server itself (server.js), so a SIGTERM sent to npm reaches it directly.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");

/** Why the build must be made again, or null when it is current (or a release). */
function staleBecause() {
  if (!fs.existsSync(path.join(buildDir, "server", "index.js")) || !fs.existsSync(path.join(buildDir, "server", "cli.js"))) return "there is no build yet";
  const records = ["client", "server"].map((name) => path.join(buildDir, `.inputs-${name}.json`));
  if (records.every((file) => !fs.existsSync(file))) return null; // a release: built elsewhere, no sources here
  for (const record of records) {
    if (!fs.existsSync(record)) return "the last build did not finish";
    const { files } = JSON.parse(fs.readFileSync(record, "utf8"));
    for (const [file, hash] of Object.entries(files)) {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) return `${file} is gone`;
      if (crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex") !== hash) return `${file} changed`;
    }
  }
  return null;
}

function build(reason) {
  const bin = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  if (!fs.existsSync(bin)) {
    console.error(`The build must be made (${reason}), but the development dependencies are not installed: run \`npm ci\` and \`npm run build\`, or install a release.`);
    process.exit(1);
  }
  console.log(`Building the application (${reason})…`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    // Stopped while building: the build stops too, and nothing is served.
    const forward = (signal) => child.kill(signal);
    process.on("SIGTERM", forward);
    process.on("SIGINT", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", forward);
      if (code === 0) return resolve();
      console.error(signal ? `Build stopped (${signal}).` : `The build failed (exit code ${code}).`);
      process.exit(signal ? 0 : 1);
    });
  });
}

// Worker processes (server/primary.js forks this same script) serve what their primary checked.
if (cluster.isPrimary) {
  const reason = staleBecause();
  if (reason) await build(reason);
}
process.env.NODE_ENV ||= "production";
await import("../server.js");
