// Copies a data directory's files (DATA_DIR/files) into the configured store (a bucket), and checks the result by
// asking the store for every key: the same count, each object of the file's size. Content-addressed keys make it
// safe to run again (what is there already is skipped) and to run while the academy serves (files never change).
import { diskStore } from "./disk-store.server";
import type { ObjectStore } from "./object-store.server";

export interface CopyReport {
  files: number;
  bytes: number;
  copied: number;
  alreadyThere: number;
  /** Keys the store lacks, or holds with another size, after the copy (empty when it succeeded). */
  mismatched: string[];
}

const IN_FLIGHT = 4;

export async function copyFilesToStore(
  dataDir: string,
  target: ObjectStore,
  onProgress: (done: number, key: string) => void = () => {},
): Promise<CopyReport> {
  const source = diskStore(dataDir);
  const entries: Array<{ key: string; size: number }> = [];
  for await (const entry of source.list()) entries.push(entry);
  const report: CopyReport = { files: entries.length, bytes: entries.reduce((n, e) => n + e.size, 0), copied: 0, alreadyThere: 0, mismatched: [] };

  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < entries.length) {
      const { key, size } = entries[next++]!;
      if ((await target.size(key)) === size) report.alreadyThere++;
      else {
        await target.putFile(key, { path: source.pathOf(key), size }, "application/octet-stream");
        report.copied++;
      }
      onProgress(++done, key);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, entries.length) }, worker));

  // Verified separately from the copy: each key asked for by name.
  for (const { key, size } of entries) if ((await target.size(key)) !== size) report.mismatched.push(key);
  return report;
}
