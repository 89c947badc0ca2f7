// The rules an exam bank of the built-in catalogue follows (content/README.md, "questions.json"), and the
// measures of the cues a test-wise guesser could use instead of knowledge. Pure: the caller reads the files.
// tests/unit/question-bank.test.ts runs every rule on every course, and on made-up banks to show each one fails.
import { lessonKey } from "~/domain/lesson-key";

export interface BankLesson {
  title: string;
  type: string;
  file?: string;
  body?: string;
  status: string;
}
export interface BankCourse {
  id: number;
  slug: string;
  modules: { title: string; lessons: BankLesson[] }[];
}
export interface BankQuestion {
  id: string;
  module?: number;
  lesson?: string;
  topic?: string;
  prompt: string;
  options: string[];
  correctIndex: number;
  explanation?: string;
  /** One entry per option: the misconception (an id of misconceptions.json) a distractor stands for; null for the key. */
  misconceptions?: (string | null)[];
}
/** A belief some learners really hold, and the sentence of the course that corrects it (misconceptions.json). */
export interface Misconception {
  id: string;
  belief: string;
  /** Key of the lesson whose Markdown source corrects it. */
  lesson: string;
  /** Words of that source, as written there (bold marks and line breaks aside). */
  rebuttal: string;
}

export const BANK_RULES = {
  minQuestions: 40,
  /**
   * Share of questions whose key may be the strictly longest option, and the strictly shortest one. "Pick the
   * longest" is the best-known test-taking trick; 35 % (against 25 % by chance with four options) leaves room for
   * keys that need a qualifier without making the trick pay.
   */
  maxLongestShare: 0.35,
  maxShortestShare: 0.35,
  /**
   * A key's length over the mean length of its distractors. Outside 0.75–1.33 (one is a third longer than the
   * other) the key stands out at a glance, as "Entre 5 y 6 cm." did beside three 40-character distractors (0.38).
   */
  keyLengthRatio: [0.75, 4 / 3] as const,
  /**
   * Expected score per question of a guesser who knows nothing but either strikes out the options with an
   * absolute word (siempre, nunca, solo, todo…) or picks them. By chance it is 25 %. At 30 %, the chance of
   * passing a 10-question exam (7 right) by guessing is about 1 % (0.35 % at 25 %); at the 45 % the review
   * measured it was about 10 %.
   */
  maxGuesserScore: 0.3,
  /** Share of keys and share of distractors with an absolute word: at most this far apart (5 points). */
  maxAbsoluteShareGap: 0.05,
};

/** Words that make a claim absolute; a test-wise guesser reads them as a sign of a wrong option. */
export const ABSOLUTE_WORDS =
  /\b(siempre|nunca|jamás|solo|sólo|solamente|únicamente|única|único|todo|toda|todos|todas|nada|nadie|ninguno|ninguna|ningún|cualquier|cualquiera|completamente|totalmente)\b/iu;

const hasAbsolute = (text: string) => ABSOLUTE_WORDS.test(text.normalize("NFC"));
const len = (text: string) => text.trim().length;
const distractorsOf = (q: BankQuestion) => q.options.filter((_, i) => i !== q.correctIndex);

export interface BankCues {
  questions: number;
  /** Share of questions whose key is the strictly longest / shortest option. */
  longestShare: number;
  shortestShare: number;
  /** Key length over the mean distractor length, per question. */
  keyLengthRatios: { id: string; ratio: number }[];
  /** Share of keys and of distractors that contain an absolute word. */
  absoluteInKeys: number;
  absoluteInDistractors: number;
  /** Expected score of the guesser who strikes out absolute options, and of the one who picks them. */
  guesserStrikingAbsolutes: number;
  guesserPickingAbsolutes: number;
}

