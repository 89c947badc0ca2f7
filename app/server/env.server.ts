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
  // Seconds the start keeps retrying a PostgreSQL server it cannot reach (0: one attempt).
  DATABASE_CONNECT_TIMEOUT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number("DATABASE_CONNECT_TIMEOUT must be a number of seconds")
      .int("DATABASE_CONNECT_TIMEOUT must be a whole number of seconds")
      .min(0, "DATABASE_CONNECT_TIMEOUT must be between 0 and 3600 seconds")
      .max(3600, "DATABASE_CONNECT_TIMEOUT must be between 0 and 3600 seconds")
      .default(60),
  ),
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
  // How long a process keeps a course's outline (course-outlines.server.ts); 0 reads it on every request.
  OUTLINE_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  // Multiplies every per-client-address limit (rate-limit.server.ts): a test or bench run whose browsers
  // all come from 127.0.0.1 would otherwise trip them. 1 in production.
  // First retry of an undelivered mail after this many seconds, then ×4 each time (outbox-worker.server.ts).
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(30),
  RATE_LIMIT_IP_FACTOR: z.coerce.number().int().min(1, "RATE_LIMIT_IP_FACTOR must be a whole number ≥ 1").default(1),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("WEB_CONCURRENCY must be a whole number of processes").min(1).max(64, "WEB_CONCURRENCY must be between 1 and 64").optional(),
  ),
  WEBPAY_ENVIRONMENT: z.preprocess(
    emptyToUndefined,
    z.enum(["integration", "production"], { message: "WEBPAY_ENVIRONMENT must be integration or production" }).default("integration"),
  ),
  WEBPAY_COMMERCE_CODE: z.preprocess(emptyToUndefined, z.string().regex(/^\d{12}$/, "WEBPAY_COMMERCE_CODE must be the 12-digit commerce code Transbank gave you").optional()),
  WEBPAY_API_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^\S{16,256}$/, "WEBPAY_API_KEY must be the secret key Transbank gave you (no spaces)").optional()),
  WEBPAY_BASE_URL: optionalUrl(["http:", "https:"], "WEBPAY_BASE_URL must be an http(s) URL, e.g. http://127.0.0.1:3390"),
});

// Transbank's published integration key (transbankdevelopers.cl/referencia/webpay, "Credenciales del
// Comercio"): anyone can pay with it using the public test cards, so it must never take real orders.
const WEBPAY_PUBLIC_INTEGRATION_KEY = "579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C";

function webpayIssues(env: z.infer<typeof envSchema>): string[] {
  const issues: string[] = [];
  const hasCode = env.WEBPAY_COMMERCE_CODE !== undefined;
  const hasKey = env.WEBPAY_API_KEY !== undefined;
  if (env.WEBPAY_ENVIRONMENT === "production") {
    if (!hasCode) issues.push("WEBPAY_COMMERCE_CODE: required when WEBPAY_ENVIRONMENT=production (your commerce code from Transbank)");
    if (!hasKey) issues.push("WEBPAY_API_KEY: required when WEBPAY_ENVIRONMENT=production (your secret key from Transbank)");
    if (env.WEBPAY_API_KEY === WEBPAY_PUBLIC_INTEGRATION_KEY) issues.push("WEBPAY_API_KEY: this is Transbank's public integration key; production needs your own");
    if (env.WEBPAY_BASE_URL) issues.push("WEBPAY_BASE_URL: only for the integration environment (a local Webpay server); remove it in production");
  } else if (hasCode !== hasKey) {
    issues.push(`${hasCode ? "WEBPAY_API_KEY" : "WEBPAY_COMMERCE_CODE"}: set both WEBPAY_COMMERCE_CODE and WEBPAY_API_KEY, or neither (Transbank's integration credentials)`);
  }
  return issues;
}

export type Env = Omit<z.infer<typeof envSchema>, "WEB_CONCURRENCY"> & { DATA_DIR: string; PUBLIC_URL: string; WEB_CONCURRENCY: number };

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const webpay = webpayIssues(env);
  if (webpay.length > 0) throw new ConfigError(`Invalid configuration:\n${webpay.map((line) => `  ${line}`).join("\n")}`);
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
