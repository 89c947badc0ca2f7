// Configuration comes from the environment, validated once at start so a bad value fails loudly.
import os from "node:os";
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalUrl = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1, "PORT debe ser un número entre 1 y 65535").max(65535, "PORT debe ser un número entre 1 y 65535").default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "DATABASE_URL must be a postgres:// or postgresql:// URL"),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ message: "PUBLIC_URL must be an absolute http(s) URL, e.g. https://academia.example.cl" }).optional(),
  ),
  BETTER_AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "BETTER_AUTH_SECRET must have at least 32 characters").optional()),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "SMTP_URL must be an smtp:// or smtps:// URL"),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  CONTACT_INBOX: z.preprocess(emptyToUndefined, z.email("CONTACT_INBOX must be an e-mail address").optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("ADMIN_EMAIL must be an e-mail address").optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6, "ADMIN_PASSWORD must have at least 6 characters").optional()),
  ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MAX_UPLOAD_MB: z.coerce.number().int().positive().default(100),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("WEB_CONCURRENCY must be a whole number of processes").min(1).max(64, "WEB_CONCURRENCY must be between 1 and 64").optional(),
  ),
});

export type Env = Omit<z.infer<typeof envSchema>, "WEB_CONCURRENCY"> & { DATA_DIR: string; PUBLIC_URL: string; WEB_CONCURRENCY: number };

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  // The embedded database lives inside one process (DATA_DIR is locked to it): only PostgreSQL can be
  // shared by several. With PostgreSQL, one process per core unless told otherwise.
  if (!env.DATABASE_URL && env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY: the embedded database (no DATABASE_URL) is opened by one process only; set it to 1 or use PostgreSQL",
    );
  }
  const workers = env.WEB_CONCURRENCY ?? (env.DATABASE_URL && env.NODE_ENV === "production" ? os.availableParallelism() : 1);
  return {
    ...env,
    WEB_CONCURRENCY: workers,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
/** For tests: replace the configuration. */
export function setEnv(next: Env) {
  cached = next;
}
