// "The catalogue changed": course writes announce it here, and whoever keeps copies of what courses look
// like listens — the anonymous page cache (server/app.ts) and the course outlines (catalogue/cache.server.ts).
// The server layer owns the event, so it does not depend on the Express layer above it.
//
// With several worker processes (WEB_CONCURRENCY), a write in one must reach the copies in the others: the
// event goes to the primary (server/primary.js), which relays it to every other worker.
import cluster from "node:cluster";

type Listener = () => void;

const listeners = new Set<Listener>();

/** Must match CATALOGUE_CHANGED_MESSAGE in server/primary.js. */
const CATALOGUE_CHANGED_MESSAGE = "academia:catalogue-changed";

export function onCatalogueChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

/** Announces a course write: this process's listeners at once, the sibling workers' through the primary. */
export function catalogueChanged() {
  notify();
  if (cluster.isWorker) process.send?.({ type: CATALOGUE_CHANGED_MESSAGE });
}

if (cluster.isWorker) {
  process.on("message", (message: { type?: string } | undefined) => {
    if (message?.type === CATALOGUE_CHANGED_MESSAGE) notify();
  });
}
