// An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…) through AWS's official SDK, so every instance of the
// academy reads and writes the same files. The bucket stays private: learners get their files through the academy's
// authorising route (lesson-files.server.ts), which streams them from here, byte ranges included.
import fs from "node:fs";
import type { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Env } from "../env.server";
import type { ObjectStore } from "./object-store.server";

// Parts of a streamed upload: the smallest S3 accepts (5 MB), two in flight, so an upload holds at most ~10 MB in
// memory whatever its size.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function notFound(error: unknown) {
  if (error instanceof S3ServiceException) {
    return error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

export function s3Client(config: Pick<Env, "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">) {
  return new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // Without keys here, the SDK's own chain applies (AWS_* variables, an instance or task role).
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default (a CRC on every upload) is refused by several
    // S3-compatible stores. Content is addressed by its SHA-256, computed before it is stored.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function s3Store(config: Env): ObjectStore {
  const bucket = config.S3_BUCKET!;
  const prefix = config.S3_PREFIX ? `${config.S3_PREFIX.replace(/\/+$/, "")}/` : "";
  const client = s3Client(config);
  const objectKey = (key: string) => `${prefix}${key}`;

  const size = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: "s3",
    describe: () => `s3://${bucket}/${prefix}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ""}`,
    has: async (key) => (await size(key)) !== null,
    size,
    async putBytes(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async putFile(key, file, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: fs.createReadStream(file.path), ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        // A failed multipart upload is aborted rather than left to cost storage.
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
  };
}
