// The spreadsheet worker: a thread of its own that reads one uploaded file and posts its rows back, so parsing
// never holds the event loop that answers every other request. Started per file by spreadsheets.server.ts
// (built as its own entry, build/server/spreadsheet-worker.js: see vite.config.ts); it imports nothing but
// the readers.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { parseSpreadsheet, type SpreadsheetFormat } from "./parse.server";
import type { TableLimits, TableRead } from "./table.server";

export interface SpreadsheetJob {
  path: string;
  format: SpreadsheetFormat;
  limits: TableLimits;
  maxFileBytes: number;
}

function run(job: SpreadsheetJob): TableRead {
  const size = fs.statSync(job.path).size;
  if (size > job.maxFileBytes) return { ok: false, reason: "tooLarge" };
  return parseSpreadsheet(fs.readFileSync(job.path), job.format, job.limits);
}

/** What the worker posts: the rows, or why not (with the error's text when reading failed unexpectedly). */
export type WorkerAnswer = TableRead | { ok: false; reason: "unreadable"; detail: string };

if (parentPort && workerData) {
  let answer: WorkerAnswer;
  try {
    answer = run(workerData as SpreadsheetJob);
  } catch (error) {
    answer = { ok: false, reason: "unreadable", detail: error instanceof Error ? error.message : String(error) };
  }
  parentPort.postMessage(answer);
}
