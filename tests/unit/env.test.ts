import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/server/env.server";

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
});
