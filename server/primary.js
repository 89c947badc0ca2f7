// With PostgreSQL, one Node process per core (WEB_CONCURRENCY): this primary forks the workers, which
// share the listening port, replaces a worker that dies while serving, relays "the catalogue changed"
// between workers (app/server/catalogue/events.server.ts), and on SIGTERM/SIGINT (delivered by server.js) lets every
// worker finish its requests, stop its outbox worker and close its database before exiting.
import cluster from "node:cluster";

/** Message a worker sends (and receives) when a course write makes its copies of courses stale. */
export const CATALOGUE_CHANGED_MESSAGE = "academia:catalogue-changed";

/**
 * Forks `count` workers and supervises them. Returns the function server.js calls on SIGTERM/SIGINT: each worker
 * is asked to stop (it finishes its requests in flight, stops its outbox worker and closes its database, at most
 * `timeoutSeconds`); the primary leaves when the last one has, or a little after that bound.
 */
export function runPrimary(count, logger, { timeoutSeconds }) {
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
    // A terminal's Ctrl-C reaches the workers too (same process group); asking twice is harmless.
    for (const worker of workers) worker?.process.kill("SIGTERM");
    // Each worker gives its requests timeoutSeconds; past that and a margin, leave anyway.
    setTimeout(() => process.exit(1), (timeoutSeconds + 5) * 1000).unref();
    if (workers.length === 0) process.exit(exitCode);
  }

  logger.info({ workers: count }, "starting worker processes");
  for (let i = 0; i < count; i++) fork();
  return (signal) => stop(signal);
}
