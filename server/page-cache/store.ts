// The page cache's entries: a least-recently-used map bounded by count and by bytes (identity + gzip + br).
export interface Entry {
  status: number;
  headers: [string, string | string[]][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  bytes: number;
  expiresAt: number;
  refreshing: boolean;
}

export function createEntryStore({ maxEntries, maxBytes }: { maxEntries: number; maxBytes: number }) {
  // Map keeps insertion order: re-inserting on use makes it an LRU.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  return {
    /** The entry, without counting it as used. */
    peek: (key: string) => entries.get(key),
    /** Marks the entry as just used. */
    touch(key: string, entry: Entry) {
      entries.delete(key);
      entries.set(key, entry);
    },
    insert(key: string, entry: Entry) {
      remove(key);
      entries.set(key, entry);
      totalBytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
        remove(oldest);
      }
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}
