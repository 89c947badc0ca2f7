// With PostgreSQL, one Node process per core (WEB_CONCURRENCY): this primary forks the workers, which
// share the listening port, replaces a worker that dies while serving, relays "the catalogue changed"
// between workers (app/server/catalogue-events.server.ts), and on SIGTERM/SIGINT lets every worker finish its requests before exiting.
import cluster from "node:cluster";

/** Message a worker sends (and receives) when a course write makes its copies of courses stale. */
export const CATALOGUE_CHANGED_MESSAGE = "academia:catalogue-changed";

export function runPrimary(count, logger) {
  let stopping = false;
  let exitCode = 0;
  let everListening = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.on("listening", () => {
      everListening = true;
    });
  };

  cluster.on("message", (from, message) => {
    if (message?.type !== CATALOGUE_CHANGED_MESSAGE) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from) worker.send(message);
  });

  cluster.on("exit", (worker, code, signal) => {
    const left = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (left === 0) process.exit(exitCode);
      return;
    }
    // A worker that never served (bad configuration, database unreachable) would fail again: stop.
    if (!everListening) {
      logger.error({ code, signal }, "a worker failed to start: stopping");
      stop("worker start failure", 1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a worker died: starting another");
    fork();
  });

  function stop(reason, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ reason }, "shutting down every worker");
    const workers = Object.values(cluster.workers ?? {});
    for (const worker of workers) worker?.process.kill("SIGTERM");
    // Workers give their requests 15 s (server.js); past that, leave anyway.
    setTimeout(() => process.exit(1), 20_000).unref();
    if (workers.length === 0) process.exit(exitCode);
  }

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  logger.info({ workers: count }, "starting worker processes");
  for (let i = 0; i < count; i++) fork();
}
