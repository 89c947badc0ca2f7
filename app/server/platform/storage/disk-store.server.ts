// The default store: files under DATA_DIR/files on this machine, owner-only, written under a temporary name and
// renamed into place, so a reader never sees half a file.
import fs from "node:fs";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/data-dir.server";
import type { ObjectStore } from "./object-store.server";

export interface DiskStore extends ObjectStore {
  /** The file holding `key`. */
  pathOf(key: string): string;
  /** Every key with its size, in key order (a bucket is never listed: each key is asked for by name). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

export function diskStore(dataDir: string): DiskStore {
  const root = path.join(dataDir, "files");
  const pathOf = (key: string) => path.join(root, key);
  const size = async (key: string) => {
    try {
      return (await fs.promises.stat(pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  const temporary = (target: string) => `${target}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;

  return {
    kind: "disk",
    describe: () => root,
    pathOf,
    has: async (key) => (await size(key)) !== null,
    size,
    async putBytes(key, bytes) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      const tmp = temporary(target);
      await fs.promises.writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
      await fs.promises.rename(tmp, target);
    },
    async putFile(key, file) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      // rename(2) is atomic on one filesystem (DATA_DIR/tmp and DATA_DIR/files normally are); across two, copy then rename.
      try {
        await fs.promises.rename(file.path, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        const tmp = temporary(target);
        await fs.promises.copyFile(file.path, tmp);
        await fs.promises.chmod(tmp, PRIVATE_FILE_MODE);
        await fs.promises.rename(tmp, target);
      }
    },
    async read(key, range) {
      const full = pathOf(key);
      try {
        // Opened first, so a missing file answers null rather than an error on the stream.
        const handle = await fs.promises.open(full, "r");
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async *list() {
      const keys: string[] = [];
      const walk = async (dir: string) => {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          // Writes go through NAME.….tmp and are renamed into place when complete.
          else if (entry.isFile() && !entry.name.endsWith(".tmp")) keys.push(path.relative(root, full).split(path.sep).join("/"));
        }
      };
      await walk(root);
      keys.sort();
      for (const key of keys) {
        const n = await size(key);
        if (n !== null) yield { key, size: n };
      }
    },
  };
}
