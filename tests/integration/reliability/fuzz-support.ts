// Shared pieces of the hostile-input property tests: what an attacker (or a clumsy browser) posts, how a
// route's action is called, and what must hold afterwards whatever was posted.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { formRequest } from "../support/requests";
import { call } from "../support/call";

/** Fixed seed, bounded runs: the same cases every time, and the suite stays within its time budget. */
export const FUZZ_SEED = 20_251_122;
export function fuzzOptions(numRuns: number) {
  return { seed: FUZZ_SEED, numRuns, endOnFailure: true } as const;
}

const MB = 1024 * 1024;
const controlChar = fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c));

/** Values nobody types in a form, and some they do. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("", " ", "   ", "\t\n", "\u00a0", "\u200b", "\ufeff") },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: controlChar, minLength: 1, maxLength: 8 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>',
      "'; drop table \"user\"; --",
      "' or '1'='1",
      "1; select pg_sleep(5)",
      "${7*7}{{7*7}}",
      "../../../../etc/passwd",
      "%00",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "\u202eevil",
      "😀👍🏽👨‍👩‍👧‍👦",
      "Ñandú Peñalolén ÁÉÍÓÚ",
      "null",
      "undefined",
      "NaN",
      "-1",
      "0",
      "1e309",
      "99999999999999999999",
      "2147483648",
      "[object Object]",
      "__proto__",
      "constructor",
      "javascript:alert(1)",
      "//evil.example",
      "ana@academia.test",
      "ANA@ACADEMIA.TEST ",
      "a@b",
      "@",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(10_000), "ñ".repeat(2_000), "a".repeat(MB), "😀".repeat(MB / 4)) },
);

/** A field as a browser or a forged request may send it: absent, once, or repeated. */
export type FormFields = Record<string, string | string[]>;

/**
 * Forms built from a route's own field names (each absent, present with a plausible or hostile value, or
 * repeated) plus fields the route never asked for.
 */
export function formArb(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FormFields> {
  const entries = Object.entries(fields).map(([name, plausible]) =>
    fc
      .oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: plausible },
        { weight: 4, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.array(fc.oneof(plausible, hostileString), { minLength: 2, maxLength: 3 }) },
      )
      .map((value) => [name, value] as const),
  );
  const extra = fc.dictionary(
    fc.constantFrom("role", "userId", "id", "email", "banned", "intent", "__proto__", "constructor", "x"),
    hostileString,
    { maxKeys: 2 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const form: FormFields = {};
    for (const [name, value] of Object.entries(more)) form[name] = value;
    for (const [name, value] of pairs) if (value !== undefined) form[name] = value;
    return form;
  });
}

/**
 * A form that is valid except for one field (or one field repeated): reaches the deepest code, where a
 * hostile value that passed validation would meet the database.
 */
