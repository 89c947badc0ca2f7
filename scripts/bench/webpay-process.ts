// The local Webpay Plus server for the bench, in a process of its own. Transbank is another service on
// other machines; run inside the load generator's process, its answers waited for that busy event loop
// (200 learners' pages parsed there), and the purchase steps measured the load generator: on 24/11/2026,
// same machine, p50 buy 1 102 -> 586 ms and pay 984 -> 521 ms once it ran on its own.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { sleep } from "./util";

export async function startWebpayProcess(root: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "webpay", "dev.ts"), "--port", String(port)], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error("the local Webpay server exited during start-up");
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the local Webpay server did not answer on ${url} within 60 s`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      await sleep(200);
    }
  }
  return {
    url,
    async close() {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await Promise.race([done, sleep(5_000).then(() => child.kill("SIGKILL"))]);
    },
  };
}
