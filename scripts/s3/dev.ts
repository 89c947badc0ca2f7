// `npm run dev:s3`: a local S3-compatible server (s3rver) for working with STORAGE=s3 without a cloud account.
// Options: --port 4569 --directory data-s3 --bucket academia
import path from "node:path";
import { parseArgs } from "node:util";
import { startLocalS3 } from "./server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4569" },
    directory: { type: "string", default: "data-s3" },
    bucket: { type: "string", default: "academia" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, not ${values.port}`);
const s3 = await startLocalS3({ port, bucket: values.bucket, directory: path.resolve(values.directory) });

console.log(`Local S3 on ${s3.endpoint}, bucket "${s3.bucket}", objects in ${s3.directory}.
Start the academy against it in another terminal:
  ${Object.entries(s3.env)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ")} npm run dev
Copy an existing data directory's files into it first with the same variables and: npm run build && npm run storage:copy`);
const stop = () => void s3.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
