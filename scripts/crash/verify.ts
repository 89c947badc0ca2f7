// After a kill: is every acknowledged write in the database, and is the database consistent with itself
// (progress matches completions, attempt numbers have no gaps, no half-created account)?
import { sql } from "drizzle-orm";
import type { Db } from "~/server/platform/db/client.server";
import { completionTrigger, courseProgress, viewerMode } from "~/domain/progress";
import type { Ack, Ledger } from "./workload";

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: Db, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface Verification {
  /** Acknowledged writes found in the database, by kind. */
  verified: Record<string, number>;
  /** What the consistency checks looked at. */
  checked: Record<string, number>;
  violations: string[];
}

export async function verifyDatabase(db: Db, ledger: Ledger): Promise<Verification> {
  const violations: string[] = [];
  const verified: Record<string, number> = {};
  const checked: Record<string, number> = {};
  const count = (bucket: Record<string, number>, key: string, n = 1) => (bucket[key] = (bucket[key] ?? 0) + n);
  const fail = (message: string) => {
    if (violations.length < 50) violations.push(message);
    else if (violations.length === 50) violations.push("… more violations left out");
  };

  // ── What the database holds ──────────────────────────────────────────────
  const users = await rows<{ id: string; email: string; name: string; phone: string | null; address: string | null }>(
    db,
    `select id, email, name, phone, address from "user"`,
  );
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const credential = new Set(
    (await rows<{ user_id: string }>(db, `select user_id from account where provider_id = 'credential' and password is not null`)).map(
      (r) => r.user_id,
    ),
  );
  const enrolments = await rows<{ id: number; user_id: string; course_id: number; progress: number; completed_at: unknown }>(
    db,
    `select id, user_id, course_id, progress, completed_at from enrolment`,
  );
  const enrolmentOf = new Map(enrolments.map((e) => [`${e.user_id}:${e.course_id}`, e]));
  const completions = await rows<{ enrolment_id: number; lesson_id: number }>(db, `select enrolment_id, lesson_id from lesson_completion`);
  const completed = new Map<number, Set<number>>();
  for (const c of completions) {
    if (!completed.has(c.enrolment_id)) completed.set(c.enrolment_id, new Set());
    completed.get(c.enrolment_id)!.add(c.lesson_id);
  }
  const lessons = await rows<{
    id: number;
    module_id: number;
    course_id: number;
    type: string;
    status: string;
    mime: string | null;
    has_body: boolean;
  }>(
    db,
    `select l.id, l.module_id, m.course_id, l.type, l.status, a.mime, coalesce(length(l.body), 0) > 0 as has_body
       from lesson l join module m on m.id = l.module_id left join asset a on a.id = l.asset_id`,
  );
  const modulesOfCourse = await rows<{ id: number; course_id: number }>(db, `select id, course_id from module`);
  const lessonById = new Map(lessons.map((l) => [l.id, l]));
  const triggerOf = (lessonId: number) => {
    const l = lessonById.get(lessonId);
    return l ? completionTrigger(viewerMode({ type: l.type, mime: l.mime, hasBody: Boolean(l.has_body) })) : null;
  };
  const attempts = await rows<{
    id: number;
    user_id: string;
    lesson_id: number;
    attempt_number: number | null;
    question_ids: number[];
    answers: number[] | string | null;
    score: number | null;
    passed: boolean | null;
    submitted_at: unknown;
  }>(db, `select id, user_id, lesson_id, attempt_number, question_ids, answers, score, passed, submitted_at from exam_attempt`);
  const attemptById = new Map(attempts.map((a) => [a.id, a]));
  const certificates = new Set((await rows<{ enrolment_id: number }>(db, `select enrolment_id from certificate`)).map((r) => r.enrolment_id));

  // ── Every acknowledged write is there ────────────────────────────────────
  const userOf = (email: string, what: string) => {
    const u = byEmail.get(email);
    if (!u) fail(`${what}: the account ${email} (acknowledged registration) is missing`);
    return u;
  };
  const seenVisits = new Set<string>();
  const profileAcks = new Map<string, number>();
  for (const ack of ledger.acks as Ack[]) {
    switch (ack.kind) {
      case "register": {
        const u = userOf(ack.email, "registration");
        if (!u) break;
        if (!credential.has(u.id)) fail(`registration of ${ack.email}: no password (credential account)`);
        else count(verified, "registrations");
        break;
      }
      case "enrol": {
        const u = userOf(ack.email, "enrolment");
        if (!u) break;
        if (!enrolmentOf.has(`${u.id}:${ack.courseId}`)) fail(`enrolment of ${ack.email} in course ${ack.courseId} is missing`);
        else count(verified, "enrolments");
        break;
      }
      case "visit":
      case "watch": {
        const u = userOf(ack.email, ack.kind);
        if (!u) break;
        const trigger = triggerOf(ack.lessonId);
        const completes = ack.kind === "watch" || (trigger === "open" && lessonById.get(ack.lessonId)?.status === "published");
        const key = `${ack.kind}:${u.id}:${ack.lessonId}`;
        // Only the first visit of a lesson that completes on opening writes; the others only read.
        if (!completes || (ack.kind === "visit" && seenVisits.has(key))) break;
        seenVisits.add(key);
        const e = enrolmentOf.get(`${u.id}:${ack.courseId}`);
        if (!e || !completed.get(e.id)?.has(ack.lessonId)) fail(`${ack.kind} of lesson ${ack.lessonId} by ${ack.email}: completion missing`);
        else count(verified, ack.kind === "watch" ? "video completions" : "lesson completions (opened)");
        break;
      }
      case "exam-start": {
        const u = userOf(ack.email, "exam start");
        const a = attemptById.get(ack.attemptId);
        if (!u) break;
        if (!a || a.user_id !== u.id || a.lesson_id !== ack.lessonId) fail(`exam attempt ${ack.attemptId} of ${ack.email} is missing`);
        else count(verified, "exam attempts started");
        break;
      }
      case "exam-submit": {
        const u = userOf(ack.email, "exam submit");
        const a = attemptById.get(ack.attemptId);
        if (!u) break;
        if (!a || a.user_id !== u.id) {
          fail(`submitted exam attempt ${ack.attemptId} of ${ack.email} is missing`);
          break;
        }
        const stored = typeof a.answers === "string" ? (JSON.parse(a.answers) as number[]) : a.answers;
        if (!a.submitted_at || a.attempt_number === null || a.score === null || !stored) {
          fail(`exam attempt ${ack.attemptId} of ${ack.email} was acknowledged as submitted but is not`);
          break;
        }
        const sent = a.question_ids.map((qid) => ack.answers[qid]);
        if (JSON.stringify(sent) !== JSON.stringify(stored)) {
          fail(`exam attempt ${ack.attemptId}: stored answers ${JSON.stringify(stored)} differ from the sent ${JSON.stringify(sent)}`);
          break;
        }
        count(verified, "exam attempts submitted");
        break;
      }
      case "profile":
        profileAcks.set(ack.email, (profileAcks.get(ack.email) ?? 0) + 1);
        break;
    }
  }

  // Profiles: the stored values are those of the last acknowledged save, or of a later save whose
  // answer never came; never an older one.
  for (const learner of ledger.learners) {
    const acked = profileAcks.get(learner.email);
    if (!acked) continue;
    const u = byEmail.get(learner.email);
    if (!u) continue;
    const lastAck = learner.profileHistory.map((h) => h.outcome).lastIndexOf("acked");
    const allowed = learner.profileHistory.slice(lastAck).filter((h, i) => i === 0 || h.outcome === "unknown");
    const stored = { name: u.name, phone: u.phone ?? "", address: u.address ?? "" };
    if (!allowed.some((h) => h.values.name === stored.name && h.values.phone === stored.phone && h.values.address === stored.address)) {
      fail(`profile of ${learner.email}: stored ${JSON.stringify(stored)} is not the last acknowledged save ${JSON.stringify(allowed[0]?.values)}`);
    } else count(verified, "profile saves", acked);
  }

  // ── The database agrees with itself ──────────────────────────────────────
  for (const u of users) {
    checked["accounts complete (user ⇒ password)"] = (checked["accounts complete (user ⇒ password)"] ?? 0) + 1;
    if (!credential.has(u.id)) fail(`account ${u.email} exists without a password: half-created registration`);
  }
  for (const email of ledger.unknownRegistrations) {
    const u = byEmail.get(email);
    if (u && !credential.has(u.id)) fail(`registration of ${email} (unanswered) left an account without a password`);
  }

  const structure = new Map<number, { id: number; lessons: { id: number; status: string }[] }[]>();
  for (const m of modulesOfCourse) {
    const list = structure.get(m.course_id) ?? [];
    list.push({ id: m.id, lessons: lessons.filter((l) => l.module_id === m.id).map((l) => ({ id: l.id, status: l.status })) });
    structure.set(m.course_id, list);
  }
  for (const e of enrolments) {
    count(checked, "enrolments: progress = completions");
    const done = completed.get(e.id) ?? new Set<number>();
    for (const lessonId of done) {
      if (lessonById.get(lessonId)?.course_id !== e.course_id) fail(`enrolment ${e.id}: completion of lesson ${lessonId} from another course`);
    }
    const expected = courseProgress(structure.get(e.course_id) ?? [], done);
    if (expected.percent !== e.progress) fail(`enrolment ${e.id}: progress ${e.progress} but its completions give ${expected.percent}`);
    if (expected.complete !== Boolean(e.completed_at)) fail(`enrolment ${e.id}: completed_at ${String(e.completed_at)} but progress complete=${expected.complete}`);
    if (Boolean(e.completed_at) !== certificates.has(e.id)) fail(`enrolment ${e.id}: completed ${Boolean(e.completed_at)} but certificate ${certificates.has(e.id)}`);
  }

  const series = new Map<string, number[]>();
  for (const a of attempts) {
    count(checked, "exam attempts");
    if (a.submitted_at) {
      if (a.attempt_number === null || a.score === null || a.passed === null || a.answers === null) {
        fail(`attempt ${a.id}: submitted but without number, score or answers`);
      }
      const key = `${a.user_id}:${a.lesson_id}`;
      series.set(key, [...(series.get(key) ?? []), a.attempt_number ?? -1]);
      if (a.passed) {
        const e = enrolmentOf.get(`${a.user_id}:${lessonById.get(a.lesson_id)?.course_id}`);
        if (e && !completed.get(e.id)?.has(a.lesson_id)) fail(`attempt ${a.id} passed but the exam lesson is not completed`);
      }
    } else if (a.attempt_number !== null) fail(`attempt ${a.id}: numbered (${a.attempt_number}) but not submitted`);
  }
  for (const [key, numbers] of series) {
    count(checked, "attempt series (user, exam) gapless");
    const sorted = [...numbers].sort((x, y) => x - y);
    if (sorted.some((n, i) => n !== i + 1)) fail(`attempt numbers of ${key}: ${sorted.join(",")} (expected 1..${sorted.length})`);
  }

  // Trigger-maintained counters (dashboard badges) agree with the rows, when the table exists.
  const counters = await rows<{ key: string; n: number | string }>(db, `select key, sum(n) as n from stat_counter group by key`).catch(
    () => [] as { key: string; n: number }[],
  );
  for (const c of counters) {
    let actual: number | undefined;
    const course = /^(enrolment|certificate):course:(\d+)$/.exec(c.key);
    if (c.key === "user") actual = users.length;
    else if (c.key === "enrolment") actual = enrolments.length;
    else if (course?.[1] === "enrolment") actual = enrolments.filter((e) => e.course_id === Number(course[2])).length;
    else if (course?.[1] === "certificate") {
      actual = enrolments.filter((e) => e.course_id === Number(course[2]) && certificates.has(e.id)).length;
    }
    if (actual === undefined) continue;
    count(checked, "row counters");
    if (Number(c.n) !== actual) fail(`counter ${c.key} = ${c.n} but there are ${actual} rows`);
  }
  return { verified, checked, violations };
}
