// Scale: 100 000 users and 1 000 000 enrolments seeded in SQL, then the pages that read them, timed
// over authenticated HTTP requests (one at a time, so each figure is the latency of one request).
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
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
}

// Query parameter names of the admin lists (read from their route modules).
export const ADMIN_LIST_PARAMS = { search: "q", page: "pagina", course: "curso" };

function placeholder(root: string, routeFile: string) {
  const file = path.join(root, "app", "routes", routeFile);
  if (!fs.existsSync(file)) return true;
  return /^\/\/ Placeholder/.test(fs.readFileSync(file, "utf8"));
}

export async function timeScale(opts: { root: string; learner: Client; admin: Client; samples: number; deepPage: number; searchTerm: string }) {
  const cases: { name: string; client: Client; path: string; file: string }[] = [
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
  ];
  const rows: ScaleRow[] = [];
  for (const c of cases) {
    if (placeholder(opts.root, c.file)) {
      rows.push({ name: c.name, path: c.path, na: "n/a (route missing)" });
      continue;
    }
    const first = await c.client.get(c.path);
    if (first.status === 404) {
      rows.push({ name: c.name, path: c.path, status: 404, na: "n/a (route missing)" });
      continue;
    }
    if (first.status !== 200) {
      rows.push({ name: c.name, path: c.path, status: first.status, na: `n/a (HTTP ${first.status}${first.location ? ` → ${first.location}` : ""})` });
      continue;
    }
    for (let i = 0; i < 4; i++) await c.client.get(c.path);
    const ms: number[] = [];
    for (let i = 0; i < opts.samples; i++) {
      const r = await c.client.get(c.path);
      if (r.status !== 200) throw new Error(`${c.path} answered ${r.status} during the timing`);
      ms.push(r.ms);
    }
    const s = summarize(ms);
    rows.push({ name: c.name, path: c.path, status: 200, p50: s.p50, p95: s.p95, count: s.count });
  }
  return rows;
}

export function scaleMarkdown(seed: { users: number; enrolments: number; courses: number; seconds: number } | undefined, rows: ScaleRow[], samples: number) {
  return [
    seed
      ? `${fmt(seed.users, 0)} users, ${fmt(seed.enrolments, 0)} enrolments, ${seed.courses} courses (seeded in ${fmt(seed.seconds)} s). ${samples} sequential requests each after 5 warm-ups. Budget: p95 < 50 ms.`
      : "not seeded",
    "",
    table(
      ["page", "request", "p50 ms", "p95 ms", "budget"],
      rows.map((r) => (r.na ? [r.name, `\`${r.path}\``, r.na, "", ""] : [r.name, `\`${r.path}\``, fmt(r.p50), fmt(r.p95), r.p95! < 50 ? "ok" : "**missed**"])),
    ),
  ].join("\n");
}
