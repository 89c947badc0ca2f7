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

/** A whole number in [min, max] (an empty value takes the default); the message says what the variable accepts. */
const wholeNumber = (name: string, min: number, max: number, fallback: number, unit = "") => {
  const range = `${name} must be a whole number${unit ? ` of ${unit}` : ""} between ${min} and ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number(range).int(range).min(min, range).max(max, range).default(fallback),
  );
};

const onOff = (name: string, fallback: "on" | "off") =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v) || undefined,
    z.enum(["on", "off"], { message: `${name} must be on or off` }).default(fallback),
  );

/** Express's "trust proxy": how many proxies in front (a number), or which addresses (IP, CIDR or loopback/linklocal/uniquelocal). */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine(
      (v) =>
        /^\d{1,2}$/.test(v) ||
        v === "true" ||
        v === "false" ||
        v.split(",").every((part) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part.trim())),
      "TRUST_PROXY must be the number of proxies in front (e.g. 1), or their addresses (e.g. 10.0.0.0/8,loopback)",
    )
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
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent" }).default("info"),
  ),
  MAX_UPLOAD_MB: wholeNumber("MAX_UPLOAD_MB", 1, 10_240, 100, "megabytes"),
  // How long a process keeps a course's outline and the other catalogue copies (catalogue/cache.server.ts); 0 reads
  // them on every request. Another instance's course edit reaches this one within this time.
  OUTLINE_CACHE_MS: wholeNumber("OUTLINE_CACHE_MS", 0, 3_600_000, 5_000, "milliseconds"),
  // First retry of an undelivered mail after this many seconds, then ×4 each time (platform/outbox/worker.server.ts).
  OUTBOX_RETRY_BASE_SECONDS: wholeNumber("OUTBOX_RETRY_BASE_SECONDS", 0, 86_400, 30, "seconds"),
  // Multiplies every per-client-address limit (rate-limit.server.ts): a test or bench run whose browsers
  // all come from 127.0.0.1 would otherwise trip them. 1 in production.
  RATE_LIMIT_IP_FACTOR: wholeNumber("RATE_LIMIT_IP_FACTOR", 1, 1_000_000, 1),
  TRUST_PROXY: trustProxy,
  // With an https PUBLIC_URL, HSTS covers the academy's subdomains too (every one must then serve https). Turn it
  // off only when a subdomain still serves plain http.
  HSTS_INCLUDE_SUBDOMAINS: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.enum(["true", "false"], { message: "HSTS_INCLUDE_SUBDOMAINS must be true or false" }).default("true").transform((v) => v === "true"),
  ),
  // Connections each server process may open to PostgreSQL (instances × processes × this < max_connections).
  DB_POOL_SIZE: wholeNumber("DB_POOL_SIZE", 1, 1000, 10, "connections"),
  // Anonymous public pages kept in memory per process (server/page-cache.ts), each for PAGE_CACHE_TTL_MS: a course
  // edit made on another instance shows there within that time (on this instance, at once).
  PAGE_CACHE: onOff("PAGE_CACHE", "on"),
  PAGE_CACHE_TTL_MS: wholeNumber("PAGE_CACHE_TTL_MS", 0, 3_600_000, 5_000, "milliseconds"),
  // Where the release keeps what it reads at run time; relative to the working directory.
  BUILD_DIR: z.preprocess(emptyToUndefined, z.string().default("build")),
  CONTENT_DIR: z.preprocess(emptyToUndefined, z.string().default("content")),
  MIGRATIONS_DIR: z.preprocess(emptyToUndefined, z.string().default("drizzle")),
  // On SIGTERM/SIGINT: how long requests in flight may take before the process leaves anyway. Keep it below the
  // grace the service manager gives (Docker 10 s, Kubernetes 30 s, systemd 90 s).
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber("SHUTDOWN_TIMEOUT_SECONDS", 1, 600, 8, "seconds"),
  // Prometheus metrics on an internal listener (platform/metrics.server.ts); off unless METRICS_PORT is set.
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number("METRICS_PORT must be a port number").int("METRICS_PORT must be a port number").min(1, "METRICS_PORT must be between 1 and 65535").max(65535, "METRICS_PORT must be between 1 and 65535").optional(),
  ),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  // Only for `npm run bench`: each response names the queries its request ran (platform/db/query-count.server.ts).
  BENCH_COUNT_QUERIES: z.preprocess(emptyToUndefined, z.enum(["0", "1"], { message: "BENCH_COUNT_QUERIES must be 0 or 1" }).default("0")),
  // Where uploaded and built-in lesson files live (platform/storage/): this machine's DATA_DIR/files, or an
  // S3-compatible bucket that several instances share.
  STORAGE: z.preprocess(emptyToUndefined, z.enum(["disk", "s3"], { message: "STORAGE must be disk or s3" }).default("disk")),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)").optional(),
  ),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9-]{2,40}$/, "S3_REGION must be a region name, e.g. us-east-1 (auto for Cloudflare R2)").default("us-east-1")),
  // Any S3-compatible service other than AWS: MinIO, R2, Ceph… (its API address).
  S3_ENDPOINT: optionalUrl(["http:", "https:"], "S3_ENDPOINT must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com"),
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.enum(["true", "false"], { message: "S3_FORCE_PATH_STYLE must be true or false" }).default("false").transform((v) => v === "true"),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\S{1,128}$/, "S3_ACCESS_KEY_ID must be an access key id (no spaces)").optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^\S{1,256}$/, "S3_SECRET_ACCESS_KEY must be a secret key (no spaces)").optional()),
  // Keys go under this folder of the bucket (several academies, or other data, in one bucket).
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, "S3_PREFIX must be a folder name such as academia/ (letters, digits, . _ - and /)").default(""),
  ),
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
  // Electronic tax documents (commerce/tax-documents/config.server.ts checks how these fit together at start).
  DTE_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["openfactura"], { message: "DTE_PROVIDER must be openfactura, or empty (no tax documents)" }).optional()),
  OPENFACTURA_ENVIRONMENT: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production"], { message: "OPENFACTURA_ENVIRONMENT must be development (Haulmer's test environment) or production" }).optional(),
  ),
  OPENFACTURA_API_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^\S{16,256}$/, "OPENFACTURA_API_KEY must be the API key OpenFactura gave you (no spaces)").optional()),
  OPENFACTURA_BASE_URL: optionalUrl(["http:", "https:"], "OPENFACTURA_BASE_URL must be an http(s) URL, e.g. http://127.0.0.1:3395"),
  DTE_ISSUER_RUT: z.preprocess(emptyToUndefined, z.string().optional()),
  DTE_ISSUER_NAME: z.preprocess(emptyToUndefined, z.string().max(100, "DTE_ISSUER_NAME must have at most 100 characters (the SII's RznSoc)").optional()),
  DTE_ISSUER_GIRO: z.preprocess(emptyToUndefined, z.string().max(80, "DTE_ISSUER_GIRO must have at most 80 characters (the SII's GiroEmis)").optional()),
  DTE_ISSUER_ACTIVITY: z.preprocess(emptyToUndefined, z.string().regex(/^\d{5,6}$/, "DTE_ISSUER_ACTIVITY must be the SII's economic activity code (Acteco, 5 or 6 digits)").optional()),
  DTE_ISSUER_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(70, "DTE_ISSUER_ADDRESS must have at most 70 characters (the SII's DirOrigen)").optional()),
  DTE_ISSUER_COMUNA: z.preprocess(emptyToUndefined, z.string().max(20, "DTE_ISSUER_COMUNA must have at most 20 characters (the SII's CmnaOrigen)").optional()),
  DTE_ISSUER_BRANCH_CODE: z.preprocess(emptyToUndefined, z.string().regex(/^\d{1,9}$/, "DTE_ISSUER_BRANCH_CODE must be the SII's branch code (CdgSIISucur, up to 9 digits)").optional()),
  // SENCE's attendance register (docs/sence.md): another host in place of https://sistemas.sence.cl, for a
  // local server that follows its contract (npm run dev:sence); and the key that seals the OTEC's token.
  SENCE_BASE_URL: optionalUrl(["http:", "https:"], "SENCE_BASE_URL must be an http(s) URL, e.g. http://localhost:3396"),
  SENCE_TOKEN_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, "SENCE_TOKEN_KEY must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)")
      .optional(),
  ),
  // Tests only: lets the end-to-end run move the academy's clock (platform/clock.server.ts).
  TEST_CLOCK_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, "TEST_CLOCK_TOKEN must have at least 32 characters").optional()),
});

/** Every variable the academy reads (server, commands, workers): the README's configuration table lists each. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as ReadonlyArray<keyof typeof envSchema.shape>;

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

function storageIssues(env: z.infer<typeof envSchema>): string[] {
  const issues: string[] = [];
  if (env.STORAGE === "s3" && !env.S3_BUCKET) issues.push("S3_BUCKET: required when STORAGE=s3 (the bucket that holds the files)");
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    issues.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then uses AWS_* variables or the machine's role)");
  }
  return issues;
}

export type Env = Omit<z.infer<typeof envSchema>, "WEB_CONCURRENCY"> & { DATA_DIR: string; PUBLIC_URL: string; WEB_CONCURRENCY: number };

export class ConfigError extends Error {}

/** Variables whose value is never repeated in a message. */
const SECRET = /SECRET|PASSWORD|TOKEN|API_KEY|ACCESS_KEY|_URL$/;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = i.path.join(".");
      const value = source[name];
      // The value helps find a typo; a secret (or a URL that may carry a password) is never printed.
      const shown = value !== undefined && !SECRET.test(name) ? ` (got ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)})` : "";
      return `  ${name}: ${i.message}${shown}`;
    });
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
  const storage = storageIssues(env);
  if (storage.length > 0) throw new ConfigError(`Invalid configuration:\n${storage.map((line) => `  ${line}`).join("\n")}`);
  if (env.TEST_CLOCK_TOKEN && (env.WEBPAY_ENVIRONMENT === "production" || (env.WEB_CONCURRENCY ?? 1) > 1 || env.DATABASE_URL)) {
    throw new ConfigError(
      "Invalid configuration:\n  TEST_CLOCK_TOKEN: only for an end-to-end test server (one process, embedded database, no real payments); remove it",
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
/** For tests: replace the configuration (undefined: read it again from process.env when next asked). */
export function setEnv(next: Env | undefined) {
  cached = next;
}
