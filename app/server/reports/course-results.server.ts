// /admin/cursos/{id}/resultados: how a course's learners do. The funnel follows the people who
// enrolled in the period (enrolled → started → each module completed → exam passed); the exam figures
// (attempts until passing, scores, every question of the bank) follow the attempts submitted in the period.
// Everything is read from daily summaries the database keeps with triggers (migrations 0012 and 0015): the
// cohort's funnel by day of enrolment, attempts by score band and attempt number, and answers per question
// and bank option (each attempt's answers, stored as shown, mapped back through its option order), so a
// year of a course with 19 000 enrolments sums a few hundred rows.
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { PAGE_SIZE } from "~/domain/admin-forms";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { optionLetter } from "~/domain/grading";
import { chileIsoDay } from "~/domain/chile-time";
import { percent } from "~/domain/format";
import { medianOfCounts, PERIOD_LABELS, periodBuckets, SCORE_BANDS, scoreBandLabel, type Period } from "~/domain/insight";
import { passMarkNote, type CourseResults, type FunnelStep, type QuestionStat } from "~/domain/insight-view";
import { type Db } from "../platform/db/client.server";
import { arrayLiteral, preparedStatement } from "../platform/db/prepared.server";
import { examBank, examSettings } from "../exams/bank.server";
import { correctOptionsOf } from "~/domain/question-input";
import { loadCourseOutline } from "../learning/learning.server";
import { enrolmentCohortStat, enrolmentDayStat, examAnswerStat, examAttemptDayStat } from "../platform/db/schema";


/** The course's modules with their published lessons counted, and its exam lessons, from the outline kept per process. */
async function courseShape(courseId: number) {
  const outline = await loadCourseOutline(courseId);
  if (!outline) return null;
  return {
    course: { id: outline.id, title: outline.title },
    modules: outline.modules.map((m) => ({ id: m.id, title: m.title, published: m.lessons.filter((l) => l.status === "published").length })),
    examLessonIds: outline.modules.flatMap((m) => m.lessons.filter((l) => l.type === "examen").map((l) => l.id)),
  };
}

type SummarySource = "enrolled" | "cohort" | "attempt" | "answer";

// The statement is prepared once per database (with and without exam summaries) and given the course, the period
// and the exam lessons as parameters: composing its four selects on every request was a visible share of the
// page's CPU (docs/performance-log.md).
const param = {
  courseId: sql.placeholder("courseId"),
  fromDay: sql.placeholder("fromDay"),
  toDay: sql.placeholder("toDay"),
  /** The exam lessons' ids as one int[] literal ('{12,40}'): the statement stays the same whatever their number. */
  examLessonIds: sql.placeholder("examLessonIds"),
};

const inPeriod = (day: AnyColumn) => and(sql`${day} >= ${param.fromDay}::date`, sql`${day} < ${param.toDay}::date`);
const ofTheExams = (lessonId: AnyColumn) => sql`${lessonId} = any(${param.examLessonIds}::int[])`;

/**
 * The cohort (the people who enrolled in the period) from the daily summaries the enrolment triggers keep: how many
 * enrolled (`enrolled`), and what became of them (`cohort`: started, completed by hours taken, each module, the
 * exam). For the exam: first passes by the attempt that passed and submitted attempts by score band (`attempt`),
 * and one row per question and chosen bank option (`answer`: a = question, b = option, -1 left blank; the answer
 * as shown mapped back through the attempt's option order by the exam_attempt triggers).
 */
