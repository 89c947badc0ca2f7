// Certificates over time (docs/certificate-validity.md) at scale: a company's compliance matrix and the expiry
// reminder job. The company's workers, their enrolments through the company (company_enrolment) and their
// certificates are written in SQL, with valid-until days spread so that every state of the matrix occurs; the
// reminder job is the application's own code (certificates/reminders.server.ts, the function the hourly look
// calls), run by a child process on the bench database while a signed-in learner keeps using the academy.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import readline from "node:readline";
import type { BenchDb } from "./db";
import { type Client, decodeEntities, fmt, log, sleep, summarize, table } from "./util";

/** The matrix's p95 budget for a company of 5 000 workers × 10 courses (issue: certificates over time). */
export const MATRIX_BUDGET_MS = 300;
/**
 * The whole matrix as an Excel file (5 000 workers × 10 courses, 100 000 cells): a download asked for now and then,
 * not a page, so not held to the page's 300 ms; a second is what a manager waits for a file without noticing.
 */
export const MATRIX_XLSX_BUDGET_MS = 1_000;
/** The reminder certificates: the company's and, on top, the scale learners' up to this many in all. */
export const REMINDER_CERTIFICATES = 100_000;
/** The reminder job runs every hour: a look must end well within it. */
export const REMINDER_INTERVAL_S = 3600;

/** A valid Chilean RUT (normalised, '12345678-5') from an integer SQL expression: the modulo 11 check digit. */
function rutSql(body: string) {
  return `(${body})::text || '-' || (select case s when 11 then '0' when 10 then 'K' else s::text end
      from (select 11 - sum(substr(reverse((${body})::text), i, 1)::int * (2 + (i - 1) % 6)) % 11 as s
            from generate_series(1, length((${body})::text)) i) d)`;
}

export interface SeededCompany {
  companyId: number;
  workers: number;
  courses: number;
  cells: number;
  certificates: number;
  seconds: number;
}

/**
 * A company with `workers` workers (user ids `<prefix>-<n>`) and its `courses` courses (the first by id): each worker
 * × course is, by a fixed spread, sin curso (10 %), en curso (10 %) or certified (80 %: valid until a day of the last
 * two years, vencido; of the next 60 days, por vencer; or later, vigente). Seeded once: a second run finds it.
 */
