// The /admin overview: for a period and optionally one course — registrations, enrolments,
// completions, certificates, exam pass rate and net revenue — each cut into the chart's buckets by the
// database (width_bucket over the bucket starts), so a report costs a few grouped index scans.
import { and, count, eq, inArray, sql, sum, type AnyColumn, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { PASS_MARK } from "~/domain/grading";
import { parseId } from "~/domain/ids";
import { chileIsoDay } from "~/domain/chile-time";
import { percent } from "~/domain/format";
import { PERIOD_LABELS, PERIOD_PARAM, parsePeriod, periodBuckets, type Bucket } from "~/domain/insight";
import type { InsightFilters, Overview, OverviewTotals } from "~/domain/insight-view";
import { listCourseOptions } from "../learning/admin-enrolments.server";
import { type Db } from "../platform/db/client.server";
import { arrayLiteral, preparedStatement } from "../platform/db/prepared.server";
import { certificate, courseModule, enrolment, enrolmentDayStat, examAttemptDayStat, lesson, order, refund, user } from "../platform/db/schema";

/** `?periodo=&curso=`: anything unknown falls back to the default period and every course. */
export function parseInsightFilters(params: URLSearchParams): InsightFilters {
  return { period: parsePeriod(params.get(PERIOD_PARAM)), courseId: parseId(params.get("curso")) };
}

// The overview's statement is prepared once per database (with and without a course) and given the period as
// parameters: composing its seven selects on every request was a visible share of the page's CPU
// (docs/performance-log.md).
const param = {
  /** Each bucket's start, then the last one's end, as one timestamptz[] literal. */
  instants: sql.placeholder("instants"),
  /** The same edges as Chile days (every bucket starts at a Chile midnight), as one date[] literal. */
  days: sql.placeholder("days"),
  firstDay: sql.placeholder("firstDay"),
  endDay: sql.placeholder("endDay"),
  start: sql.placeholder("start"),
  end: sql.placeholder("end"),
  courseId: sql.placeholder("courseId"),
};

/** `width_bucket(col, array[start₁, …, startₙ, end])`: 1…n for the bucket the moment falls in. */
function bucketOf(col: AnyColumn): SQL<number> {
  return sql<number>`width_bucket(${col}, ${param.instants}::timestamptz[])::int`;
}

/** The same buckets over a column of Chile days (the daily summaries). */
function dayBucketOf(col: AnyColumn): SQL<number> {
  return sql<number>`width_bucket(${col}, ${param.days}::date[])::int`;
}

function withinDays(col: AnyColumn) {
  return and(sql`${col} >= ${param.firstDay}::date`, sql`${col} < ${param.endDay}::date`)!;
}

function within(col: AnyColumn) {
  return and(sql`${col} >= ${param.start}::timestamptz`, sql`${col} < ${param.end}::timestamptz`)!;
}

/** The parameters of a report's period: the edges as one array each rather than one parameter per edge. */
function periodParams(buckets: Bucket[]) {
  const times = [...buckets.map((b) => b.start), buckets[buckets.length - 1]!.end];
  const days = times.map(chileIsoDay);
  return {
    instants: arrayLiteral(times.map((t) => t.toISOString())),
    days: arrayLiteral(days),
    firstDay: days[0]!,
    endDay: days[days.length - 1]!,
    start: times[0]!.toISOString(),
    end: times[times.length - 1]!.toISOString(),
  };
}

/** The course's lessons, as a subquery (exam attempts point at a lesson, not at a course). */
function courseLessonIds(database: Db, courseId: typeof param.courseId) {
  return database
    .select({ id: lesson.id })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(courseModule.courseId, courseId));
}

type Measure = "registrations" | "enrolments" | "completions" | "certificates" | "attempts" | "paid" | "refunded";
export type MeasureRow = { k: string; b: number; n: number; m: number };

/** A count or a sum as a plain number: float8 keeps every peso exact up to 2⁵³ and needs no bigint parsing. */
function total(aggregate: SQL | SQL.Aliased | ReturnType<typeof count> | ReturnType<typeof sum>): SQL<number> {
  return sql`coalesce(${aggregate}, 0)::float8`.mapWith(Number);
}

/** The measures with no second figure (only attempts have one: how many passed). */
const NONE = sql<number>`0::float8`.mapWith(Number);

export type OverviewColumns = Record<Measure | "passed", number[]>;

/**
 * What the overview statement's rows mean, decoded in one place: `k` names the measure, `b` is its bucket
 * (1…size; anything else fell outside the period), `n` the figure, and `m` a second figure that only the
 * attempts have — how many of them passed.
 */
export function decodeOverviewRows(rows: MeasureRow[], size: number): OverviewColumns {
  const columns = (["registrations", "enrolments", "completions", "certificates", "attempts", "passed", "paid", "refunded"] as const).map(
    (name) => [name, new Array<number>(size).fill(0)] as const,
  );
  const out = Object.fromEntries(columns) as OverviewColumns;
  for (const r of rows) {
    if (!(r.k in out) || r.k === "passed" || r.b < 1 || r.b > size) continue;
    out[r.k as Measure][r.b - 1]! += r.n;
    if (r.k === "attempts") out.passed[r.b - 1]! += r.m;
  }
  return out;
}

/**
 * The overview's seven measures as one statement (UNION ALL, each row tagged with its measure): one round trip
 * and one query to build instead of seven (each query costs the page CPU in the drivers).
 */
