// An exam's blueprint: how many questions each topic (or group of topics) must get in every draw, so that no
// attempt leaves out compressions or the AED by chance (with 10 of 55 questions drawn at random, 18 % of course 1's
// exams had no question on compressions). The blueprint is data beside the bank (content/courses/<slug>/blueprint.json),
// each question carries its topic. Pure: the random source is passed in, as in grading.ts.
import { z } from "zod";
import { shuffled, type RandomInt } from "./shuffle";

export interface BlueprintRule {
  /** The topics whose questions count for this rule. */
  topics: readonly string[];
  /** At least this many questions from them in every draw. */
  min: number;
}

export interface Blueprint {
  rules: readonly BlueprintRule[];
}

const topicSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** The blueprint as the catalogue file and the database hold it. */
export const blueprintSchema = z.object({
  rules: z.array(z.object({ topics: z.array(topicSchema).min(1), min: z.number().int().positive() })).min(1),
});

export interface TopicQuestion {
  id: number;
  /** None for a question no topic was given (e.g. one added in the course editor): it only fills free places. */
  topic?: string | null;
}

/**
 * What keeps a blueprint from being met by draws of `count` questions from `bank` (empty = every draw meets it):
 * a topic in two rules (their quotas would be ambiguous), minimums adding up to more than the draw, or a rule
 * with fewer questions than its minimum.
 */
export function blueprintProblems(blueprint: Blueprint, bank: readonly TopicQuestion[], count: number): string[] {
  const problems: string[] = [];
  const ruleOf = new Map<string, number>();
  blueprint.rules.forEach((rule, i) => {
    for (const t of rule.topics) {
      if (ruleOf.has(t)) problems.push(`topic "${t}" is in rules ${ruleOf.get(t)! + 1} and ${i + 1}`);
      else ruleOf.set(t, i);
    }
  });
  const total = blueprint.rules.reduce((sum, r) => sum + r.min, 0);
  if (total > count) problems.push(`the rules ask for ${total} questions in a draw of ${count}`);
  blueprint.rules.forEach((rule, i) => {
    const pool = bank.filter((q) => q.topic != null && rule.topics.includes(q.topic)).length;
    if (pool < rule.min) problems.push(`rule ${i + 1} (${rule.topics.join(", ")}) asks for ${rule.min} and the bank has ${pool}`);
  });
  if (bank.length < count) problems.push(`the bank has ${bank.length} questions, fewer than ${count}`);
  return problems;
}

/** Whether a set of drawn questions gives every rule at least its minimum. */
export function meetsBlueprint(drawn: readonly TopicQuestion[], blueprint: Blueprint): boolean {
  return blueprint.rules.every((rule) => drawn.filter((q) => q.topic != null && rule.topics.includes(q.topic)).length >= rule.min);
}

/**
 * Draws `count` distinct questions: first each rule's minimum from its topics, then the free places from every
 * question left, and the whole in random order (the order must not show which questions the rules chose). A rule
 * whose topics hold fewer questions than its minimum gets all of them (blueprintProblems names it): a bank edited by
 * hand still gives an exam rather than none. Null when the bank has fewer than `count` questions.
 */
export function drawByBlueprint<Q extends TopicQuestion>(bank: readonly Q[], blueprint: Blueprint | null, count: number, randomInt: RandomInt): Q[] | null {
  if (bank.length < count) return null;
  const taken = new Set<number>();
  const picked: Q[] = [];
  for (const rule of blueprint?.rules ?? []) {
    const pool = shuffled(
      bank.filter((q) => !taken.has(q.id) && q.topic != null && rule.topics.includes(q.topic)),
      randomInt,
    );
    for (const q of pool.slice(0, Math.min(rule.min, count - picked.length))) {
      taken.add(q.id);
      picked.push(q);
    }
  }
  const rest = shuffled(
    bank.filter((q) => !taken.has(q.id)),
    randomInt,
  );
  picked.push(...rest.slice(0, count - picked.length));
  return shuffled(picked, randomInt);
}