export async function seedCompany(db: BenchDb, opts: { prefix: string; name: string; rutBody: number; workers: number; courses: number }): Promise<SeededCompany> {
  const started = performance.now();
  const rut = (await db.query<{ rut: string }>(`select ${rutSql(String(opts.rutBody))} as rut`))[0]!.rut;
  const [existing] = await db.query<{ id: number }>(`select id from company where rut = '${rut}'`);
  let companyId = existing?.id;
  if (companyId === undefined) {
    const [row] = await db.query<{ id: number }>(`
      insert into company (name, rut, giro, contact_name, contact_email, contact_phone)
      values ('${opts.name}', '${rut}', 'Servicios de salud', 'Encargada de prevención', 'prevencion@${opts.prefix}.test', '+56 2 2345 6789')
      returning id`);
    companyId = row!.id;
    await db.query(`
      insert into "user" (id, name, email, role, email_verified, rut, created_at, updated_at)
      select '${opts.prefix}-' || g, 'Trabajador ' || (array['Aravena','Bustos','Cárcamo','Díaz','Espinoza','Fuentes','González','Henríquez','Ibáñez','Jara'])[1 + g % 10] || ' ' || g,
             'trabajador' || g || '@${opts.prefix}.test', 'user', true, ${rutSql(`${opts.rutBody + 1_000_000} + g`)}, now(), now()
      from generate_series(1, ${opts.workers}) g`);
    // State of worker g in the k-th course: (7g + 3k) mod 20 — 0–1 sin curso, 2–3 en curso, the rest certified.
    await db.query(`
      with c as (select id, k from (select id, (row_number() over (order by id) - 1)::int as k from course) x where k < ${opts.courses})
      insert into enrolment (user_id, course_id, enrolled_at, progress, completed_at)
      select '${opts.prefix}-' || g, c.id, now() - make_interval(days => 800 - (g * 13 + c.k * 29) % 700),
             case when s.r < 4 then 10 + (g + c.k) % 80 else 100 end,
             case when s.r < 4 then null else now() - make_interval(days => 790 - (g * 13 + c.k * 29) % 700) end
      from generate_series(1, ${opts.workers}) g cross join c
      cross join lateral (select (g * 7 + c.k * 3) % 20 as r) s
      where s.r >= 2`);
    await db.query(`
      insert into company_enrolment (company_id, course_id, enrolment_id, user_id, created_at)
      select ${companyId}, e.course_id, e.id, e.user_id, e.enrolled_at
      from enrolment e where e.user_id like '${opts.prefix}-%'`);
    // Valid until: a fifth vencido (up to two years ago), a sixth por vencer (today to 60 days), the rest vigente.
    await db.query(`
      insert into certificate (code, enrolment_id, cycle, holder_name, holder_rut, course_title, hours, issued_at, valid_until)
      select 'BENCH' || lpad(e.id::text, 7, '0'), e.id, 1, u.name, u.rut, c.title, 8, e.completed_at,
             current_date + case when v.p < 20 then -1 - e.id % 700 when v.p < 37 then e.id % 61 else 61 + e.id % 670 end
      from enrolment e join "user" u on u.id = e.user_id join course c on c.id = e.course_id
      cross join lateral (select (e.id * 37) % 100 as p) v
      where e.user_id like '${opts.prefix}-%' and e.completed_at is not null`);
    await db.query("analyze");
  } else {
    log(`compliance: ${opts.name} is already seeded`);
  }
  const [n] = await db.query<{ cells: string; certificates: string; courses: string }>(`
    select count(*) as cells, count(ce.id) as certificates, count(distinct ce_e.course_id) as courses
    from company_enrolment ce_e left join certificate ce on ce.enrolment_id = ce_e.enrolment_id
    where ce_e.company_id = ${companyId}`);
  return {
    companyId,
    workers: opts.workers,
    courses: Number(n!.courses),
    cells: Number(n!.cells),
    certificates: Number(n!.certificates),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Makes the account with this e-mail a manager of the company, as the admin's "add manager" stores it. */
export async function makeManager(db: BenchDb, companyId: number, email: string) {
  const rows = await db.query<{ id: string }>(`
    insert into company_manager (company_id, user_id)
    select ${companyId}, id from "user" where email = '${email.replace(/'/g, "''")}'
    on conflict do nothing returning user_id as id`);
  const [check] = await db.query<{ n: string }>(
    `select count(*) as n from company_manager m join "user" u on u.id = m.user_id where m.company_id = ${companyId} and u.email = '${email.replace(/'/g, "''")}'`,
  );
  if (Number(check!.n) !== 1) throw new Error(`could not make ${email} a manager of company ${companyId} (${rows.length} rows)`);
}

/**
 * Certificates for the reminder job, REMINDER_CERTIFICATES in all: the company's, and one for every tenth of the
 * scale learners' enrolments on top (their valid-until days spread evenly from a year ago to two years on, as
 * two-year certificates issued steadily and some already expired: about 8 % fall in the 90 days a look reads).
 */
export async function seedReminderCertificates(db: BenchDb) {
  const started = performance.now();
  const [have] = await db.query<{ n: string }>(`select count(*) as n from certificate`);
  const missing = REMINDER_CERTIFICATES - Number(have!.n);
  if (missing > 0) {
    await db.query(`
      insert into certificate (code, enrolment_id, cycle, holder_name, course_title, hours, issued_at, valid_until)
      select 'BENCH' || lpad(e.id::text, 7, '0'), e.id, 1, u.name, c.title, 8, e.enrolled_at,
             current_date - 365 + ((e.id::bigint * 7919) % 1095)::int
      from enrolment e join "user" u on u.id = e.user_id join course c on c.id = e.course_id
      where e.user_id like 'carga-%' and e.id % 10 = 0
        and not exists (select 1 from certificate x where x.enrolment_id = e.id)
      order by e.id
      limit ${missing}`);
    await db.query("analyze certificate");
  }
  // A database seeded by an earlier run: its claims and queued mails go, so the first look finds every reminder due.
  await db.query(`delete from certificate_reminder`);
  await db.query(`delete from outbox where kind in ('certificateExpiryMail', 'certificateExpiryDigest') and status = 'pending'`);
  const [row] = await db.query<{ total: string; window: string }>(`
    select count(*) as total,
           count(*) filter (where valid_until between current_date - 1 and current_date + 90) as window
    from certificate`);
  return { certificates: Number(row!.total), inWindow: Number(row!.window), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

// ── The reminder job ──────────────────────────────────────────────────────────

export interface ReminderLook {
  name: string;
  ms: number;
  queued: number;
}

export interface LearnerUnderJob {
  name: string;
  path: string;
  without: ReturnType<typeof summarize>;
  during: ReturnType<typeof summarize>;
}

export interface ReminderResult {
  certificates: number;
  inWindow: number;
  seedSeconds: number;
  looks: ReminderLook[];
  /** Samples of pg_stat_activity during the first look, and how many found a backend waiting on a lock. */
  lockSamples: number;
  lockWaits: number;
  maxWaiting: number;
  learner: LearnerUnderJob[];
  reminderRows: number;
  outboxJobs: number;
}

/** The child that runs the job: ready once its imports and database are up; one look per "go" line. */
async function startJobProcess(root: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "bench", "reminder-job.ts")], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  const buffered: string[] = [];
  lines.on("line", (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else buffered.push(line);
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
    for (const w of waiting.splice(0)) w('{"error":"the reminder job process exited"}');
  });
  const next = () => (buffered.length ? Promise.resolve(buffered.shift()!) : exited ? Promise.resolve('{"error":"exited"}') : new Promise<string>((r) => waiting.push(r)));
  const ready = JSON.parse(await next()) as { ready?: boolean; error?: string };
  if (!ready.ready) throw new Error(`the reminder job process did not start: ${ready.error}`);
  return {
    async look(): Promise<{ ms: number; queued: number }> {
      child.stdin!.write("go\n");
      const r = JSON.parse(await next()) as { ms?: number; queued?: number; error?: string };
      if (r.error !== undefined || r.ms === undefined) throw new Error(`the reminder job failed: ${r.error}`);
      return { ms: r.ms, queued: r.queued! };
    },
    async close() {
      child.stdin!.end();
      if (!exited) await new Promise((r) => child.once("exit", r));
    },
  };
}

/**
 * The learner's two requests, in turn, one at a time until `until` says stop (or `count` pairs): the study report of
 * the lesson page they have open (POST /cursos/1/estudio, the heartbeat a reading's page sends while the learner
 * reads: it locks and writes the lesson's lesson_study row and, once the time on task is enough, completes the lesson
 * — lesson_completion and enrolment, the tables the job reads — in the same transaction) and the dashboard.
 */
async function learnerLoop(learner: Client, study: StudyVisit, stop: () => boolean, minPairs: number) {
  const write: number[] = [];
  const read: number[] = [];
  while (write.length < minPairs || !stop()) {
    const w = await learner.post(study.path, study.form);
    if (w.status !== 200) throw new Error(`POST ${study.path} answered ${w.status}: ${w.body.slice(0, 200)}`);
    write.push(w.ms);
    const r = await learner.get("/dashboard");
    if (r.status !== 200) throw new Error(`GET /dashboard answered ${r.status}`);
    read.push(r.ms);
    if (stop() && write.length >= minPairs) break;
  }
  return { write, read };
}

interface StudyVisit {
  /** The study report's route and form, as the lesson page's heartbeat sends them (study-panel.tsx). */
  path: string;
  form: Record<string, string>;
  lessonPath: string;
}

/**
 * A lesson of course 1 that completes through study (decisions F8: a reading, PDF or video): its page carries the
 * completion form with the visit token the server signed when it served the page. The learner keeps that page
 * open and reports as the page does: the end in view, no video segments.
 */
async function openStudyVisit(learner: Client): Promise<StudyVisit> {
  const first = await learner.get("/cursos/1/contenido");
  const resumeUrl = first.location ? new URL(first.location, "http://x/cursos/1/contenido") : null;
  const resume = resumeUrl ? await learner.get(resumeUrl.pathname + resumeUrl.search) : first;
  const ids = [...new Set([...`${first.location ?? ""} ${resume.body}`.matchAll(/[?&](?:amp;)?leccion=(\d+)/g)].map((m) => m[1]!))];
  for (const id of ids.slice(0, 12)) {
    const lessonPath = `/cursos/1/contenido?leccion=${id}`;
    const page = await learner.get(lessonPath);
    const token = /name="visita" value="([^"]+)"/.exec(page.body)?.[1];
    if (!token || /<video/.test(page.body)) continue;
    return { path: "/cursos/1/estudio", form: { leccion: id, visita: decodeEntities(token), fin: "1", segmentos: "[]" }, lessonPath };
  }
  throw new Error(`no lesson of course 1 completes through study (${ids.length} lessons looked at)`);
}

