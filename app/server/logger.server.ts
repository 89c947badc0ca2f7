import pino from "pino";
import { env } from "./env.server";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: ["password", "*.password", "req.headers.cookie", "headers.cookie", "req.headers.authorization"], remove: true },
});

export function configureLogger() {
  logger.level = env().LOG_LEVEL;
}