export function oneHostileFieldArb(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FormFields> {
  const names = Object.keys(fields);
  return fc
    .tuple(fc.record(fields), fc.constantFrom(...names), hostileString, fc.boolean())
    .map(([valid, name, value, repeat]) => {
      const form: FormFields = { ...valid };
      form[name] = repeat ? [value, valid[name]!] : value;
      return form;
    });
}

/** Either kind of hostile form, half and half. */
export function hostileFormArb(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FormFields> {
  return fc.oneof(formArb(fields), oneHostileFieldArb(fields));
}

export interface Answer {
  status: number;
  location: string | null;
  data: unknown;
  /** Text bodies only (a served PDF or video is not read). */
  body: string;
}

type RouteFn = (args: never) => unknown;

/**
 * Calls a loader or action as React Router does (../support/call.ts). A thrown Response (redirect, 403) is an
 * answer; anything else thrown would be a 500 for the visitor, so it fails the property with the request that caused it.
 */
export async function callRoute(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  let outcome: Awaited<ReturnType<typeof call>>;
  try {
    outcome = await call(fn, request, params);
  } catch (error) {
    throw new Error(`The route threw (a 500 for the visitor): ${error instanceof Error ? error.stack : String(error)}`);
  }
  const { response } = outcome;
  if (response) {
    const type = response.headers.get("content-type") ?? "";
    const body = !type || /text|json|html|xml/.test(type) ? await response.text() : (await response.body?.cancel(), "");
    return { status: outcome.status, location: outcome.location, data: undefined, body };
  }
  return { status: outcome.status, location: null, data: outcome.data, body: JSON.stringify(outcome.data) ?? "" };
}

export function post(path: string, form: FormFields, cookie?: string) {
  return formRequest(path, form, cookie ? { cookie } : {});
}

const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\([^)]*:\d+:\d+\)|node_modules|file:\/\/|\/work\/|\.server\.ts|(?:Type|Reference|Syntax|Range)Error\b/;
const ENGLISH = /\b(invalid|expected|required|must|should|too (?:small|big|long|short)|string|number|undefined)\b/i;

function messagesOf(data: unknown): string[] {
  if (!data || typeof data !== "object") return [];
  const out: string[] = [];
  const record = data as Record<string, unknown>;
  for (const key of ["formError", "message", "error"]) if (typeof record[key] === "string") out.push(record[key] as string);
  const fieldErrors = record.fieldErrors;
  if (fieldErrors && typeof fieldErrors === "object") {
    for (const value of Object.values(fieldErrors as Record<string, unknown>)) out.push(String(value));
  }
  for (const key of ["exam"]) if (record[key]) out.push(...messagesOf(record[key]));
  return out;
}

/**
 * What must hold for any answer: no server error, no stack trace or server path in what the visitor
 * gets, messages in Spanish (from the route's catalogue when one is given), and no password echoed.
 */
export function expectSafeAnswer(
  answer: Answer,
  options: { catalogue?: readonly string[]; secrets?: string[]; form?: FormFields } = {},
) {
  expect(answer.status, `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.body, "a stack trace or server path reached the visitor").not.toMatch(STACK_TRACE);
  for (const message of messagesOf(answer.data)) {
    expect(message, "an error message that is not Spanish").not.toMatch(ENGLISH);
    if (options.catalogue) expect(options.catalogue, `a message outside the route's catalogue: ${message}`).toContain(message);
  }
  // A password must never come back; skip values that could legitimately appear (a message, another field).
  const others = Object.entries(options.form ?? {})
    .filter(([, v]) => ![v].flat().some((x) => options.secrets?.includes(x)))
    .flatMap(([, v]) => [v].flat());
  for (const secret of options.secrets ?? []) {
    if (secret.trim().length < 6 || options.catalogue?.some((m) => m.includes(secret)) || others.some((o) => o.includes(secret))) continue;
    expect(answer.body.includes(secret), "a password was echoed back").toBe(false);
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db().execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whatever was posted, nothing invalid was stored: the tables hold only what the forms' rules allow. */
export async function expectValidTables() {
  const problems: string[] = [];
  const users = await rows<{ id: string; name: string; email: string; role: string; phone: string | null; address: string | null }>(
    sql`select id, name, email, role, phone, address from "user"`,
  );
  const withPassword = new Set(
    (await rows<{ user_id: string }>(sql`select user_id from account where provider_id = 'credential' and password is not null`)).map(
      (r) => r.user_id,
    ),
  );
  for (const u of users) {
    const where = `user ${u.email}`;
    if (!u.name.trim() || u.name !== u.name.trim() || [...u.name].length > 120 || CONTROL.test(u.name)) problems.push(`${where}: name ${JSON.stringify(u.name.slice(0, 60))}`);
    if (!EMAIL.test(u.email) || u.email !== u.email.toLowerCase() || u.email.length > 254) problems.push(`${where}: e-mail`);
    if (!["user", "admin"].includes(u.role)) problems.push(`${where}: role ${u.role}`);
    if (u.phone !== null && ([...u.phone].length > 30 || !u.phone.trim() || CONTROL.test(u.phone))) problems.push(`${where}: phone ${JSON.stringify(u.phone)}`);
    if (u.address !== null && ([...u.address].length > 200 || !u.address.trim() || CONTROL.test(u.address))) problems.push(`${where}: address`);
    if (!withPassword.has(u.id)) problems.push(`${where}: no password (half-created account)`);
  }
  const enrolments = await rows<{ id: number; progress: number; completed_at: unknown }>(sql`select id, progress, completed_at from enrolment`);
  for (const e of enrolments) {
    if (e.progress < 0 || e.progress > 100) problems.push(`enrolment ${e.id}: progress ${e.progress}`);
    if (Boolean(e.completed_at) !== (e.progress === 100)) problems.push(`enrolment ${e.id}: completed_at and progress disagree`);
  }
  const attempts = await rows<{ id: number; attempt_number: number | null; score: number | null; submitted_at: unknown; answers: unknown; qn: number }>(
    sql`select id, attempt_number, score, submitted_at, answers, cardinality(question_ids) as qn from exam_attempt`,
  );
  for (const a of attempts) {
    const answers = typeof a.answers === "string" ? (JSON.parse(a.answers) as unknown[]) : (a.answers as unknown[] | null);
    if (a.submitted_at) {
      if (a.attempt_number === null || a.score === null || a.score < 0 || a.score > 100 || !Array.isArray(answers) || answers.length !== a.qn) {
        problems.push(`exam attempt ${a.id}: submitted without a valid number, score or answers`);
      } else if (answers.some((x) => !Number.isInteger(x) || (x as number) < 0 || (x as number) > 3)) {
        problems.push(`exam attempt ${a.id}: answers ${JSON.stringify(answers)}`);
      }
    } else if (a.attempt_number !== null || answers !== null) problems.push(`exam attempt ${a.id}: graded but not submitted`);
  }
  const series = await rows<{ k: string; numbers: number[] }>(
    sql`select user_id || ':' || lesson_id as k, array_agg(attempt_number order by attempt_number) as numbers
          from exam_attempt where attempt_number is not null group by user_id, lesson_id`,
  );
  for (const s of series) if (s.numbers.some((n, i) => Number(n) !== i + 1)) problems.push(`attempt numbers ${s.k}: ${s.numbers.join(",")}`);
  const foreign = await rows<{ n: number }>(
    sql`select count(*)::int as n from lesson_completion lc join enrolment e on e.id = lc.enrolment_id
          join lesson l on l.id = lc.lesson_id join module m on m.id = l.module_id where m.course_id <> e.course_id`,
  );
  if (foreign[0]!.n > 0) problems.push(`${foreign[0]!.n} completions of lessons from another course`);
  const messages = await rows<{ id: number; name: string; email: string; phone: string | null; subject: string; message: string }>(
    sql`select id, name, email, phone, subject, message from contact_message`,
  );
  for (const m of messages) {
    if (!m.name.trim() || [...m.name].length > 120 || !EMAIL.test(m.email) || !m.message.trim() || [...m.message].length > 5000) {
      problems.push(`contact message ${m.id}: ${JSON.stringify({ name: m.name.slice(0, 40), email: m.email })}`);
    }
    if (!["info_cursos", "capacitacion_empresas", "consulta_general", "otro"].includes(m.subject)) problems.push(`contact message ${m.id}: subject ${m.subject}`);
    if (m.phone !== null && [...m.phone].length > 30) problems.push(`contact message ${m.id}: phone`);
  }
  expect(problems, "invalid records were stored").toEqual([]);
}
