// Moving an academy from the embedded database to PostgreSQL and a bucket with one command from the build
// (`node cli.js db:copy-to-postgres`): every table's row count matches, the ids continue after the copied ones, a
// learner signs in on the production server started on the copy and opens a lesson file from the bucket, and a second
// run refuses a database that is no longer empty. Needs a PostgreSQL server (TEST_DATABASE_URL); runs in the embedded
// pass, whose database is the one copied.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedPglite, dbHandle } from "~/server/platform/db/client.server";
import { env } from "~/server/platform/env.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db/client.server";
import { startLocalS3, type LocalS3 } from "../../../scripts/s3/server";
import { createUser } from "../support/users";
import { enrol } from "../learning/helpers";
import { BUILD_DIR, BuiltServer, ensureProductionBuild, tempDir } from "./support/built-server";

const enabled = process.env.TEST_DB !== "postgres" && !!process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, "../../..");

describe.skipIf(!enabled)("de la base embebida a PostgreSQL con un comando", () => {
  let admin: postgres.Sql;
  let target: postgres.Sql;
  let url: string;
  let dbName: string;
  let s3: LocalS3;
  let dataDir: string;
  let server: BuiltServer | undefined;

  beforeAll(async () => {
    await ensureProductionBuild();
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    dbName = `academia_copy_${process.pid}`;
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.unsafe(`create database ${dbName}`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    target = postgres(url, { max: 1, onnotice: () => {} });
    s3 = await startLocalS3();
    dataDir = tempDir("copy-pg");
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await target?.end();
    await admin?.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
    await s3?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Asynchronous: the S3 server runs in this process and must go on answering while the command runs.
  const copy = () =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["cli.js", "db:copy-to-postgres", "--to", url, "--from", dataDir], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", BUILD_DIR, LOG_LEVEL: "warn", ...s3.env },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("exit", (status) => resolve({ status, stdout, stderr }));
    });

  it("copia cada tabla y los archivos, verifica los conteos y la academia funciona sobre la copia", async () => {
    // An academy with learners, an enrolment, an audit record and the catalogue's files.
    const learner = await createUser({ name: "Lucía Migrada" });
    const boss = await createUser({ role: "admin" });
    await enrol(learner.id, 1);
    await db().transaction((tx) => recordAudit(tx, { actorId: boss.id, action: "user.role", subject: { type: "user", id: learner.id }, before: { role: "user" }, after: { role: "user" } }));
    const tarball = await dbHandle().dumpDataDir!();
    const pg = await createEmbeddedPglite(path.join(dataDir, "db"), { loadDataDir: new Blob([new Uint8Array(tarball)]) });
    await pg.close();
    fs.cpSync(path.join(env().DATA_DIR, "files"), path.join(dataDir, "files"), { recursive: true });

    const run = await copy();
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Verified: \d+ tables, \d+ rows, the same counts in both databases\./);
    expect(run.stdout).toMatch(/Files: \d+ in s3:\/\//);

    for (const table of ["user", "account", "enrolment", "course", "lesson", "question", "asset", "audit_event", "stat_counter"]) {
      const [copied] = await target.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table}"`);
      const { rows } = await dbHandle().db.execute<{ n: number }>(`select count(*)::int as n from "${table}"` as never) as unknown as { rows: { n: number }[] };
      expect(copied!.n, table).toBe(rows[0]!.n);
    }
    const [audit] = await target`select actor_id, after from audit_event`;
    expect(audit).toMatchObject({ actor_id: boss.id, after: { role: "user" } });
    // Ids go on after the copied ones.
    const [next] = await target`select nextval(pg_get_serial_sequence('course', 'id'))::int as id`;
    const [max] = await target`select max(id)::int as id from course`;
    expect(next!.id).toBeGreaterThan(max!.id);

    server = await BuiltServer.start({ dataDir: tempDir("copy-pg-serve"), databaseUrl: url, env: { ...s3.env, BETTER_AUTH_SECRET: "" } });
    const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ email: learner.email, password: learner.password }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const [lesson] = await target`select l.id from lesson l join module m on m.id = l.module_id where m.course_id = 1 and l.asset_id is not null and l.status = 'published' order by m.position, l.position limit 1`;
    const file = await fetch(`${server.base}/archivos/lecciones/${lesson!.id}`, { headers: { cookie } });
    expect(file.status).toBe(200);
  });

  it("una segunda vez se niega: la base ya no está vacía", async () => {
    const again = await copy();
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/The target database is not empty: table \S+ has \d+ rows/);
  });
});
