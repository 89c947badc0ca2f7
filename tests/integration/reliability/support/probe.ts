// Probing the server while a test loads it: the probe runs in a worker thread with its own event loop, so the
// test's own work (hundreds of requests and answers at once) does not delay the probe and count as the server's.
import { Worker } from "node:worker_threads";
import fs from "node:fs";

const PROBE = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { url, everyMs, cookie } = workerData;
let stopped = false, slowest = 0, count = 0;
const statuses = new Set();
parentPort.on("message", () => { stopped = true; });
(async () => {
  while (!stopped) {
    const started = performance.now();
    const status = await new Promise((resolve) => {
      const req = http.get(url, { agent: false, timeout: 300000, headers: cookie ? { cookie } : {} }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      req.on("error", () => resolve(0));
    });
    slowest = Math.max(slowest, performance.now() - started);
    count++;
    statuses.add(status);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  parentPort.postMessage({ slowestMs: Math.round(slowest), count, statuses: [...statuses] });
})();
`;

export interface ProbeResult {
  slowestMs: number;
  count: number;
  statuses: number[];
}

/** GETs `url` every `everyMs` until the returned function is called; that resolves with the slowest answer. */
export function probe(url: string, everyMs: number, cookie?: string): () => Promise<ProbeResult> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs, cookie } });
  const result = new Promise<ProbeResult>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return async () => {
    worker.postMessage("stop");
    const r = await result;
    await worker.terminate();
    return r;
  };
}

/** CPU seconds a process has used so far (user + system, from /proc). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
