// N simulated learners driving the real forms and pages, as a browser without JavaScript would:
// register, dashboard, buy course 1 with Webpay Plus (the checkout, the local Webpay server's form, the
// return that commits the payment), open a lesson (the content page), fetch its PDF, start the exam and
// submit it. Afterwards the database is checked: every submitted attempt and every payment stored once.
//
// Load model. Sign-up is one scrypt password hash (N=16384, r=16: ~200 ms of CPU here, by design),
// so sign-ups are measured in their own phase, at most `signupConcurrency` at a time (the rate the
// machine can hash). Then all N learners are active at once ("N concurrent learners"): each starts at
// a random moment within the first think time and waits a think time (uniform 0.5–1.5 × BENCH_THINK_MS,
// default 3 s) between steps, as people reading a page do — 200 learners then make ~65 requests/s,
// the load of a few thousand real learners, who read a lesson for minutes. Without think time, N
// requests would be queued at once and p95 would only measure the queue (N × service time).
import { performance } from "node:perf_hooks";
import { Client, decodeEntities, fmt, log, pool, postgresCpuMs, processCpuMs, requestsSent, round, sleep, summarize, table } from "./util";

export const STEPS = ["registro", "dashboard", "compra", "pago", "contenido", "pdf", "examen-inicio", "examen-envio"] as const;
export type Step = (typeof STEPS)[number];

export interface StepResult {
  step: Step;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  max: number;
  examples: string[];
  missing?: string;
}

export interface LearnersResult {
  learners: number;
  thinkMs: number;
  signupConcurrency: number;
  signup: { seconds: number; perSecond: number };
  /**
   * requests: the measured steps; httpRequests: every request to the app (a step can be several: the checkout
   * page before its form, the content page's redirect, the exam's questions after its start), and the CPU per each.
   */
  active: {
    seconds: number;
    requests: number;
    rps: number;
    cpuMsPerRequest: number | null;
    clientCpuMsPerRequest?: number | null;
    httpRequests?: number;
    cpuMsPerHttpRequest?: number | null;
    /** This machine's PostgreSQL processes, per step (null: PGlite, or a database elsewhere). */
    postgresCpuMsPerRequest?: number | null;
  };
  /** The unmeasured journeys run first so that the server's code is compiled (see runLearnerWarmup). */
  warmup?: { learners: number; seconds: number; httpRequests: number; cpuMsPerHttpRequest: number | null; errors: number };
  steps: StepResult[];
  submitted: string[]; // e-mails whose exam submission was answered as stored
  paid: string[]; // e-mails whose payment return was answered with their receipt
  check?: { ok: boolean; detail: string };
}

class StepError extends Error {}

interface Learner {
  i: number;
  email: string;
  client: Client;
  submitted: boolean;
  paid: boolean;
}

const COURSE_ID = 1;

