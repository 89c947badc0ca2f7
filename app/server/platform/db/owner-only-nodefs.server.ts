// PGlite's files on disk, owner-only. PGlite runs PostgreSQL inside WebAssembly and reaches the disk through
// Emscripten's NODEFS, which creates each file and then chmods it to the mode PostgreSQL (or the bundled
// initial data directory) asks for — 0666 for most of them. A chmod ignores the process umask, so the
// embedded database came out readable and writable by every user of the host. This filesystem is PGlite's
// own NodeFS with group/other bits removed from every mode it creates or sets.
import { NodeFS } from "@electric-sql/pglite/nodefs";

const OWNER_ONLY = ~0o077;

interface ModeAttr {
  mode?: number | null;
}
type Op = (...args: never[]) => unknown;
interface NodefsOps {
  node_ops: { mknod: Op; setattr: Op };
  stream_ops: { setattr: Op };
}

const patched = new WeakSet<object>();

function restrictModes(nodefs: NodefsOps) {
  // One NODEFS object per PGlite instance, but never wrap the same one twice.
  if (patched.has(nodefs)) return;
  patched.add(nodefs);
  const mask = (attr: ModeAttr) => (attr.mode == null ? attr : { ...attr, mode: attr.mode & OWNER_ONLY });
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  const mknod = nodeOps.mknod as (parent: unknown, name: string, mode: number, dev: number) => unknown;
  const setattr = nodeOps.setattr as (node: unknown, attr: ModeAttr) => unknown;
  const streamSetattr = streamOps.setattr as (stream: unknown, attr: ModeAttr) => unknown;
  nodeOps.mknod = ((parent: unknown, name: string, mode: number, dev: number) => mknod(parent, name, mode & OWNER_ONLY, dev)) as Op;
  nodeOps.setattr = ((node: unknown, attr: ModeAttr) => setattr(node, mask(attr))) as Op;
  streamOps.setattr = ((stream: unknown, attr: ModeAttr) => streamSetattr(stream, mask(attr))) as Op;
}

export class OwnerOnlyNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>) {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [(mod) => restrictModes((mod as unknown as { NODEFS: NodefsOps }).NODEFS), ...(emscriptenOpts.preRun ?? [])];
    return result;
  }
}
