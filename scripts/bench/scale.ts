// Scale: 100 000 users and 1 000 000 enrolments seeded in SQL, then the pages that read them, timed
// over authenticated HTTP requests (one at a time, so each figure is the latency of one request).
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { MATRIX_BUDGET_MS, MATRIX_XLSX_BUDGET_MS } from "./compliance";
import type { BenchDb } from "./db";
import { type Client, fmt, log, summarize, table } from "./util";

export const SEED_USERS = 100_000;
export const SEED_ENROLMENTS_PER_USER = 10;
export const EXTRA_COURSES = 50;

/** insert … select … from generate_series: 50 extra published courses, 100 000 users, 10 enrolments each. */
export async function seedScale(db: BenchDb, users = SEED_USERS) {
  const started = performance.now();
  // A database seeded by an earlier run (same DATABASE_URL) is used as it is.
  const [already] = await db.query<{ n: string | number }>(`select count(*) as n from "user" where id like 'carga-%'`);
  if (Number(already!.n) >= users) {
    log("scale: the database already holds the seeded users; not seeding again");
    return { ...(await counts(db)), seconds: 0 };
  }
  await db.query(`
    insert into course (slug, title, category, level, duration_hours, description, status)
    select 'carga-' || g, 'Curso de carga ' || g, (array['Salud','Emergencias','Primeros Auxilios'])[1 + g % 3], 'Básico', 8,
           'Curso generado por el benchmark para medir listas grandes.', 'published'
    from generate_series(1, ${EXTRA_COURSES}) g
    on conflict (slug) do nothing`);
  // A bulk load builds secondary indexes faster from sorted data than row by row: set them aside during
  // the load and recreate them with their exact definitions (primary keys stay).
  const indexes = await db.query<{ indexname: string; indexdef: string }>(`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('user', 'enrolment')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  await db.query("set maintenance_work_mem = '256MB'");
  for (const ix of indexes) await db.query(`drop index if exists "${ix.indexname}"`);
  const batch = 10_000;
  for (let from = 1; from <= users; from += batch) {
    const to = Math.min(users, from + batch - 1);
    await db.query(`
      insert into "user" (id, name, email, role, email_verified, created_at, updated_at)
      select 'carga-' || g, 'Alumno Carga ' || g, 'alumno' || g || '@carga.test', 'user', false,
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      from generate_series(${from}, ${to}) g`);
    // Each user in 10 distinct courses ((g + k) mod #courses), progress spread 0–100, completed at 100.
    await db.query(`
      with c as (select id, (row_number() over (order by id) - 1)::int as i from course),
           n as (select count(*)::int as n from course)
      insert into enrolment (user_id, course_id, enrolled_at, progress, completed_at)
      select 'carga-' || g, c.id, now() - make_interval(mins => g, secs => k), p.v,
             case when p.v = 100 then now() - make_interval(mins => g) end
      from generate_series(${from}, ${to}) g
      cross join generate_series(0, ${SEED_ENROLMENTS_PER_USER - 1}) k
      cross join lateral (select ((g * 7 + k * 13) % 101)::int as v) p
      join c on c.i = (g + k) % (select n from n)`);
    if (to % 20_000 === 0 || to === users) log(`scale: seeded ${to.toLocaleString("en-US")} users`);
  }
  log(`scale: rebuilding ${indexes.length} indexes …`);
  for (const ix of indexes) await db.query(ix.indexdef);
  await db.query("analyze");
  return { ...(await counts(db)), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

export const SEED_ATTEMPTS_PER_USER = 2;

/**
 * The learning history the reports read: for the seeded enrolments in courses that have lessons,
 * the first lessons completed as far as each enrolment's progress goes; and for every seeded user
 * SEED_ATTEMPTS_PER_USER submitted attempts of an exam with a bank of at least 10 questions (10 answers
 * each: 100 000 users → 2 000 000 answers), the first mostly failed, the second mostly passed.
 */
export async function seedLearning(db: BenchDb, users = SEED_USERS) {
  const started = performance.now();
  const [already] = await db.query<{ n: string | number }>(`select count(*) as n from exam_attempt where user_id like 'carga-%'`);
  if (Number(already!.n) > 0) {
    log("scale: the database already holds the seeded exam attempts; not seeding again");
    return { ...(await learningCounts(db)), seconds: 0 };
  }
  await db.query("set maintenance_work_mem = '256MB'");
  await db.query(`
    with l as (
      select l.id, m.course_id,
             row_number() over (partition by m.course_id order by m.position, l.position)::int as rn,
             count(*) over (partition by m.course_id)::int as total
      from lesson l join module m on m.id = l.module_id
      where l.status = 'published')
    insert into lesson_completion (enrolment_id, lesson_id, completed_at)
    select e.id, l.id, least(now(), e.enrolled_at + make_interval(hours => l.rn))
    from enrolment e join l on l.course_id = e.course_id and l.rn * 100 <= e.progress * l.total
    where e.user_id like 'carga-%'
    on conflict do nothing`);
  // Written in bulk, outside the application: the modules done and exams passed (what the course results
  // funnel counts) are derived by the migration's function, the same rule the application applies.
  await db.query(`select enrolment_report_facts_backfill()`);
  log("scale: seeded lesson completions");
  // Exams with a bank of at least 10 questions; each question's position in its bank (0-based).
  await db.query(`drop table if exists bench_bank`);
  await db.query(`
    create temporary table bench_bank as
    with x as (select lesson_id from question group by lesson_id having count(*) >= 10),
         xi as (select lesson_id, (row_number() over (order by lesson_id) - 1)::int as i from x)
    select xi.i as exam, q.lesson_id, q.id, q.correct_index,
           (row_number() over (partition by q.lesson_id order by q.id) - 1)::int as rn,
           count(*) over (partition by q.lesson_id)::int as n
    from question q join xi on xi.lesson_id = q.lesson_id`);
  await db.query(`create index on bench_bank (exam, rn)`);
  await db.query(`drop table if exists bench_exam`);
  await db.query(`create temporary table bench_exam as select exam, max(n) as n from bench_bank group by exam`);
  const [exams] = await db.query<{ n: string | number }>(`select count(distinct exam) as n from bench_bank`);
  const examCount = Number(exams!.n);
  if (examCount > 0) {
    const batch = 10_000;
    for (let from = 1; from <= users; from += batch) {
      const to = Math.min(users, from + batch - 1);
      // Question j of attempt k of user g: bank position (g + 7j) mod n; answered right when (g + j + k) mod 10
      // falls under 4 (first attempt) or 8 (second). Options shown in bank order, so shown = stored.
      await db.query(`
        insert into exam_attempt (user_id, lesson_id, attempt_number, question_ids, option_order, answers, score, passed, started_at, submitted_at)
        select 'carga-' || g, a.lesson_id, k, a.ids, a.orders, a.answers, a.score, a.score >= 70,
               now() - make_interval(mins => g, secs => 40 - k * 10), now() - make_interval(mins => g, secs => 30 - k * 10)
        from generate_series(${from}, ${to}) g
        cross join generate_series(1, ${SEED_ATTEMPTS_PER_USER}) k
        join bench_exam e on e.exam = g % ${examCount}
        cross join lateral (
          select min(b.lesson_id) as lesson_id,
                 array_agg(b.id order by j) as ids,
                 jsonb_agg('[0,1,2,3]'::jsonb order by j) as orders,
                 jsonb_agg(case when (g + j + k) % 10 < k * 4 then b.correct_index else (b.correct_index + 1) % 4 end order by j) as answers,
                 (count(*) filter (where (g + j + k) % 10 < k * 4) * 10)::int as score
          from generate_series(0, 9) j
          join bench_bank b on b.exam = e.exam and b.rn = (g + 7 * j) % e.n) a`);
      if (to % 20_000 === 0 || to === users) log(`scale: seeded exam attempts of ${to.toLocaleString("en-US")} users`);
    }
  }
  await db.query(`drop table if exists bench_bank`);
  await db.query(`drop table if exists bench_exam`);
  await db.query("analyze");
  return { ...(await learningCounts(db)), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function learningCounts(db: BenchDb) {
  const [row] = await db.query<{ completions: string; attempts: string; answers: string }>(
    `select (select count(*) from lesson_completion) as completions, (select count(*) from exam_attempt) as attempts,
            (select coalesce(sum(cardinality(question_ids)), 0) from exam_attempt where answers is not null) as answers`,
  );
  return { completions: Number(row!.completions), attempts: Number(row!.attempts), answers: Number(row!.answers) };
}

async function counts(db: BenchDb) {
  const [row] = await db.query<{ users: string; enrolments: string; courses: string }>(
    `select (select count(*) from "user") as users, (select count(*) from enrolment) as enrolments, (select count(*) from course) as courses`,
  );
  return { users: Number(row!.users), enrolments: Number(row!.enrolments), courses: Number(row!.courses) };
}

export interface ScaleRow {
  name: string;
  path: string;
  status?: number;
  p50?: number;
  p95?: number;
  count?: number;
  na?: string;
  /** p95 budget in ms: 50 for the lists, 200 for the reports. */
  budgetMs?: number;
}

// Query parameter names of the admin lists (read from their route modules).
export const ADMIN_LIST_PARAMS = { search: "q", page: "pagina", course: "curso" };

function placeholder(root: string, routeFile: string) {
  const file = path.join(root, "app", "routes", routeFile);
  if (!fs.existsSync(file)) return true;
  return /^\/\/ Placeholder/.test(fs.readFileSync(file, "utf8"));
}

export async function timeScale(opts: {
  root: string;
  learner: Client;
  admin: Client;
  samples: number;
  deepPage: number;
  searchTerm: string;
  /** A manager of the seeded company (compliance.ts), with its size for the rows' names. */
  company?: { manager: Client; id: number; workers: number; courses: number };
}) {
  const co = opts.company;
  const cases: { name: string; client: Client; path: string; file: string; budgetMs?: number; binary?: boolean }[] = [
    { name: "dashboard (learner, 3 enrolments)", client: opts.learner, path: "/dashboard", file: "dashboard.tsx" },
    { name: "dashboard (admin)", client: opts.admin, path: "/dashboard", file: "dashboard.tsx" },
    { name: "admin users: first page", client: opts.admin, path: "/admin/usuarios", file: "admin/usuarios.tsx" },
    {
      name: `admin users: search "${opts.searchTerm}"`,
      client: opts.admin,
      path: `/admin/usuarios?${ADMIN_LIST_PARAMS.search}=${encodeURIComponent(opts.searchTerm)}`,
      file: "admin/usuarios.tsx",
    },
    { name: `admin users: page ${opts.deepPage}`, client: opts.admin, path: `/admin/usuarios?${ADMIN_LIST_PARAMS.page}=${opts.deepPage}`, file: "admin/usuarios.tsx" },
    { name: "admin enrolments: first page", client: opts.admin, path: "/admin/inscripciones", file: "admin/inscripciones.tsx" },
    { name: "admin enrolments: course 1", client: opts.admin, path: `/admin/inscripciones?${ADMIN_LIST_PARAMS.course}=1`, file: "admin/inscripciones.tsx" },
    // The reports: budget 200 ms p95.
    { name: "report: overview, 30 days", client: opts.admin, path: "/admin", file: "admin/index.tsx", budgetMs: 200 },
    { name: "report: overview, 12 months", client: opts.admin, path: "/admin?periodo=12m", file: "admin/index.tsx", budgetMs: 200 },
    { name: "report: overview, 12 months, course 1", client: opts.admin, path: "/admin?periodo=12m&curso=1", file: "admin/index.tsx", budgetMs: 200 },
    { name: "report: overview CSV, 12 months", client: opts.admin, path: "/admin/resumen.csv?periodo=12m", file: "admin/resumen-csv.ts", budgetMs: 200 },
    { name: "report: course 1 results, 30 days", client: opts.admin, path: "/admin/cursos/1/resultados", file: "admin/curso-resultados.tsx", budgetMs: 200 },
    { name: "report: course 1 results, 12 months", client: opts.admin, path: "/admin/cursos/1/resultados?periodo=12m", file: "admin/curso-resultados.tsx", budgetMs: 200 },
    { name: "report: course 2 results, 12 months", client: opts.admin, path: "/admin/cursos/2/resultados?periodo=12m", file: "admin/curso-resultados.tsx", budgetMs: 200 },
    { name: "report: a learner's page", client: opts.admin, path: "/admin/usuarios/carga-4242", file: "admin/usuario.tsx", budgetMs: 200 },
    // The company's compliance matrix, read by its manager: budget 300 ms p95 for its pages, 1 s for the whole matrix as Excel.
    ...(co
      ? [
          {
            name: `compliance matrix (${co.workers.toLocaleString("en-US")} workers × ${co.courses} courses, manager)`,
            client: co.manager,
            path: `/empresa/${co.id}/cumplimiento`,
            file: "empresa/cumplimiento.tsx",
            budgetMs: MATRIX_BUDGET_MS,
          },
          {
            name: "compliance matrix: filtered to vencido, page 2",
            client: co.manager,
            path: `/empresa/${co.id}/cumplimiento?estado=vencido&pagina=2`,
            file: "empresa/cumplimiento.tsx",
            budgetMs: MATRIX_BUDGET_MS,
          },
          {
            name: "compliance matrix as XLSX (every worker)",
            client: co.manager,
            path: `/empresa/${co.id}/cumplimiento.xlsx`,
            file: "empresa/cumplimiento-xlsx.ts",
            budgetMs: MATRIX_XLSX_BUDGET_MS,
            binary: true,
          },
        ]
      : []),
  ];
  const rows: ScaleRow[] = [];
  for (const c of cases) {
    if (placeholder(opts.root, c.file)) {
      rows.push({ name: c.name, path: c.path, na: "n/a (route missing)" });
      continue;
    }
    const get = () => c.client.get(c.path, { binary: c.binary });
    const first = await get();
    if (first.status === 404) {
      rows.push({ name: c.name, path: c.path, status: 404, na: "n/a (route missing)" });
      continue;
    }
    if (first.status !== 200) {
      rows.push({ name: c.name, path: c.path, status: first.status, na: `n/a (HTTP ${first.status}${first.location ? ` → ${first.location}` : ""})` });
      continue;
    }
    for (let i = 0; i < 4; i++) await get();
    const ms: number[] = [];
    for (let i = 0; i < opts.samples; i++) {
      const r = await get();
      if (r.status !== 200) throw new Error(`${c.path} answered ${r.status} during the timing`);
      ms.push(r.ms);
    }
    const s = summarize(ms);
    rows.push({ name: c.name, path: c.path, status: 200, p50: s.p50, p95: s.p95, count: s.count, budgetMs: c.budgetMs });
  }
  return rows;
}

export function scaleMarkdown(
  seed: { users: number; enrolments: number; courses: number; seconds: number } | undefined,
  rows: ScaleRow[],
  samples: number,
  learning?: { completions: number; attempts: number; answers: number; seconds: number },
  company?: { workers: number; courses: number; cells: number; certificates: number; seconds: number },
) {
  return [
    seed
      ? `${fmt(seed.users, 0)} users, ${fmt(seed.enrolments, 0)} enrolments, ${seed.courses} courses (seeded in ${fmt(seed.seconds)} s)${
          learning
            ? `; ${fmt(learning.completions, 0)} lesson completions, ${fmt(learning.attempts, 0)} exam attempts with ${fmt(learning.answers, 0)} answers (seeded in ${fmt(learning.seconds)} s)`
            : ""
        }${
          company
            ? `; a company of ${fmt(company.workers, 0)} workers × ${company.courses} courses: ${fmt(company.cells, 0)} enrolments through it, ${fmt(company.certificates, 0)} certificates (seeded in ${fmt(company.seconds)} s)`
            : ""
        }. ${samples} sequential requests each after 5 warm-ups. Budget: p95 < 50 ms for the pages, < 200 ms for the reports, < ${MATRIX_BUDGET_MS} ms for a company's compliance matrix, < ${MATRIX_XLSX_BUDGET_MS} ms for all of it as Excel.`
      : "not seeded",
    "",
    table(
      ["page", "request", "p50 ms", "p95 ms", "budget"],
      rows.map((r) =>
        r.na ? [r.name, `\`${r.path}\``, r.na, "", ""] : [r.name, `\`${r.path}\``, fmt(r.p50), fmt(r.p95), r.p95! < (r.budgetMs ?? 50) ? "ok" : "**missed**"],
      ),
    ),
  ].join("\n");
}