/** The fields of the first <form> that contains `marker` (its action, hidden inputs, one choice per radio group). */
export function readForm(html: string, marker: RegExp): { action: string | null; fields: Record<string, string>; radios: Map<string, string[]> } | null {
  const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((f) => marker.test(f));
  if (!form) return null;
  const action = /<form[^>]*\saction="([^"]*)"/.exec(form)?.[1];
  const fields: Record<string, string> = {};
  const radios = new Map<string, string[]>();
  for (const input of form.match(/<input[^>]*>/g) ?? []) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (!name) continue;
    const value = decodeEntities(/\svalue="([^"]*)"/.exec(input)?.[1] ?? "");
    const type = /\stype="([^"]*)"/.exec(input)?.[1] ?? "text";
    if (type === "hidden") fields[name] = value;
    else if (type === "radio") radios.set(name, [...(radios.get(name) ?? []), value]);
  }
  // The pressed submit button's name/value (e.g. intent) travels with the form.
  const button = /<button[^>]*\sname="([^"]*)"[^>]*\svalue="([^"]*)"/.exec(form) ?? /<button[^>]*\svalue="([^"]*)"[^>]*\sname="([^"]*)"/.exec(form);
  if (button) {
    const [name, value] = /\sname="/.test(button[0].split("value=")[0]!) ? [button[1]!, button[2]!] : [button[2]!, button[1]!];
    fields[name] = decodeEntities(value);
  }
  return { action: action ? decodeEntities(action) : null, fields, radios };
}

export async function runLearners(opts: {
  base: string;
  pid?: number;
  learners: number;
  thinkMs: number;
  signupConcurrency: number;
  runId: string;
  deadlineMs: number;
  /** The local Webpay Plus server the app's Transbank SDK points at (WEBPAY_BASE_URL). */
  webpayBase: string;
  /** First octet of the learners' addresses (10): the warm-up's learners come from others, so the per-address limits see new people. */
  network?: number;
}): Promise<LearnersResult> {
  const samples = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
  const errors = new Map<Step, string[]>(STEPS.map((s) => [s, []]));
  const missing = new Map<Step, string>();
  let requests = 0;

  async function timed<T>(step: Step, learner: Learner, fn: () => Promise<{ ms: number; value: T }>): Promise<T> {
    try {
      const { ms, value } = await fn();
      samples.get(step)!.push(ms);
      return value;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.get(step)!.push(`#${learner.i}: ${message}`);
      throw new StepError(message);
    } finally {
      requests++;
    }
  }

  const learners: Learner[] = Array.from({ length: opts.learners }, (_, i) => ({
    i,
    email: `bench-${opts.runId}-${i}@carga.academia.test`,
    // Each learner comes from its own address, as real ones do (login/sign-up limits are per address).
    client: new Client(opts.base, { "x-forwarded-for": `${opts.network ?? 10}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
    submitted: false,
    paid: false,
  }));
  const password = "clave-de-carga-123";

  // ── Phase 1: sign-up ──────────────────────────────────────────────────────
  const probe = await fetch(`${opts.base}/registro`);
  const registroHtml = await probe.text();
  const registerForm = probe.status === 200 && /name="confirmPassword"/.test(registroHtml);
  if (!registerForm) log("learners: /registro has no sign-up form yet; signing up through Better Auth's JSON endpoint instead");
  log(`learners: signing up ${opts.learners} learners, ${opts.signupConcurrency} at a time …`);
  const signupStarted = performance.now();
  await pool(learners, opts.signupConcurrency, async (l) => {
    try {
      await timed("registro", l, async () => {
        const res = registerForm
          ? await l.client.post("/registro", { name: `Alumno Carga ${l.i}`, email: l.email, password, confirmPassword: password })
          : await l.client.request("POST", "/api/auth/sign-up/email", { json: { name: `Alumno Carga ${l.i}`, email: l.email, password } });
        // The JSON sign-up signs no one in (docs/decisions.md B12): a sign-in follows.
        if (!registerForm && res.status === 200) await l.client.request("POST", "/api/auth/sign-in/email", { json: { email: l.email, password } });
        if (!l.client.hasSession() || (registerForm && res.status !== 302)) throw new Error(`POST /registro → ${res.status} ${res.body.slice(0, 120)}`);
        return { ms: res.ms, value: null };
      });
    } catch {
      /* counted */
    }
  });
  const signupSeconds = (performance.now() - signupStarted) / 1000;

  // ── Phase 2: all learners active at once ─────────────────────────────────
  const think = () => sleep(opts.thinkMs * (0.5 + Math.random()));
  const expect = (step: string, res: { status: number; location: string | null; body: string }, status: number, location?: RegExp) => {
    if (res.status !== status || (location && !location.test(res.location ?? ""))) {
      throw new Error(`${step} → ${res.status}${res.location ? ` ${res.location}` : ""} ${res.status >= 400 ? res.body.replace(/\s+/g, " ").slice(0, 100) : ""}`);
    }
  };

  async function journey(l: Learner) {
    const c = l.client;
    if (!c.hasSession()) return;
    await sleep(Math.random() * opts.thinkMs);

    await timed("dashboard", l, async () => {
      const r = await c.get("/dashboard");
      expect("GET /dashboard", r, 200);
      return { ms: r.ms, value: null };
    });
    await think();

    // Buying: the checkout form (its hidden fields, Webpay, the terms) creates the order and the Webpay
    // transaction; the payment page's form carries token_ws to Webpay; Webpay's return form brings the
    // buyer back, where the app commits the payment and enrols. Webpay's own pages are not the academy's.
    const checkoutPath = `/cursos/${COURSE_ID}/comprar`;
    const checkout = await c.get(checkoutPath);
    expect(`GET ${checkoutPath}`, checkout, 200);
    const checkoutForm = readForm(checkout.body, /name="terms"/);
    if (!checkoutForm) throw new StepError(`${checkoutPath} shows no checkout form`);
    await think();
    const toWebpay = await timed("compra", l, async () => {
      const r = await c.post(checkoutForm.action ?? checkoutPath, { ...checkoutForm.fields, method: "webpay", terms: "on" });
      expect(`POST ${checkoutPath}`, r, 302, /\/compras\/[^/]+\/webpay$/);
      return { ms: r.ms, value: r.location! };
    });
    const goPage = await c.get(toWebpay);
    const goForm = readForm(goPage.body, /name="token_ws"/);
    if (!goForm?.action) throw new StepError(`${toWebpay} has no form to Webpay`);
    const webpay = new Client(opts.webpayBase);
    const payPage = await webpay.post(new URL(goForm.action).pathname + new URL(goForm.action).search, goForm.fields);
    const payForm = readForm(payPage.body, /name="action"/);
    if (!payForm) throw new StepError(`Webpay's form is missing (${payPage.status})`);
    const card = payForm.radios.get("card")?.[0] ?? "";
    const returnPage = await webpay.post("/webpayserver/pay", { ...payForm.fields, card, action: "pay" });
    const back = readForm(returnPage.body, /webpay-return/);
    if (!back?.action) throw new StepError(`Webpay's return form is missing (${returnPage.status})`);
    await timed("pago", l, async () => {
      const target = new URL(back.action!);
      const method = /method="get"/i.test(returnPage.body) ? "GET" : "POST";
      const r =
        method === "GET"
          ? await c.get(`${target.pathname}?${new URLSearchParams({ ...Object.fromEntries(target.searchParams), ...back.fields })}`)
          : await c.post(target.pathname + target.search, back.fields);
      // The return route answers with a redirect to the receipt (303 after Webpay's POST, 302 after its GET).
      expect("Webpay return", { ...r, status: r.status === 303 ? 302 : r.status }, 302, /\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      return { ms: r.ms, value: null };
    });
    l.paid = true;
    await think();

    const content = await timed("contenido", l, async () => {
      let r = await c.get(`/cursos/${COURSE_ID}/contenido`);
      let ms = r.ms;
      // The page first names the lesson to resume in its URL (a redirect): the step is both, as a browser sees it.
      if (r.status === 302 && r.location?.includes("?leccion=")) {
        const lessonUrl = new URL(r.location, "http://x");
        r = await c.get(lessonUrl.pathname + lessonUrl.search);
        ms += r.ms;
      }
      expect(`GET /cursos/${COURSE_ID}/contenido`, r, 200);
      return { ms, value: r.body };
    });
    await think();

    const fileMatch = /\/archivos\/lecciones\/(\d+)/.exec(content);
    if (!fileMatch) {
      missing.set("pdf", "the content page links no /archivos/lecciones/:id file");
    } else {
      await timed("pdf", l, async () => {
        const r = await c.get(`/archivos/lecciones/${fileMatch[1]}`, { binary: true });
        expect(`GET /archivos/lecciones/${fileMatch[1]}`, r, 200);
        if (!/pdf/.test(r.headers.get("content-type") ?? "")) throw new Error(`lesson file is ${r.headers.get("content-type")}, not a PDF`);
        return { ms: r.ms, value: null };
      });
      await think();
    }

    // The exam lesson: the content page links each lesson; the exam is the one whose page offers 'Comenzar Evaluación'.
    const examPage = await findExamPage(c, content);
    if (!examPage) {
      missing.set("examen-inicio", "no lesson page with a 'Comenzar Evaluación' form was found");
      return;
    }
    const start = readForm(examPage.html, /Comenzar Evaluaci/);
    const started = await timed("examen-inicio", l, async () => {
      const r = await c.post(start!.action ?? examPage.path, start!.fields);
      if (r.status !== 302 && r.status !== 200) expect("start exam", r, 302);
      return { ms: r.ms, value: r };
    });
    await think();

    // The questions: after a redirect, open the page it names; otherwise the action answered with them.
    let questionsHtml = started.body;
    let questionsPath = start!.action ?? examPage.path;
    if (started.status === 302 && started.location) {
      const r = await c.get(started.location);
      questionsHtml = r.body;
      questionsPath = started.location;
    }
    const exam = readForm(questionsHtml, /name="respuesta-/);
    if (!exam) {
      errors.get("examen-envio")!.push(`#${l.i}: the exam page shows no questions (respuesta-* inputs)`);
      return;
    }
    const answers: Record<string, string> = { ...exam.fields };
    for (const [name, values] of exam.radios) answers[name] = values[Math.floor(Math.random() * values.length)]!;
    await timed("examen-envio", l, async () => {
      const r = await c.post(exam.action ?? questionsPath, answers);
      if (r.status >= 400) expect("submit exam", r, 302);
      return { ms: r.ms, value: null };
    });
    l.submitted = true;
  }

  // Found once (by the first learner who gets there) and shared: the exam lesson's page path.
  let examPath: Promise<string | null> | undefined;
  async function findExamPage(c: Client, contentHtml: string): Promise<{ path: string; html: string } | null> {
    const contentPath = `/cursos/${COURSE_ID}/contenido`;
    if (/Comenzar Evaluaci/.test(contentHtml)) return { path: contentPath, html: contentHtml };
    examPath ??= (async () => {
      const links = [...new Set([...contentHtml.matchAll(/href="((?:\/cursos\/\d+\/contenido)?\?leccion=[^"]+)"/g)].map((m) => decodeEntities(m[1]!)))];
      // The exam is the last lesson of the course: try the links from the end.
      for (const link of links.reverse().slice(0, 4)) {
        const target = link.startsWith("?") ? contentPath + link : link;
        const r = await c.get(target);
        if (r.status === 200 && /Comenzar Evaluaci/.test(r.body)) return target;
      }
      return null;
    })();
    const target = await examPath;
    if (!target) return null;
    const r = await c.get(target);
    return r.status === 200 ? { path: target, html: r.body } : null;
  }

  log(`learners: ${learners.filter((l) => l.client.hasSession()).length} learners active at once, think time ${opts.thinkMs} ms …`);
  const activeStarted = performance.now();
  const requestsBefore = requests;
  const httpBefore = requestsSent.get(opts.base) ?? 0;
  const cpuBefore = processCpuMs(opts.pid);
  const postgresBefore = postgresCpuMs();
  const clientCpuBefore = process.cpuUsage();
  let deadline: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(learners.map((l) => journey(l).catch(() => {}))),
    new Promise<void>((resolve) => {
      deadline = setTimeout(() => {
        log("learners: time limit reached, not waiting for the rest");
        resolve();
      }, opts.deadlineMs);
    }),
  ]);
  clearTimeout(deadline);
  const activeSeconds = (performance.now() - activeStarted) / 1000;
  const activeRequests = requests - requestsBefore;
  const httpRequests = (requestsSent.get(opts.base) ?? 0) - httpBefore;
  const cpuAfter = processCpuMs(opts.pid);
  const cpuMsPerRequest = cpuBefore !== null && cpuAfter !== null && activeRequests > 0 ? round((cpuAfter - cpuBefore) / activeRequests) : null;
  const cpuMsPerHttpRequest = cpuBefore !== null && cpuAfter !== null && httpRequests > 0 ? round((cpuAfter - cpuBefore) / httpRequests) : null;
  const postgresAfter = postgresCpuMs();
  const postgresCpuMsPerRequest = postgresBefore !== null && postgresAfter !== null && activeRequests > 0 ? round((postgresAfter - postgresBefore) / activeRequests) : null;
  // The simulated learners run in this process, on the same cores as the server: say how much they take.
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMsPerRequest = activeRequests > 0 ? round((clientCpu.user + clientCpu.system) / 1000 / activeRequests) : null;

  const steps: StepResult[] = STEPS.map((step) => {
    const s = summarize(samples.get(step)!);
    const errs = errors.get(step)!;
    return { step, count: s.count, errors: errs.length, p50: s.p50, p95: s.p95, max: s.max, examples: errs.slice(0, 3), missing: missing.get(step) };
  });
  if (missing.has("examen-inicio")) steps.find((s) => s.step === "examen-envio")!.missing ??= missing.get("examen-inicio");

  return {
    learners: opts.learners,
    thinkMs: opts.thinkMs,
    signupConcurrency: opts.signupConcurrency,
    signup: { seconds: round(signupSeconds), perSecond: round(opts.learners / signupSeconds) },
    active: {
      seconds: round(activeSeconds),
      requests: activeRequests,
      rps: round(activeRequests / activeSeconds),
      cpuMsPerRequest,
      clientCpuMsPerRequest,
      httpRequests,
      cpuMsPerHttpRequest,
      postgresCpuMsPerRequest,
    },
    steps,
    submitted: learners.filter((l) => l.submitted).map((l) => l.email),
    paid: learners.filter((l) => l.paid).map((l) => l.email),
  };
}

export function learnersMarkdown(r: LearnersResult) {
  const a = r.active;
  const perHttp = a.httpRequests ? `; ${fmt(a.httpRequests / a.seconds)} HTTP requests/s to the app (a step can take several), ${fmt(a.cpuMsPerHttpRequest ?? null)} ms of its CPU per HTTP request` : "";
  const postgres = a.postgresCpuMsPerRequest != null ? `, ${fmt(a.postgresCpuMsPerRequest)} ms of PostgreSQL's CPU per step` : "";
  const warm = r.warmup
    ? `Before them, ${r.warmup.learners} unmeasured learners walked the same journey without think time (${fmt(r.warmup.seconds)} s, ${r.warmup.httpRequests} requests, ${fmt(r.warmup.cpuMsPerHttpRequest)} ms of app-server CPU per request, ${r.warmup.errors} errors) so that the server runs compiled code, as one that has been up a while does. `
    : "The server had not been warmed up (BENCH_LEARNERS_WARMUP=0): its code starts interpreted. ";
  const lines = [
    warm +
      `${r.learners} learners. Sign-up phase: ${r.signupConcurrency} at a time, ${fmt(r.signup.perSecond)} sign-ups/s (${fmt(r.signup.seconds)} s). ` +
      `Then all active at once with ${r.thinkMs} ms think time: ${fmt(a.rps)} steps/s over ${fmt(a.seconds)} s, ${fmt(a.cpuMsPerRequest)} ms of app-server CPU per step${perHttp}${postgres}, and ${fmt(a.clientCpuMsPerRequest ?? null)} ms of the load generator's own CPU per step (the three share the machine's cores). Budget: no error, p95 < 300 ms per step.`,
    "",
    table(
      ["step", "requests", "errors", "p50 ms", "p95 ms", "max ms", "budget"],
      r.steps.map((s) =>
        s.missing && s.count === 0
          ? [s.step, "–", "–", "–", "–", "–", `n/a (${s.missing})`]
          : [s.step, String(s.count), String(s.errors), fmt(s.p50), fmt(s.p95), fmt(s.max, 0), s.errors === 0 && s.p95 < 300 ? "ok" : "**missed**"],
      ),
    ),
  ];
  const examples = r.steps.filter((s) => s.examples.length);
  if (examples.length) {
    lines.push("", "First errors:");
    for (const s of examples) lines.push(`- ${s.step}: ${s.examples.join(" · ")}`);
  }
  if (r.check) lines.push("", `Attempts in the database: ${r.check.ok ? "ok" : "**FAILED**"} — ${r.check.detail}`);
  return lines.join("\n");
}

/**
 * Journeys that are not measured, run before the measured learners: a freshly started server runs its code in
 * V8's interpreter until each function has been called often enough to be compiled, and the first few hundred
 * requests of each kind cost several times what they cost afterwards (an outside profile: ~5 000 requests to
 * settle). A production server has been up for hours; without this the section measured the compiler.
 */
export async function runLearnerWarmup(opts: Omit<Parameters<typeof runLearners>[0], "thinkMs">): Promise<NonNullable<LearnersResult["warmup"]>> {
  const r = await runLearners({ ...opts, thinkMs: 0, network: 11 });
  return {
    learners: opts.learners,
    seconds: round(r.signup.seconds + r.active.seconds),
    httpRequests: r.active.httpRequests ?? 0,
    cpuMsPerHttpRequest: r.active.cpuMsPerHttpRequest ?? null,
    errors: r.steps.reduce((n, s) => n + s.errors, 0),
  };
}
