import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, parseEnv } from "~/server/platform/env.server";

describe("configuración por entorno", () => {
  it("usa valores por defecto sensatos", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR.endsWith("data")).toBe(true);
  });

  it("rechaza un PORT inválido con un mensaje que nombra la variable", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("rechaza una DATABASE_URL que no es de PostgreSQL", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(parseEnv({ DATABASE_URL: "postgres://u@h:5432/db" }).DATABASE_URL).toBe("postgres://u@h:5432/db");
  });

  it("rechaza una PUBLIC_URL relativa y quita la barra final", () => {
    expect(() => parseEnv({ PUBLIC_URL: "academia.cl" })).toThrow(/PUBLIC_URL/);
    expect(parseEnv({ PUBLIC_URL: "https://academia.cl/" }).PUBLIC_URL).toBe("https://academia.cl");
  });

  it("trata las variables vacías como no definidas", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("WEB_CONCURRENCY: un proceso con la base embebida; con PostgreSQL en producción, uno por núcleo salvo que se indique", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ NODE_ENV: "production" }).WEB_CONCURRENCY).toBe(1);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY.*embedded database/);
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    const pg = { DATABASE_URL: "postgres://u@h:5432/db", NODE_ENV: "production" };
    expect(parseEnv(pg).WEB_CONCURRENCY).toBe(os.availableParallelism());
    expect(parseEnv({ ...pg, WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(parseEnv({ ...pg, NODE_ENV: "development" }).WEB_CONCURRENCY).toBe(1);
    for (const bad of ["0", "1.5", "muchos", "65"]) expect(() => parseEnv({ ...pg, WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
  });

  it("TEST_CLOCK_TOKEN: solo para un servidor de pruebas de un proceso sobre la base embebida", () => {
    const token = "x".repeat(32);
    expect(parseEnv({ TEST_CLOCK_TOKEN: token }).TEST_CLOCK_TOKEN).toBe(token);
    expect(() => parseEnv({ TEST_CLOCK_TOKEN: "corto" })).toThrow(/TEST_CLOCK_TOKEN/);
    expect(() => parseEnv({ TEST_CLOCK_TOKEN: token, DATABASE_URL: "postgres://u@h:5432/db" })).toThrow(/TEST_CLOCK_TOKEN/);
    expect(() => parseEnv({ TEST_CLOCK_TOKEN: token, WEBPAY_ENVIRONMENT: "production", WEBPAY_COMMERCE_CODE: "597012345678", WEBPAY_API_KEY: "k".repeat(32) })).toThrow(
      /TEST_CLOCK_TOKEN/,
    );
  });
});

describe("cada variable pasa por el esquema validado", () => {
  it("un valor inválido se nombra en el mensaje, con el valor recibido (nunca el de un secreto)", () => {
    expect(() => parseEnv({ DB_POOL_SIZE: "abc" })).toThrow(/DB_POOL_SIZE must be a whole number of connections between 1 and 1000 \(got "abc"\)/);
    expect(() => parseEnv({ DB_POOL_SIZE: "0" })).toThrow(/DB_POOL_SIZE/);
    expect(() => parseEnv({ PAGE_CACHE: "maybe" })).toThrow(/PAGE_CACHE must be on or off \(got "maybe"\)/);
    expect(() => parseEnv({ PAGE_CACHE_TTL_MS: "-1" })).toThrow(/PAGE_CACHE_TTL_MS/);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: "2.5" })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => parseEnv({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent \(got "verbose"\)/);
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ MAX_UPLOAD_MB: "mucho" })).toThrow(/MAX_UPLOAD_MB/);
    const secret = "una-clave-corta";
    let message = "";
    try {
      parseEnv({ BETTER_AUTH_SECRET: secret, DATABASE_URL: "mysql://root:hunter2@db/x" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/BETTER_AUTH_SECRET/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).not.toContain(secret);
    expect(message).not.toContain("hunter2");
  });

  it("valores por defecto y valores válidos de las variables de operación", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ DB_POOL_SIZE: 10, PAGE_CACHE: "on", PAGE_CACHE_TTL_MS: 5000, SHUTDOWN_TIMEOUT_SECONDS: 8, BUILD_DIR: "build", CONTENT_DIR: "content", MIGRATIONS_DIR: "drizzle" });
    expect(parseEnv({ DB_POOL_SIZE: "25", PAGE_CACHE: "OFF", TRUST_PROXY: "1" })).toMatchObject({ DB_POOL_SIZE: 25, PAGE_CACHE: "off", TRUST_PROXY: "1" });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
  });

  it("ningún módulo del servidor lee process.env fuera del esquema (salvo lo que server.js necesita antes de cargarlo)", () => {
    const roots = ["app", "server", "server.js", "cli.js", "scripts/start.mjs"];
    const allowed = new Set([...CONFIG_VARIABLES, "npm_lifecycle_event"]);
    const found = new Map<string, string>();
    const visit = (file: string) => {
      if (fs.statSync(file).isDirectory()) {
        for (const name of fs.readdirSync(file)) visit(path.join(file, name));
        return;
      }
      if (!/\.(ts|tsx|js|mjs)$/.test(file) || file.endsWith("env.server.ts")) return;
      for (const match of fs.readFileSync(file, "utf8").matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g)) found.set(match[1]!, file);
    };
    for (const root of roots) visit(root);
    const outside = [...found].filter(([name]) => !allowed.has(name as never));
    expect(outside, "variables read without the schema").toEqual([]);
  });
});

describe("la tabla de configuración del README", () => {
  it("nombra cada variable del esquema", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