function overviewStatement(database: Db, forOneCourse: boolean) {
  const c = forOneCourse ? param.courseId : undefined;
  const measure = (name: Measure) => sql.raw(`'${name}'`).mapWith(String);
  // Enrolments and completions from their daily summary (1 000 000 enrolments would be counted otherwise).
  const enrolmentDays = (name: Measure, kind: "enrolled" | "completed") =>
    database
      .select({ k: measure(name), b: dayBucketOf(enrolmentDayStat.day), n: total(sum(enrolmentDayStat.n)), m: NONE })
      .from(enrolmentDayStat)
      .where(and(eq(enrolmentDayStat.kind, kind), withinDays(enrolmentDayStat.day), c ? eq(enrolmentDayStat.courseId, c) : undefined))
      .groupBy(sql`2`);
  return unionAll(
    database
      .select({ k: measure("registrations"), b: bucketOf(user.createdAt), n: total(count()), m: NONE })
      .from(user)
      .where(within(user.createdAt))
      .groupBy(sql`2`),
    enrolmentDays("enrolments", "enrolled"),
    enrolmentDays("completions", "completed"),
    database
      .select({ k: measure("certificates"), b: bucketOf(certificate.issuedAt), n: total(count()), m: NONE })
      .from(certificate)
      .where(
        and(
          within(certificate.issuedAt),
          c ? inArray(certificate.enrolmentId, database.select({ id: enrolment.id }).from(enrolment).where(eq(enrolment.courseId, c))) : undefined,
        ),
      )
      .groupBy(sql`2`),
    // Submitted attempts from their daily summary by score band; a band at or above the pass mark passed.
    database
      .select({
        k: measure("attempts"),
        b: dayBucketOf(examAttemptDayStat.day),
        n: total(sum(examAttemptDayStat.n)),
        m: total(sql`sum(${examAttemptDayStat.n}) filter (where ${examAttemptDayStat.value} >= ${sql.raw(String(Math.trunc(PASS_MARK)))})`),
      })
      .from(examAttemptDayStat)
      .where(
        and(
          eq(examAttemptDayStat.kind, "score"),
          withinDays(examAttemptDayStat.day),
          c ? inArray(examAttemptDayStat.lessonId, courseLessonIds(database, c)) : undefined,
        ),
      )
      .groupBy(sql`2`),
    // Revenue: what paid orders brought in when they were paid, minus refunds when they were made.
    database
      .select({ k: measure("paid"), b: bucketOf(order.paidAt), n: total(sum(order.amountClp)), m: NONE })
      .from(order)
      .where(and(within(order.paidAt), c ? eq(order.courseId, c) : undefined))
      .groupBy(sql`2`),
    database
      .select({ k: measure("refunded"), b: bucketOf(refund.createdAt), n: total(sum(refund.amountClp)), m: NONE })
      .from(refund)
      .innerJoin(order, eq(order.id, refund.orderId))
      .where(and(within(refund.createdAt), c ? eq(order.courseId, c) : undefined))
      .groupBy(sql`2`),
  );
}

const overviewOfAllCourses = preparedStatement((database) => overviewStatement(database, false).prepare("overview_all_courses"));
const overviewOfOneCourse = preparedStatement((database) => overviewStatement(database, true).prepare("overview_one_course"));

function overviewRows(buckets: Bucket[], courseId: number | null | undefined): Promise<MeasureRow[]> {
  const period = periodParams(buckets);
  return courseId ? overviewOfOneCourse().execute({ ...period, courseId }) : overviewOfAllCourses().execute(period);
}

export async function getOverview(filters: InsightFilters, now: Date = new Date()): Promise<Overview> {
  const buckets = periodBuckets(filters.period, now);
  const c = filters.courseId;
  const [courses, rows] = await Promise.all([
    listCourseOptions(),
    overviewRows(buckets, c),
  ]);
  const cols = decodeOverviewRows(rows, buckets.length);
  const add = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
  const series = buckets.map((b, i) => ({
    label: b.label,
    longLabel: b.longLabel,
    registrations: cols.registrations[i]!,
    enrolments: cols.enrolments[i]!,
    completions: cols.completions[i]!,
    certificates: cols.certificates[i]!,
    attempts: cols.attempts[i]!,
    passed: cols.passed[i]!,
    revenueClp: cols.paid[i]! - cols.refunded[i]!,
  }));
  const totals: OverviewTotals = {
    registrations: add(cols.registrations),
    enrolments: add(cols.enrolments),
    completions: add(cols.completions),
    certificates: add(cols.certificates),
    attempts: add(cols.attempts),
    passed: add(cols.passed),
    passRate: percent(add(cols.passed), add(cols.attempts)),
    paidClp: add(cols.paid),
    refundedClp: add(cols.refunded),
    revenueClp: add(cols.paid) - add(cols.refunded),
  };
  const known = c ? courses.find((x) => x.id === c) : undefined;
  return {
    filters: { period: filters.period, courseId: known ? known.id : null },
    periodLabel: PERIOD_LABELS[filters.period],
    courseTitle: known?.title ?? null,
    courses: courses.map(({ id, title }) => ({ id, title })),
    totals,
    series,
  };
}

export const OVERVIEW_CSV_HEADER = [
  "Periodo",
  "Registros",
  "Inscripciones",
  "Cursos completados",
  "Certificados",
  "Exámenes rendidos",
  "Exámenes aprobados",
  "Ingresos netos (CLP)",
] as const;

/** The overview as a spreadsheet: one row per bucket and a total (';' and UTF-8 with BOM, like the other exports). */
export function overviewCsv(o: Overview): string {
  const rows = o.series.map((p) => [p.longLabel, p.registrations, p.enrolments, p.completions, p.certificates, p.attempts, p.passed, p.revenueClp]);
  const t = o.totals;
  rows.push(["Total", t.registrations, t.enrolments, t.completions, t.certificates, t.attempts, t.passed, t.revenueClp]);
  return CSV_BOM + csvRow(OVERVIEW_CSV_HEADER) + rows.map((r) => csvRow(r)).join("");
}
