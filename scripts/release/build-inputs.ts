// Records which source files a build was made from, with a hash of each, beside the build (BUILD_DIR/.inputs-client.json
// and .inputs-server.json): `npm start` (scripts/start.mjs) rebuilds only when one of them changed or is gone. The list
// is the build's own module graph (every file Vite bundled from this project, not node_modules), plus the files that
// shape a build without being modules (package-lock.json, configuration, public/). A file nothing imports cannot
// make a build stale, so adding one rebuilds nothing until something imports it (which changes that file).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ALWAYS = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "scripts/release/build-inputs.ts"];

function hashFile(file: string) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => path.join(dir, f));
}

export function recordBuildInputs(): Plugin {
  let root = "";
  let manifest = "";
  let isClient = false;
  let modules: string[] = [];
  return {
    name: "academia:record-build-inputs",
    apply: "build",
    configResolved(config) {
      root = config.root;
      isClient = !config.build.ssr;
      manifest = path.resolve(config.build.outDir, "..", `.inputs-${isClient ? "client" : "server"}.json`);
    },
    buildStart() {
      // A build that fails half-way leaves no record, so the next `npm start` builds again.
      fs.rmSync(manifest, { force: true });
    },
    generateBundle() {
      modules = [...this.getModuleIds()]
        .map((id) => id.split("?")[0]!)
        .filter((id) => path.isAbsolute(id) && id.startsWith(root + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`) && fs.existsSync(id));
    },
    closeBundle() {
      const files = new Set(modules);
      for (const file of ALWAYS) if (fs.existsSync(path.join(root, file))) files.add(path.join(root, file));
      if (isClient) for (const file of listFiles(path.join(root, "public"))) files.add(file);
      const record: Record<string, string> = {};
      for (const file of [...files].sort()) record[path.relative(root, file)] = hashFile(file);
      fs.mkdirSync(path.dirname(manifest), { recursive: true });
      fs.writeFileSync(manifest, `${JSON.stringify({ files: record }, null, 1)}\n`);
    },
  };
}