export async function runReminderJob(opts: {
  root: string;
  db: BenchDb;
  databaseUrl: string;
  dataDir: string;
  base: string;
  learner: Client;
  seed: { certificates: number; inWindow: number; seconds: number };
  baselinePairs: number;
}): Promise<ReminderResult> {
  const { learner } = opts;
  const study = await openStudyVisit(learner);
  for (let i = 0; i < 5; i++) {
    const w = await learner.post(study.path, study.form);
    if (w.status !== 200) throw new Error(`POST ${study.path} answered ${w.status}: ${w.body.slice(0, 200)}`);
  }

  log("reminders: the learner without the job …");
  const without = await learnerLoop(learner, study, () => true, opts.baselinePairs);

  const job = await startJobProcess(opts.root, {
    NODE_ENV: "production",
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: opts.base,
    LOG_LEVEL: "warn",
  });
  const since = new Date().toISOString();
  const looks: ReminderLook[] = [];
  let lockSamples = 0;
  let lockWaits = 0;
  let maxWaiting = 0;
  let during: { write: number[]; read: number[] };
  try {
    log("reminders: the first look (every certificate in its window is due) while the learner keeps going …");
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const [row] = await opts.db.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        lockSamples++;
        const n = Number(row!.n);
        if (n > 0) lockWaits++;
        maxWaiting = Math.max(maxWaiting, n);
        await sleep(20);
      }
    })();
    const lookDone = job.look().finally(() => {
      done = true;
    });
    [during] = await Promise.all([learnerLoop(learner, study, () => done, 5), lookDone.then((r) => looks.push({ name: "first look: every due reminder queued", ...r }))]);
    await sampler;
    log("reminders: a second look (nothing new is due) …");
    const again = await job.look();
    looks.push({ name: "next look: nothing new due", ...again });
  } finally {
    await job.close();
  }
  const [counts] = await opts.db.query<{ reminders: string; jobs: string }>(
    `select (select count(*) from certificate_reminder) as reminders, (select count(*) from outbox where kind in ('certificateExpiryMail', 'certificateExpiryDigest') and created_at >= '${since}') as jobs`,
  );
  return {
    certificates: opts.seed.certificates,
    inWindow: opts.seed.inWindow,
    seedSeconds: opts.seed.seconds,
    looks,
    lockSamples,
    lockWaits,
    maxWaiting,
    learner: [
      { name: "learner's study report of a reading (POST)", path: `${study.path} (${study.lessonPath})`, without: summarize(without.write), during: summarize(during!.write) },
      { name: "learner dashboard (GET)", path: "/dashboard", without: summarize(without.read), during: summarize(during!.read) },
    ],
    reminderRows: Number(counts!.reminders),
    outboxJobs: Number(counts!.jobs),
  };
}