function summaryStatement(database: Db, withExam: boolean) {
  const tag = (src: SummarySource) => sql.raw(`'${src}'`).mapWith((v: string) => v as SummarySource);
  const int = (value: SQL | AnyColumn) => sql`${value}::int`.mapWith(Number);
  const none = sql`0`.mapWith(Number);
  const enrolled = database
    .select({ src: tag("enrolled"), kind: sql<string>`''`, a: none, b: none, n: int(sql`coalesce(sum(${enrolmentDayStat.n}), 0)`) })
    .from(enrolmentDayStat)
    .where(and(eq(enrolmentDayStat.kind, "enrolled"), eq(enrolmentDayStat.courseId, param.courseId), inPeriod(enrolmentDayStat.day)));
  const cohort = database
    .select({ src: tag("cohort"), kind: sql<string>`${enrolmentCohortStat.kind}`, a: int(enrolmentCohortStat.value), b: none, n: int(sql`sum(${enrolmentCohortStat.n})`) })
    .from(enrolmentCohortStat)
    .where(and(eq(enrolmentCohortStat.courseId, param.courseId), inPeriod(enrolmentCohortStat.day)))
    .groupBy(enrolmentCohortStat.kind, enrolmentCohortStat.value);
  if (!withExam) return unionAll(enrolled, cohort);
  const attempts = database
    .select({ src: tag("attempt"), kind: sql<string>`${examAttemptDayStat.kind}`, a: int(examAttemptDayStat.value), b: none, n: int(sql`sum(${examAttemptDayStat.n})`) })
    .from(examAttemptDayStat)
    .where(and(ofTheExams(examAttemptDayStat.lessonId), inPeriod(examAttemptDayStat.day)))
    .groupBy(examAttemptDayStat.kind, examAttemptDayStat.value);
  const answers = database
    .select({ src: tag("answer"), kind: sql<string>`''`, a: int(examAnswerStat.questionId), b: int(examAnswerStat.chosen), n: int(sql`sum(${examAnswerStat.n})`) })
    .from(examAnswerStat)
    .where(and(ofTheExams(examAnswerStat.lessonId), inPeriod(examAnswerStat.day)))
    .groupBy(examAnswerStat.questionId, examAnswerStat.chosen);
  return unionAll(enrolled, cohort, attempts, answers);
}

export type SummaryRow = { src: SummarySource; kind: string; a: number; b: number; n: number };

/** What the summary statement's rows mean, decoded in one place: each source uses the columns differently. */
export interface CourseSummaries {
  /** `enrolled`: one row, its n. */
  enrolled: number;
  /** `cohort`: kind (started, completed, module, passed) → (a = value: hours taken, module id…, n). */
  cohort: (kind: string) => { value: number; n: number }[];
  /** `attempt` with kind 'pass': a = the attempt that passed → how many passed with it. */
  passCounts: Map<number, number>;
  /** `attempt` with kind 'score': a = score band → submitted attempts. */
  scoreCounts: Map<number, number>;
  /** `answer`: a = question, b = bank option (null: left blank) → how many chose it. */
  chosenBy: Map<number, Map<number | null, number>>;
}

export function decodeSummaryRows(rows: SummaryRow[]): CourseSummaries {
  const cohortByKind = new Map<string, { value: number; n: number }[]>();
  const passCounts = new Map<number, number>();
  const scoreCounts = new Map<number, number>();
  const chosenBy = new Map<number, Map<number | null, number>>();
  let enrolled = 0;
  for (const r of rows) {
    switch (r.src) {
      case "enrolled":
        enrolled = Number(r.n);
        break;
      case "cohort": {
        const list = cohortByKind.get(r.kind) ?? [];
        list.push({ value: Number(r.a), n: Number(r.n) });
        cohortByKind.set(r.kind, list);
        break;
      }
      case "attempt":
        (r.kind === "pass" ? passCounts : scoreCounts).set(Number(r.a), Number(r.n));
        break;
      case "answer": {
        const m = chosenBy.get(Number(r.a)) ?? new Map<number | null, number>();
        m.set(r.b === null || Number(r.b) < 0 ? null : Number(r.b), Number(r.n));
        chosenBy.set(Number(r.a), m);
        break;
      }
    }
  }
  return { enrolled, cohort: (kind) => cohortByKind.get(kind) ?? [], passCounts, scoreCounts, chosenBy };
}

const summariesWithoutExam = preparedStatement((database) => summaryStatement(database, false).prepare("course_results_summaries"));
const summariesWithExam = preparedStatement((database) => summaryStatement(database, true).prepare("course_results_summaries_exam"));

