// `npm run storage:copy [-- --from <data dir>]`: copies DATA_DIR/files (or another data directory's) into the bucket
// named by STORAGE=s3 and the S3_* variables, then checks every object. Run it before switching an academy from
// disk to a bucket; it may run while the academy serves, and again to copy what was uploaded meanwhile.
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "~/server/platform/env.server";
import { objectStore } from "~/server/platform/storage/object-store.server";
import { copyFilesToStore } from "~/server/platform/storage/copy-files.server";

export async function storageCopy(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: "string" } }, strict: true });
  const config = env();
  if (config.STORAGE !== "s3") {
    console.error("Set STORAGE=s3 and the bucket's S3_* variables (S3_BUCKET, S3_ENDPOINT, keys…) to copy the files into it.");
    return 2;
  }
  const dataDir = path.resolve(values.from ?? config.DATA_DIR);
  const target = objectStore();
  console.log(`Copying ${path.join(dataDir, "files")} into ${target.describe()}…`);
  const report = await copyFilesToStore(dataDir, target, (done, key) => {
    if (done % 100 === 0) console.log(`  ${done} files (${key})`);
  });
  const mb = (report.bytes / 1024 / 1024).toFixed(1);
  console.log(`${report.files} files (${mb} MB): ${report.copied} copied, ${report.alreadyThere} already in the bucket.`);
  if (report.mismatched.length > 0) {
    console.error(`Verification failed: ${report.mismatched.length} objects missing or of another size, e.g. ${report.mismatched.slice(0, 5).join(", ")}. Run the command again.`);
    return 1;
  }
  console.log(`Verified: the bucket holds all ${report.files} files, each of its size. The academy can now run with STORAGE=s3.`);
  return 0;
}