export function reminderMarkdown(r: ReminderResult) {
  const firstLook = r.looks[0];
  const noLocks = r.lockWaits === 0;
  return [
    `${fmt(r.certificates, 0)} certificates (seeded in ${fmt(r.seedSeconds)} s), ${fmt(r.inWindow, 0)} of them valid until a day of the window a look reads ` +
      `(yesterday to 90 days on). The job is \`queueDueCertificateReminders\` (certificates/reminders.server.ts), run by a child process on this database ` +
      `while the server runs and delivers what it queues. Budgets: a look ends within its interval (${fmt(REMINDER_INTERVAL_S, 0)} s); no learner request waits on a lock while it runs.`,
    "",
    table(
      ["look", "time s", "reminders queued", "budget"],
      r.looks.map((l) => [l.name, fmt(l.ms / 1000, 2), fmt(l.queued, 0), l.ms / 1000 < REMINDER_INTERVAL_S ? "ok" : "**missed**"]),
    ),
    "",
    `Afterwards: ${fmt(r.reminderRows, 0)} certificate_reminder rows (claims, the skipped earlier thresholds included), ${fmt(r.outboxJobs, 0)} mail and digest jobs queued. ` +
      `pg_stat_activity sampled ${fmt(r.lockSamples, 0)} times during the first look${firstLook ? ` (${fmt(firstLook.ms / 1000, 2)} s)` : ""}: ` +
      `${r.lockWaits === 0 ? "no backend ever waited on a lock" : `a backend waited on a lock in ${r.lockWaits} samples (at most ${r.maxWaiting} at once)`} — ${noLocks ? "ok" : "**missed**"}.`,
    "",
    table(
      ["learner request", "request", "without: p50 ms", "p95 ms", "during the look: p50 ms", "p95 ms", "max ms", "requests"],
      r.learner.map((l) => [l.name, `\`${l.path}\``, fmt(l.without.p50), fmt(l.without.p95), fmt(l.during.p50), fmt(l.during.p95), fmt(l.during.max), String(l.during.count)]),
    ),
  ].join("\n");
}