function summaryRows(courseId: number, examLessonIds: number[], fromDay: string, toDay: string) {
  const period = { courseId, fromDay, toDay };
  return examLessonIds.length === 0
    ? summariesWithoutExam().execute(period)
    : summariesWithExam().execute({ ...period, examLessonIds: arrayLiteral(examLessonIds) });
}

/**
 * `questionPage`: the page of the question table to return (PAGE_SIZE worst-first questions each), or "all"
 * for the CSV. The page shows one page: a whole bank made the page several times heavier to render and send.
 */
export async function getCourseResults(
  courseId: number,
  period: Period,
  questionPage: number | "all" = "all",
  now: Date = new Date(),
): Promise<CourseResults | null> {
  const shape = await courseShape(courseId);
  if (!shape) return null;
  const { course: c, modules, examLessonIds } = shape;
  const buckets = periodBuckets(period, now);
  const from = buckets[0]!.start;
  const to = buckets[buckets.length - 1]!.end;
  const hasExam = examLessonIds.length > 0;
  const fromDay = chileIsoDay(from);
  const toDay = chileIsoDay(to);

  // Everything read from the daily summaries, as one statement (UNION ALL, each row tagged with its source): one
  // round trip and one query to build instead of four, beside the banks from this process's copy.
  const [rows, bank, settings] = await Promise.all([
    summaryRows(courseId, examLessonIds, fromDay, toDay),
    Promise.all(examLessonIds.map(examBank)),
    Promise.all(examLessonIds.map(examSettings)),
  ]);
  const { enrolled, cohort, passCounts, scoreCounts, chosenBy } = decodeSummaryRows(rows);
  const total = (kind: string) => cohort(kind).reduce((a, r) => a + r.n, 0);
  const doneByModule = new Map(cohort("module").map((r) => [r.value, r.n]));
  const started = total("started");
  const passedCohort = total("passed");
  const funnel: FunnelStep[] = [
    { label: "Inscritos", count: enrolled, percent: percent(enrolled, enrolled) },
    { label: "Comenzaron", count: started, percent: percent(started, enrolled) },
    ...modules
      .filter((m) => m.published > 0)
      .map((m, i) => {
        const n = doneByModule.get(m.id) ?? 0;
        return { label: `Completaron el módulo ${i + 1}: ${m.title}`, count: n, percent: percent(n, enrolled) };
      }),
    ...(hasExam ? [{ label: "Aprobaron el examen", count: passedCohort, percent: percent(passedCohort, enrolled) }] : []),
  ];
  // Kept in whole hours: the median is within an hour of the exact one.
  const medianHours = medianOfCounts(cohort("completed"));

  const passersCount = [...passCounts.values()].reduce((a, n) => a + n, 0);
  const attemptsToPass = [1, 2, 3, 4].map((k) => ({
    label: k === 4 ? "4 o más intentos" : k === 1 ? "1 intento" : `${k} intentos`,
    count: [...passCounts].filter(([a]) => (k === 4 ? a >= 4 : a === k)).reduce((x, [, n]) => x + n, 0),
  }));
  const attemptsSum = [...passCounts].reduce((x, [a, n]) => x + a * n, 0);
  const scores = SCORE_BANDS.map((b) => ({ label: scoreBandLabel(b), count: scoreCounts.get(b) ?? 0 }));

  // A question retired from the bank (catalogue/refresh.server.ts) is listed only while the period holds
  // attempts that drew it, and cannot be edited any more.
  const listed = bank.flat().sort((x, y) => x.id - y.id).filter((q) => q.retiredAt === null || chosenBy.has(q.id));
  const questions: QuestionStat[] = listed.map((q) => {
    const m = chosenBy.get(q.id) ?? new Map<number | null, number>();
    let drawn = 0;
    for (const n of m.values()) drawn += n;
    // A multiple-answer question's rows count sets of options marked, as bitmasks (bit k: option k; schema.ts):
    // right is exactly the correct set, and each wrong option counts the answers that marked it.
    const multiple = q.kind === "multiple";
    const correctSet = correctOptionsOf(q);
    const mask = (set: readonly number[]) => set.reduce((x, k) => x | (1 << k), 0);
    const markedWith = (k: number) => [...m].reduce((x, [chosen, n]) => (chosen !== null && chosen & (1 << k) ? x + n : x), 0);
    const correct = (multiple ? m.get(mask(correctSet)) : m.get(q.correctIndex)) ?? 0;
    return {
      questionId: q.id,
      examLessonId: q.lessonId,
      prompt: q.prompt,
      drawn,
      correct,
      correctPercent: percent(correct, drawn),
      correctOption: correctSet.map((k) => `${optionLetter(k)}. ${q.options[k] ?? ""}`).join(" · "),
      wrong: q.options
        .map((text, k) => ({ option: optionLetter(k), text, count: multiple ? markedWith(k) : (m.get(k) ?? 0), k }))
        .filter((o) => !correctSet.includes(o.k))
        .map(({ option, text, count }) => ({ option, text, count })),
      blank: m.get(null) ?? 0,
      editPath: q.retiredAt === null ? `/admin/cursos/${courseId}?leccion=${q.lessonId}#pregunta-${q.id}` : null,
    };
  });
  // Worst first: the lowest share of correct answers; questions never drawn go last.
  questions.sort((a, b) => (a.correctPercent ?? 101) - (b.correctPercent ?? 101) || b.drawn - a.drawn || a.questionId - b.questionId);
  const pageStart = questionPage === "all" ? 0 : (questionPage - 1) * PAGE_SIZE;
  const shown = questionPage === "all" ? questions : questions.slice(pageStart, pageStart + PAGE_SIZE);

  return {
    course: c,
    period,
    periodLabel: PERIOD_LABELS[period],
    funnel,
    completed: total("completed"),
    medianDaysToComplete: medianHours === null ? null : medianHours / 24,
    hasExam,
    passers: passersCount,
    attemptsToPass,
    averageAttemptsToPass: passersCount ? Math.round((attemptsSum / passersCount) * 10) / 10 : null,
    submittedAttempts: scores.reduce((a, s) => a + s.count, 0),
    passMarkNote: passMarkNote(settings.map((x) => x.passMark)),
    scores,
    questions: shown,
    questionTotal: questions.length,
    questionPage: questionPage === "all" ? null : questionPage,
    questionsHasNext: pageStart + shown.length < questions.length,
  };
}

