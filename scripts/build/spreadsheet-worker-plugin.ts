// The spreadsheet worker (app/server/platform/spreadsheets/worker.server.ts) runs in a thread of its own, which
// Node starts from a file. `virtual:spreadsheet-worker` tells the server where that file is:
//  - in the production build, its URL: the plugin emits the worker as build/server/spreadsheet-worker.js and
//    Rollup writes the URL relative to whichever chunk imports it;
//  - from the sources (Vitest, `npm run dev`), null: spreadsheets.server.ts then runs the TypeScript entry
//    through tsx.
import path from "node:path";
import type { Plugin } from "vite";

const ID = "virtual:spreadsheet-worker";
const RESOLVED = `\0${ID}`;
const ENTRY = path.resolve(import.meta.dirname, "../../app/server/platform/spreadsheets/worker.server.ts");

export function spreadsheetWorker(): Plugin {
  let building = false;
  return {
    name: "academia:spreadsheet-worker",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return;
      if (!building || this.environment?.name !== "ssr") return "export default null;";
      const ref = this.emitFile({ type: "chunk", id: ENTRY, fileName: "spreadsheet-worker.js" });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
