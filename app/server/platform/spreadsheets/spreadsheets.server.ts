// Reading an uploaded spreadsheet (CSV or XLSX) for any area that takes one (a company's workers, a course's
// questions): what the file is decided from its bytes, then it is parsed in a worker thread under hard limits
// (rows, columns, characters, bytes inflated), a few at a time, with a deadline. The event loop that answers
// every other request only waits for the answer. docs/architecture.md, "Spreadsheets".
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import builtWorker from "virtual:spreadsheet-worker";
import { logger } from "../logger.server";
import type { UploadedFile } from "../http/uploaded-files.server";
import type { SpreadsheetFormat } from "./parse.server";
import { SPREADSHEET_MAX_BYTES, type TableLimits, type TableRead } from "./table.server";
import type { SpreadsheetJob, WorkerAnswer } from "./worker.server";

export { SPREADSHEET_MAX_BYTES, type TableLimits, type TableRead, type TableRow } from "./table.server";

/** A file that is neither CSV nor XLSX; otherwise what reading it gave. */
export type SpreadsheetRead = TableRead | { ok: false; reason: "type" };

/** Longer than any honest file takes (a 2 000-row list: well under a second). */
const DEADLINE_MS = 20_000;
/** The worker's own heap: a file within the limits needs a few MB; past this the worker dies, not the server. */
const WORKER_HEAP_MB = 128;
/** Parsing uses a core: leave one to the requests. */
const MAX_RUNNING = Math.max(1, os.availableParallelism() - 1);
/** More uploads waiting than this are asked to come back in a moment. */
const MAX_WAITING = 16;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** What the file is, from its first bytes (a ZIP is an XLSX) and, for text, its name or declared type. */
export function spreadsheetFormat(file: Pick<UploadedFile, "head" | "filename" | "declaredType">): SpreadsheetFormat | "unreadable" | null {
  const name = file.filename.toLowerCase();
  if (ZIP_SIGNATURE.every((b, i) => file.head[i] === b)) return "xlsx";
  if (name.endsWith(".xlsx")) return "unreadable";
  if (name.endsWith(".csv") || name.endsWith(".txt") || file.declaredType.startsWith("text/")) return "csv";
  return null;
}

/** What the worker thread starts from: the production build's own file (scripts/build/spreadsheet-worker-plugin.ts)… */
function workerEntry(): { source: string | URL; eval: boolean } {
  if (builtWorker) return { source: new URL(builtWorker), eval: false };
  // …or, from the sources (tests, `npm run dev`, run from the project's folder), the TypeScript entry loaded
  // through tsx, which the worker registers itself (Node 20 does not carry `--import` hooks into workers).
  const entry = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "worker.server.ts")).href;
  return { source: `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T | null> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function runWorker(job: SpreadsheetJob): Promise<TableRead> {
  const entry = workerEntry();
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    const finish = (result: TableRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      logger.warn({ format: job.format }, "spreadsheet took too long to read: stopped");
      finish({ ok: false, reason: "tooLarge" });
    }, DEADLINE_MS);
    worker.once("message", (answer: WorkerAnswer) => {
      if (!answer.ok && "detail" in answer) logger.warn({ format: job.format, detail: answer.detail }, "spreadsheet could not be read");
      finish(answer.ok ? answer : { ok: false, reason: answer.reason });
    });
    worker.once("error", (error: NodeJS.ErrnoException) => {
      const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      logger.warn({ err: error, format: job.format }, outOfMemory ? "spreadsheet worker ran out of memory" : "spreadsheet worker failed");
      finish({ ok: false, reason: outOfMemory ? "tooLarge" : "unreadable" });
    });
    worker.once("exit", () => finish({ ok: false, reason: "unreadable" }));
  });
}

/** The rows of an uploaded CSV or XLSX file within `limits`, or why not. */
export async function readSpreadsheet(file: UploadedFile, limits: TableLimits): Promise<SpreadsheetRead> {
  const format = spreadsheetFormat(file);
  if (format === null) return { ok: false, reason: "type" };
  if (format === "unreadable") return { ok: false, reason: "unreadable" };
  if (file.size > SPREADSHEET_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  const result = await withSlot(() => runWorker({ path: file.path, format, limits, maxFileBytes: SPREADSHEET_MAX_BYTES }));
  return result ?? { ok: false, reason: "busy" };
}
