// A local S3-compatible server (s3rver, from the npm registry) for tests and `npm run dev:s3`: the real AWS SDK
// talks to it over HTTP exactly as to AWS S3, MinIO or R2 (path-style addressing, signed requests, multipart
// uploads, byte ranges). Its objects live in a directory of this disk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/** s3rver's fixed credentials (any other pair is refused with a signature error, as a real store would). */
export const LOCAL_S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  /** The academy's configuration for this bucket (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalS3(options: { port?: number; bucket?: string; directory?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "academia";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "academia-s3-"));
  const server = new S3rver({ port: options.port ?? 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
    },
    stop: async () => {
      await server.close();
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
