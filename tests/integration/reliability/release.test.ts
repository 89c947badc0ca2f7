// The release as an operator installs it (and as the Dockerfile builds it): scripts/release/assemble.sh puts the build,
// the migrations, the catalogue and the production dependencies — nothing else — into a fresh directory, and from
// there `npm start` serves the academy without building, and the operator's commands run from the build (no tsx, no
// TypeScript sources, no development dependencies).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, ensureProductionBuild, freePort, tempDir } from "./support/built-server";
import { until } from "./support/poll";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ADMIN = { email: "admin@release.test", password: "clave-release-123" };
let dir: string;
let release: string;

beforeAll(async () => {
  await ensureProductionBuild();
  dir = tempDir("release");
  release = path.join(dir, "academia");
  const assembled = spawnSync("bash", ["scripts/release/assemble.sh", release], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR },
    encoding: "utf8",
    timeout: 8 * 60_000,
  });
  if (assembled.status !== 0) throw new Error(`assemble.sh failed:\n${assembled.stdout}\n${assembled.stderr}`);
}, 600_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a machine that has only the release: no test runner's variables, production by default. */
function releaseEnv(extra: Record<string, string>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, LOG_LEVEL: "info", ...extra };
  return env;
}

function run(args: string[], extra: Record<string, string>) {
  return spawnSync(process.execPath, args, { cwd: release, env: releaseEnv(extra), encoding: "utf8", timeout: 180_000 });
}

describe.skipIf(process.env.TEST_DB === "postgres")("una instalación con solo la versión publicada y sus dependencias de producción", () => {
  it("tiene la build, las migraciones y el catálogo, y nada de las fuentes ni de las herramientas de desarrollo", () => {
    for (const present of ["server.js", "cli.js", "server/primary.js", "scripts/start.mjs", "build/server/index.js", "build/server/cli.js", "drizzle/meta/_journal.json", "content/fonts/DejaVuSans.ttf", "node_modules/express", "node_modules/@aws-sdk/client-s3"]) {
      expect(fs.existsSync(path.join(release, present)), present).toBe(true);
    }
    for (const absent of ["app", "tests", "vite.config.ts", "node_modules/tsx", "node_modules/vite", "node_modules/typescript", "node_modules/@react-router/dev", "node_modules/vitest", "node_modules/cross-env", "node_modules/svg-to-pdfkit", "build/.inputs-server.json"]) {
      expect(fs.existsSync(path.join(release, absent)), absent).toBe(false);
    }
    // The image pipeline's native binary is an optional package per platform, which the release must still carry.
    const sharp = spawnSync(process.execPath, ["-e", "import('sharp').then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); })"], { cwd: release, encoding: "utf8", timeout: 60_000 });
    expect(sharp.status, sharp.stderr).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(release, "package.json"), "utf8")) as { version: string };
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8")).toContain(`## [${pkg.version}]`);
  });

  it("los comandos del operador corren desde la build: admin:create, backup y restore", () => {
    const dataDir = path.join(dir, "data-cli");
    const created = run(["cli.js", "admin:create", "--email", ADMIN.email, "--password", ADMIN.password, "--name", "Admin Release"], { DATA_DIR: dataDir });
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Administrador creado: ${ADMIN.email}`);
    const bad = run(["cli.js", "backup"], { DATA_DIR: dataDir, DB_POOL_SIZE: "abc" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('DB_POOL_SIZE must be a whole number of connections between 1 and 1000 (got "abc")');
    const backup = run(["cli.js", "backup"], { DATA_DIR: dataDir });
    expect(backup.status, backup.stderr).toBe(0);
    const file = /Backup written: (.+\.tar)/.exec(backup.stdout)?.[1];
    expect(file).toBeTruthy();
    const restored = run(["cli.js", "restore", file!], { DATA_DIR: path.join(dir, "data-restored") });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/rows: .*user 1/);
  });

  it("npm start sirve la academia sin construir nada, con los archivos del catálogo, y se detiene con SIGTERM", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn("npm", ["start", "--silent"], {
      cwd: release,
      env: releaseEnv({ DATA_DIR: path.join(dir, "data-serve"), HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: base, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await until(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status === 200, { timeoutMs: 180_000, what: "the release to serve", describe: () => out });
      expect(out).not.toContain("Building the application");
      const catalogue = await fetch(`${base}/cursos`);
      expect(catalogue.status).toBe(200);
      expect(await catalogue.text()).toContain("Reanimación Cardiopulmonar");

      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(ADMIN),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const file = await fetch(`${base}/archivos/lecciones/1`, { headers: { cookie } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
      const pdf = await fetch(`${base}/assets/does-not-exist.js`);
      expect(pdf.status).toBe(404);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
    }
    expect(await exit).toBe(0);
  });
});
