// "The public catalogue changed": course writes announce it here, and whoever keeps copies of public
// pages listens (server/app.ts subscribes the page cache). The server layer owns the event, so it does
// not depend on the Express layer above it.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onCatalogueChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogueChanged() {
  for (const listener of listeners) listener();
}
