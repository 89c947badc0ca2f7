import pino from "pino";
import { env } from "./env.server";

// Until boot() has validated the configuration (configureLogger), a level pino knows: an unknown LOG_LEVEL would make
// pino throw here, at import, before the configuration check could name it.
const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
const early = process.env.LOG_LEVEL;

export const logger = pino({
  level: early && LEVELS.has(early) ? early : process.env.NODE_ENV === "test" ? "silent" : "info",
  base: undefined,
  redact: { paths: ["password", "*.password", "req.headers.cookie", "headers.cookie", "req.headers.authorization"], remove: true },
});

export function configureLogger() {
  logger.level = env().LOG_LEVEL;
}
