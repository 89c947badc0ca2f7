// CPU per signed-in page: what one request costs the server, split into the main thread (JavaScript:
// routing, loaders, rendering, the session) and the other threads (compression in libuv's pool, GC
// helpers, PGlite's or postgres.js's I/O), with the queries it ran and the bytes it sent.
//
// Method. One request at a time from one signed-in client, after a warm-up (the JIT needs thousands of
// requests to settle: an outside profile, docs/performance.md), CPU read from /proc for the server's
// processes and their threads before and after each page's run; the difference divided by the requests.
// The server runs with BENCH_COUNT_QUERIES=1 and answers each request's query count in x-query-count.
// Budget: 5 ms of server CPU per signed-in HTML page.
import fs from "node:fs";
import { readForm } from "./learners";
import { type Client, fmt, log, round, table } from "./util";

export const CPU_BUDGET_MS = 5;

export interface CpuRow {
  page: string;
  path: string;
  requests: number;
  mainMs: number;
  otherMs: number;
  totalMs: number;
  queries: number | null;
  kb: number;
  ok: boolean;
  skipped?: string;
}

/** CPU ms (user + system) of a process tree's threads, main threads and the rest, from /proc (Linux). */
export function threadCpuMs(pid: number | undefined): { main: number; other: number } | null {
  if (!pid) return null;
  const parents = new Map<number, number>();
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while being read.
    }
  }
  if (!parents.has(pid)) return null;
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  let main = 0;
  let other = 0;
  for (const p of tree) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = fs.readFileSync(`/proc/${p}/task/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
        if (Number(tid) === p) main += ms;
        else other += ms;
      } catch {
        // The thread ended while being read.
      }
    }
  }
  return { main, other };
}

interface Page {
  page: string;
  path: string;
  client: Client;
}

const queriesOf = (headers: Pick<Headers, "get">) => {
  const v = headers.get("x-query-count");
  return v === null ? null : Number(v);
};

async function measure(pid: number | undefined, page: Page, warmup: number, requests: number): Promise<CpuRow> {
  const once = async () => {
    const r = await page.client.get(page.path);
    return { status: r.status, bytes: r.bytes, queries: queriesOf(r.headers) };
  };
  const first = await once();
  if (first.status !== 200) {
    return { page: page.page, path: page.path, requests: 0, mainMs: NaN, otherMs: NaN, totalMs: NaN, queries: null, kb: NaN, ok: true, skipped: `answers ${first.status}` };
  }
  for (let i = 0; i < warmup; i++) await once();
  const before = threadCpuMs(pid);
  let bytes = 0;
  let queries = 0;
  let counted = 0;
  for (let i = 0; i < requests; i++) {
    const r = await once();
    if (r.status !== first.status) throw new Error(`${page.path} answered ${r.status} after ${first.status}`);
    bytes += r.bytes;
    if (r.queries !== null) {
      queries += r.queries;
      counted++;
    }
  }
  const after = threadCpuMs(pid);
  const mainMs = before && after ? round((after.main - before.main) / requests, 2) : NaN;
  const otherMs = before && after ? round((after.other - before.other) / requests, 2) : NaN;
  const totalMs = round(mainMs + otherMs, 2);
  return {
    page: page.page,
    path: page.path,
    requests,
    mainMs,
    otherMs,
    totalMs,
    queries: counted ? round(queries / counted, 1) : null,
    kb: round(bytes / requests / 1024, 1),
    ok: totalMs <= CPU_BUDGET_MS,
  };
}

/**
 * `learner` is signed in and enrolled in course 1; `admin` is an admin; `manager` (optional) manages a company.
 * Pages answering anything but 200 (a feature not built yet, or not for this role) are listed as skipped.
 */
export async function runCpu(opts: { pid: number | undefined; learner: Client; admin: Client; manager?: Client; companyLabel?: string; warmup: number; requests: number }) {
  const { learner, admin } = opts;
  // /cursos/1/contenido answers a redirect to the lesson to resume (?leccion=…): that page is what a learner sees.
  const first = await learner.get("/cursos/1/contenido");
  const contentPath = first.status >= 300 && first.status < 400 && first.location ? new URL(first.location, "http://x").pathname + new URL(first.location, "http://x").search : "/cursos/1/contenido";
  const content = contentPath === "/cursos/1/contenido" ? first : await learner.get(contentPath);
  // The exam is the course's last lesson: try the content page's lesson links from the end.
  const links = [...new Set([...content.body.matchAll(/href="([^"]*\?leccion=[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")))].reverse();
  let examLink: string | undefined;
  for (const link of links.slice(0, 6)) {
    const path = link.startsWith("?") ? `/cursos/1/contenido${link}` : link;
    if (/Comenzar Evaluaci/.test((await learner.get(path)).body)) {
      examLink = path;
      break;
    }
  }
  // The manager's company, for its compliance matrix: the portal answers with it (or a link to it).
  const portal = await (opts.manager ?? admin).get("/empresa");
  const companyId = /\/empresa\/(\d+)/.exec(`${portal.location ?? ""} ${portal.body}`)?.[1];
  const pages: Page[] = [
    { page: "dashboard", path: "/dashboard", client: learner },
    { page: "content page", path: contentPath, client: learner },
    { page: "profile", path: "/perfil", client: learner },
    { page: "my purchases", path: "/compras", client: learner },
    // A manager of one company is sent straight to its portal: that page is what they see.
    { page: "manager portal", path: opts.manager && companyId ? `/empresa/${companyId}` : "/empresa", client: opts.manager ?? admin },
    { page: "admin overview", path: "/admin", client: admin },
    { page: "admin course results", path: "/admin/cursos/1/resultados", client: admin },
    { page: "admin sales", path: "/admin/ventas", client: admin },
    ...(companyId ? [{ page: `compliance matrix${opts.companyLabel ? ` (${opts.companyLabel})` : ""}`, path: `/empresa/${companyId}/cumplimiento`, client: opts.manager ?? admin }] : []),
    // The company's course page: its workers with due dates, groups and time on task.
    ...(companyId ? [{ page: `company course page${opts.companyLabel ? ` (${opts.companyLabel})` : ""}`, path: `/empresa/${companyId}/cursos/1`, client: opts.manager ?? admin }] : []),
    { page: "admin course editor (a lesson)", path: `/admin/cursos/1${new URL(contentPath, "http://x").search}`, client: admin },
    { page: "admin categories", path: "/admin/categorias", client: admin },
    { page: "admin expiring certificates", path: "/admin/vencimientos", client: admin },
    { page: "admin mail search", path: "/admin/correos?para=nadie%40academia.test", client: admin },
    { page: "admin session reports", path: "/admin/sesiones/reportes", client: admin },
  ];
  const rows: CpuRow[] = [];
  for (const page of pages) {
    log(`cpu: ${page.page} …`);
    rows.push(await measure(opts.pid, page, opts.warmup, opts.requests));
  }
  log("cpu: the exam (start, its page, submit) …");
  try {
    rows.push(...(await measureExam(opts.pid, learner, examLink, Math.max(20, Math.floor(opts.warmup / 4)), Math.max(50, Math.floor(opts.requests / 4)))));
  } catch (error) {
    // The exam refusing a cycle (its attempts or pauses) leaves the pages' figures standing, and says why.
    const why = error instanceof Error ? error.message : String(error);
    log(`cpu: the exam stopped: ${why}`);
    rows.push(...["exam start", "exam page", "exam submit"].map((page) => ({ page, path: "–", requests: 0, mainMs: NaN, otherMs: NaN, totalMs: NaN, queries: null, kb: NaN, ok: true, skipped: why })));
  }
  return rows;
}

/**
 * The exam in cycles: 'start' (POST) opens an attempt, its page (GET) shows the questions, 'submit' (POST)
 * grades it; each request's CPU is read around it, so each step gets its own figure.
 */
async function measureExam(pid: number | undefined, learner: Client, examLink: string | undefined, warmup: number, cycles: number): Promise<CpuRow[]> {
  const names = ["exam start", "exam page", "exam submit"] as const;
  const skipped = (why: string) => names.map((page) => ({ page, path: "–", requests: 0, mainMs: NaN, otherMs: NaN, totalMs: NaN, queries: null, kb: NaN, ok: true, skipped: why }));
  if (!examLink) return skipped("no exam link on the content page");
  const examPath = examLink;
  const startForm = readForm((await learner.get(examPath)).body, /Comenzar Evaluaci/);
  if (!startForm) return skipped("no 'Comenzar Evaluación' form");
  const startAction = startForm.action ?? examPath;
  const totals = names.map(() => ({ main: 0, other: 0, bytes: 0, queries: 0, counted: 0 }));
  const timed = async (step: number, count: boolean, fn: () => ReturnType<Client["get"]>) => {
    const before = count ? threadCpuMs(pid) : null;
    const r = await fn();
    const after = count ? threadCpuMs(pid) : null;
    if (r.status >= 400) throw new Error(`${names[step]} answered ${r.status}`);
    if (before && after) {
      const t = totals[step]!;
      t.main += after.main - before.main;
      t.other += after.other - before.other;
      t.bytes += r.bytes;
      const q = queriesOf(r.headers);
      if (q !== null) {
        t.queries += q;
        t.counted++;
      }
    }
    return r;
  };
  for (let i = 0; i < warmup + cycles; i++) {
    const count = i >= warmup;
    const started = await timed(0, count, () => learner.post(startAction, startForm.fields));
    const pagePath = started.location ?? startAction;
    const page = await timed(1, count, () => learner.get(pagePath));
    const exam = readForm(page.body, /name="respuesta-/);
    if (!exam) throw new Error(`the exam page ${pagePath} shows no questions`);
    const answers: Record<string, string> = { ...exam.fields };
    for (const [name, values] of exam.radios) answers[name] = values[0]!;
    await timed(2, count, () => learner.post(exam.action ?? pagePath, answers));
  }
  return names.map((page, i) => {
    const t = totals[i]!;
    const mainMs = round(t.main / cycles, 2);
    const otherMs = round(t.other / cycles, 2);
    return {
      page,
      path: i === 1 ? "GET exam questions" : `POST ${page}`,
      requests: cycles,
      mainMs,
      otherMs,
      totalMs: round(mainMs + otherMs, 2),
      queries: t.counted ? round(t.queries / t.counted, 1) : null,
      kb: round(t.bytes / cycles / 1024, 1),
      ok: mainMs + otherMs <= CPU_BUDGET_MS,
    };
  });
}

export function cpuMarkdown(rows: CpuRow[], warmup: number) {
  const measured = rows.filter((r) => !r.skipped);
  const over = measured.filter((r) => !r.ok);
  return [
    `Server CPU per request (all server processes and threads, from /proc; one request at a time after ${warmup} warm-up requests per page). ` +
      `Budget: ≤ ${CPU_BUDGET_MS} ms per signed-in page. ` +
      (over.length ? `**Budget missed** by ${over.map((r) => `${r.page} (+${fmt(r.totalMs - CPU_BUDGET_MS, 2)} ms)`).join(", ")}.` : "Every measured page is within budget."),
    "",
    table(
      ["page", "path", "requests", "main thread ms", "other threads ms", "total ms", "queries", "KB sent", "budget"],
      rows.map((r) =>
        r.skipped
          ? [r.page, r.path, "–", "–", "–", "–", "–", "–", `n/a (${r.skipped})`]
          : [r.page, r.path, String(r.requests), fmt(r.mainMs, 2), fmt(r.otherMs, 2), fmt(r.totalMs, 2), fmt(r.queries), fmt(r.kb), r.ok ? "ok" : "**missed**"],
      ),
    ),
  ].join("\n");
}