/** The cues a bank leaves to a guesser, measured. */
export function bankCues(bank: readonly BankQuestion[]): BankCues {
  const n = bank.length || 1;
  let longest = 0;
  let shortest = 0;
  let keysAbs = 0;
  let distractorsAbs = 0;
  let strike = 0;
  let pick = 0;
  const keyLengthRatios: { id: string; ratio: number }[] = [];
  for (const q of bank) {
    const key = len(q.options[q.correctIndex] ?? "");
    const others = distractorsOf(q).map(len);
    if (others.every((l) => key > l)) longest++;
    if (others.every((l) => key < l)) shortest++;
    const mean = others.reduce((a, b) => a + b, 0) / (others.length || 1);
    keyLengthRatios.push({ id: q.id, ratio: mean ? key / mean : 1 });

    const abs = q.options.map(hasAbsolute);
    if (abs[q.correctIndex]) keysAbs++;
    distractorsAbs += abs.filter((a, i) => a && i !== q.correctIndex).length;
    // Each guesser chooses at random among the options its rule leaves (all four when it leaves none).
    const plain = q.options.map((_, i) => i).filter((i) => !abs[i]);
    const marked = q.options.map((_, i) => i).filter((i) => abs[i]);
    const strikeLeft = plain.length ? plain : q.options.map((_, i) => i);
    const pickLeft = marked.length ? marked : q.options.map((_, i) => i);
    if (strikeLeft.includes(q.correctIndex)) strike += 1 / strikeLeft.length;
    if (pickLeft.includes(q.correctIndex)) pick += 1 / pickLeft.length;
  }
  const distractorCount = bank.reduce((sum, q) => sum + q.options.length - 1, 0) || 1;
  return {
    questions: bank.length,
    longestShare: longest / n,
    shortestShare: shortest / n,
    keyLengthRatios,
    absoluteInKeys: keysAbs / n,
    absoluteInDistractors: distractorsAbs / distractorCount,
    guesserStrikingAbsolutes: strike / n,
    guesserPickingAbsolutes: pick / n,
  };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

/** The cues over the limits of BANK_RULES, as readable lines (empty = fine). */
export function cueProblems(cues: BankCues, rules = BANK_RULES): string[] {
  const problems: string[] = [];
  if (cues.longestShare > rules.maxLongestShare) {
    problems.push(`the right answer is the longest option in ${pct(cues.longestShare)} of the questions (over ${pct(rules.maxLongestShare)})`);
  }
  if (cues.shortestShare > rules.maxShortestShare) {
    problems.push(`the right answer is the shortest option in ${pct(cues.shortestShare)} of the questions (over ${pct(rules.maxShortestShare)})`);
  }
  const [low, high] = rules.keyLengthRatio;
  for (const { id, ratio } of cues.keyLengthRatios) {
    if (ratio < low || ratio > high) problems.push(`${id}: the key is ${ratio.toFixed(2)} times the mean length of its distractors (outside ${low}–${high.toFixed(2)})`);
  }
  for (const [name, score] of [
    ["strikes out", cues.guesserStrikingAbsolutes],
    ["picks", cues.guesserPickingAbsolutes],
  ] as const) {
    if (score > rules.maxGuesserScore) {
      problems.push(`a guesser who ${name} the options with an absolute word scores ${pct(score)} (over ${pct(rules.maxGuesserScore)})`);
    }
  }
  const gap = Math.abs(cues.absoluteInDistractors - cues.absoluteInKeys);
  if (gap > rules.maxAbsoluteShareGap) {
    problems.push(
      `absolute words in ${pct(cues.absoluteInDistractors)} of the distractors and ${pct(cues.absoluteInKeys)} of the keys (more than ${pct(rules.maxAbsoluteShareGap)} apart)`,
    );
  }
  return problems;
}

/** Everything wrong with a bank's structure, as readable lines (empty = fine). */
export function bankProblems(course: BankCourse, bank: readonly BankQuestion[], rules = BANK_RULES): string[] {
  const problems: string[] = [];
  const published = publishedLessons(course);
  const moduleOf = new Map(published.filter((p) => p.key).map((p) => [p.key!, p.module]));
  if (bank.length < rules.minQuestions) problems.push(`${bank.length} questions, fewer than ${rules.minQuestions}`);
  const ids = new Set<string>();
  for (const q of bank) {
    const at = `${course.slug} ${q.id}`;
    if (ids.has(q.id)) problems.push(`${at}: duplicate id`);
    ids.add(q.id);
    if (!q.prompt?.trim()) problems.push(`${at}: no prompt`);
    const normal = q.options.map((o) => o.replace(/\s+/g, " ").trim().toLowerCase());
    if (q.options.length !== 4 || new Set(normal).size !== 4 || normal.some((o) => !o)) problems.push(`${at}: options are not 4 distinct texts`);
    if (!Number.isInteger(q.correctIndex) || q.correctIndex < 0 || q.correctIndex > 3) problems.push(`${at}: correctIndex out of 0–3`);
    if ((q.explanation ?? "").trim().length < 20) problems.push(`${at}: no explanation`);
    if (!q.lesson) problems.push(`${at}: no lesson`);
    else if (!moduleOf.has(q.lesson)) problems.push(`${at}: lesson "${q.lesson}" is not a published lesson of ${course.slug}`);
    else if (q.module !== undefined && moduleOf.get(q.lesson) !== q.module) problems.push(`${at}: module ${q.module} but lesson "${q.lesson}" is in module ${moduleOf.get(q.lesson)}`);
    // Options are shuffled per attempt: one that points at another by position would lie.
    if (q.options.some((o) => /todas las anteriores|ninguna de las anteriores|\b[a-d] y [a-d]\b/i.test(o))) problems.push(`${at}: an option refers to others by position`);
  }
  const studyModules = new Set(published.map((p) => p.module));
  const covered = new Set(bank.map((q) => (q.lesson ? moduleOf.get(q.lesson) : undefined)));
  for (const m of studyModules) if (!covered.has(m)) problems.push(`module ${m} has no question`);
  return problems;
}

/**
 * A distractor counts as absurd when no real misconception stands behind it: each one names a belief of the
 * course's register (misconceptions.json) together with the words of a lesson that correct it, and those words
 * must be in that lesson's source. A belief that no lesson needs to correct is one nobody holds; a joke option
 * ("grabar un video para SAMU") has no entry to point to.
 */
export function misconceptionProblems(
  course: BankCourse,
  bank: readonly BankQuestion[],
  register: readonly Misconception[],
  sourceOf: (lesson: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  const byId = new Map<string, Misconception>();
  const published = new Set(publishedLessons(course).flatMap((p) => (p.key ? [p.key] : [])));
  for (const m of register) {
    if (byId.has(m.id)) problems.push(`misconception ${m.id}: duplicate id`);
    byId.set(m.id, m);
    if (!m.belief?.trim()) problems.push(`misconception ${m.id}: no belief`);
    const source = published.has(m.lesson) ? sourceOf(m.lesson) : undefined;
    if (source === undefined) problems.push(`misconception ${m.id}: "${m.lesson}" is not a published lesson with a Markdown source`);
    else if (!m.rebuttal?.trim() || !comparable(source).includes(comparable(m.rebuttal))) {
      problems.push(`misconception ${m.id}: lesson ${m.lesson} does not say "${m.rebuttal}"`);
    }
  }
  const used = new Set<string>();
  for (const q of bank) {
    const tags = q.misconceptions ?? [];
    q.options.forEach((_, i) => {
      const tag = tags[i];
      if (i === q.correctIndex) {
        if (tag != null) problems.push(`${q.id}: the key is tagged as a misconception`);
      } else if (!tag) {
        problems.push(`${q.id}: option ${i + 1} stands for no misconception (an absurd distractor)`);
      } else if (!byId.has(tag)) {
        problems.push(`${q.id}: option ${i + 1} names an unknown misconception "${tag}"`);
      } else used.add(tag);
    });
    if (tags.length !== q.options.length) problems.push(`${q.id}: ${tags.length} misconception tags for ${q.options.length} options`);
  }
  for (const id of byId.keys()) if (!used.has(id)) problems.push(`misconception ${id}: no distractor uses it`);
  return problems;
}

/** Text compared as it reads: no bold marks, one space between words, case ignored. */
function comparable(text: string): string {
  return text.normalize("NFC").replaceAll("**", "").replace(/\s+/g, " ").trim().toLowerCase();
}

function publishedLessons(course: BankCourse) {
  return course.modules.flatMap((m, mi) =>
    m.lessons.filter((l) => l.status === "published" && l.type !== "examen").map((l) => ({ key: lessonKey(l), module: mi + 1 })),
  );
}
