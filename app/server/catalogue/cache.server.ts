// Copies of what a course looks like, kept by each process. A course's outline (title, status, modules and
// lessons in order, learning.server.ts) is read by every content page, exam step and lesson event of every
// learner of the course, and changes only when an administrator edits the course or the catalogue is
// refreshed: kept in memory (three queries less on each of those requests), dropped on every catalogue
// change (catalogue/events.server.ts, which reaches the sibling workers too) and after OUTLINE_CACHE_MS in any
// case, so that with several machines one that did not see a write catches up within that time, as the
// anonymous page cache does.
import { onCatalogueChanged } from "./events.server";
import { env } from "../platform/env.server";

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

/** Deep-frozen: the same object serves every request, so a caller that changed it would change it for all. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/** `read(id)` at most once per id per OUTLINE_CACHE_MS, until the catalogue changes. */
export function catalogueCache<T>(read: (id: number) => Promise<T>): (id: number) => Promise<T> {
  const entries = new Map<number, Entry<T>>();
  // A read in flight when the change is announced is dropped with the rest: it may predate the write.
  onCatalogueChanged(() => entries.clear());
  return (id) => {
    const ttl = env().OUTLINE_CACHE_MS;
    if (ttl === 0) return read(id);
    const now = Date.now();
    const hit = entries.get(id);
    if (hit && hit.expires > now) return hit.value;
    const entry: Entry<T> = { expires: now + ttl, value: read(id).then(frozen) };
    entries.set(id, entry);
    // A failed read (the database went away) is not kept: the next request tries again.
    entry.value.catch(() => {
      if (entries.get(id) === entry) entries.delete(id);
    });
    return entry.value;
  };
}

/** One whole-table copy (every course, for instance) under the same rules: `read()` once per OUTLINE_CACHE_MS, until the catalogue changes. */
export function catalogueCopy<T>(read: () => Promise<T>): () => Promise<T> {
  const byId = catalogueCache(() => read());
  return () => byId(0);
}