/** The report as a spreadsheet: the funnel, the exam figures and the per-question table, one block after another. */
export function courseResultsCsv(r: CourseResults): string {
  const rows: (string | number | null)[][] = [];
  rows.push(["Curso", r.course.title]);
  rows.push(["Periodo", r.periodLabel]);
  rows.push([]);
  rows.push(["Embudo (inscritos en el periodo)", "Personas", "% de inscritos"]);
  for (const f of r.funnel) rows.push([f.label, f.count, f.percent]);
  rows.push(["Completaron el curso", r.completed, percent(r.completed, r.funnel[0]?.count ?? 0)]);
  rows.push(["Mediana de días hasta completar", r.medianDaysToComplete === null ? null : Math.round(r.medianDaysToComplete * 10) / 10]);
  rows.push([]);
  rows.push(["Intentos hasta aprobar", "Personas"]);
  for (const a of r.attemptsToPass) rows.push([a.label, a.count]);
  rows.push([]);
  rows.push(["Puntaje", "Intentos"]);
  for (const s of r.scores) rows.push([s.label, s.count]);
  rows.push([]);
  const maxWrong = Math.max(0, ...r.questions.map((q) => q.wrong.length));
  rows.push([
    "Pregunta",
    "Veces sorteada",
    "Respuestas correctas",
    "% correctas",
    "Opción correcta",
    ...Array.from({ length: maxWrong }, (_, i) => `Incorrecta ${i + 1}`),
    "Sin responder",
  ]);
  for (const q of r.questions) {
    rows.push([
      q.prompt,
      q.drawn,
      q.correct,
      q.correctPercent,
      q.correctOption,
      ...q.wrong.map((w) => `${w.option}. ${w.text}: ${w.count}`),
      ...Array.from({ length: maxWrong - q.wrong.length }, () => null),
      q.blank,
    ]);
  }
  return CSV_BOM + rows.map((row) => csvRow(row)).join("");
}
