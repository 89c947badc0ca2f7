// The exam's blueprint (app/domain/exam-blueprint.ts): every draw gives each rule at least its minimum, whatever the
// bank and the random source; and the built-in courses' blueprints (content/courses/*/blueprint.json) fit their banks.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { blueprintProblems, blueprintSchema, drawByBlueprint, meetsBlueprint, type Blueprint, type TopicQuestion } from "~/domain/exam-blueprint";
import { drawExam, EXAM_QUESTION_COUNT } from "~/domain/grading";

const TOPICS = ["compresiones", "dea", "atragantamiento", "reconocer", "escena", "especiales"] as const;

/** A bank of 10 to 80 questions, some without a topic, and a blueprint over disjoint groups of those topics. */
const bankAndBlueprint = fc
  .record({
    topics: fc.array(fc.option(fc.constantFrom(...TOPICS), { nil: null, freq: 6 }), { minLength: 10, maxLength: 80 }),
    groups: fc.shuffledSubarray([...TOPICS], { minLength: 1 }).chain((chosen) =>
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: chosen.length, maxLength: chosen.length }).map((mins) =>
        // split the chosen topics into groups of one or two, each with a minimum
        chosen.reduce<{ topics: string[]; min: number }[]>((rules, t, i) => {
          if (i % 2 === 1 && rules.length) rules[rules.length - 1]!.topics.push(t);
          else rules.push({ topics: [t], min: mins[i]! });
          return rules;
        }, []),
      ),
    ),
    count: fc.integer({ min: 5, max: 12 }),
    seq: fc.array(fc.nat(), { minLength: 50, maxLength: 200 }),
  })
  .map(({ topics, groups, count, seq }) => ({
    bank: topics.map((topic, i): TopicQuestion => ({ id: i + 1, topic })),
    blueprint: { rules: groups } as Blueprint,
    count,
    seq,
  }));

const randomFrom = (seq: readonly number[]) => {
  let k = 0;
  return (n: number) => seq[k++ % seq.length]! % n;
};

describe("sorteo por pauta (blueprint)", () => {
  it("cada sorteo cumple la pauta cuando el banco alcanza para ella", () => {
    fc.assert(
      fc.property(bankAndBlueprint, ({ bank, blueprint, count, seq }) => {
        fc.pre(blueprintProblems(blueprint, bank, count).length === 0);
        const drawn = drawByBlueprint(bank, blueprint, count, randomFrom(seq))!;
        expect(drawn).toHaveLength(count);
        expect(new Set(drawn.map((q) => q.id)).size).toBe(count);
        for (const q of drawn) expect(bank).toContain(q);
        expect(meetsBlueprint(drawn, blueprint)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("con un banco que no alcanza para una regla, da igual un examen completo con todo lo que hay de ese tema", () => {
    fc.assert(
      fc.property(bankAndBlueprint, ({ bank, blueprint, count, seq }) => {
        fc.pre(bank.length >= count);
        const drawn = drawByBlueprint(bank, blueprint, count, randomFrom(seq))!;
        expect(new Set(drawn.map((q) => q.id)).size).toBe(count);
        // Every rule gets its minimum, or every question of its topics that the earlier rules left.
        const taken = new Set<number>();
        for (const rule of blueprint.rules) {
          const pool = bank.filter((q) => q.topic != null && rule.topics.includes(q.topic) && !taken.has(q.id));
          const got = drawn.filter((q) => q.topic != null && rule.topics.includes(q.topic)).length;
          expect(got).toBeGreaterThanOrEqual(Math.min(rule.min, pool.length, count - taken.size));
          pool.slice(0, rule.min).forEach((q) => taken.add(q.id));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("sin pauta, o con un banco menor que el examen, se comporta como el sorteo de siempre", () => {
    const bank = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, topic: null }));
    expect(drawByBlueprint(bank, null, 10, (n) => Math.floor(Math.random() * n))).toHaveLength(10);
    expect(drawByBlueprint(bank.slice(0, 9), null, 10, (n) => Math.floor(Math.random() * n))).toBeNull();
  });

  it("el orden de las preguntas no delata cuáles eligió la pauta", () => {
    const bank: TopicQuestion[] = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, topic: i < 4 ? "compresiones" : null }));
    const blueprint: Blueprint = { rules: [{ topics: ["compresiones"], min: 2 }] };
    const firstIsRule = Array.from({ length: 400 }, () => drawByBlueprint(bank, blueprint, 10, (n) => Math.floor(Math.random() * n))![0]!.topic);
    const share = firstIsRule.filter((t) => t === "compresiones").length / firstIsRule.length;
    // 2 (rarely 3 or 4) of 10 questions are from the rule: about a fifth should come first, not all of them.
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.4);
  });

  it("nombra lo que impide cumplir una pauta", () => {
    const bank: TopicQuestion[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, topic: i < 1 ? "dea" : "compresiones" }));
    const problems = blueprintProblems(
      {
        rules: [
          { topics: ["compresiones"], min: 8 },
          { topics: ["dea", "compresiones"], min: 2 },
          { topics: ["atragantamiento"], min: 1 },
        ],
      },
      bank,
      10,
    ).join("\n");
    expect(problems).toMatch(/topic "compresiones" is in rules 1 and 2/);
    expect(problems).toMatch(/the rules ask for 11 questions in a draw of 10/);
    expect(problems).toMatch(/rule 3 \(atragantamiento\) asks for 1 and the bank has 0/);
    expect(blueprintProblems({ rules: [{ topics: ["dea"], min: 1 }] }, bank.slice(0, 5), 10).join()).toMatch(/fewer than 10/);
  });

  it("drawExam sortea por la pauta y baraja las alternativas", () => {
    const bank = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, optionCount: 4, topic: i < 3 ? "dea" : null }));
    for (let run = 0; run < 50; run++) {
      const exam = drawExam(bank, (n) => Math.floor(Math.random() * n), 10, { rules: [{ topics: ["dea"], min: 2 }] })!;
      expect(exam.questionIds.filter((id) => id <= 3).length).toBeGreaterThanOrEqual(2);
      for (const order of exam.optionOrder) expect([...order].sort()).toEqual([0, 1, 2, 3]);
    }
  });
});

describe("pautas de los cursos del catálogo", () => {
  const COURSES = path.resolve(import.meta.dirname, "../../content/courses");
  const withBank = readdirSync(COURSES).filter((slug) => existsSync(path.join(COURSES, slug, "questions.json")));

  it("cada curso con banco tiene una pauta", () => {
    expect(withBank.length).toBeGreaterThanOrEqual(2);
    for (const slug of withBank) expect(existsSync(path.join(COURSES, slug, "blueprint.json")), slug).toBe(true);
  });

  for (const slug of withBank) {
    const read = (name: string) => JSON.parse(readFileSync(path.join(COURSES, slug, name), "utf8")) as unknown;
    const file = read("blueprint.json") as Blueprint & { topics: Record<string, string> };
    const questions = read("questions.json") as { id: string; topic?: string }[];
    const bank: TopicQuestion[] = questions.map((q, i) => ({ id: i + 1, topic: q.topic ?? null }));

    it(`${slug}: la pauta es válida y el banco alcanza para cumplirla en cada examen de ${EXAM_QUESTION_COUNT}`, () => {
      expect(blueprintSchema.safeParse(file).success).toBe(true);
      expect(blueprintProblems(file, bank, EXAM_QUESTION_COUNT)).toEqual([]);
    });

    it(`${slug}: cada pregunta tiene un tema declarado, y cada tema tiene preguntas`, () => {
      const declared = new Set(Object.keys(file.topics));
      for (const q of questions) expect(declared.has(q.topic ?? ""), `${q.id}: ${q.topic}`).toBe(true);
      const used = new Set(questions.map((q) => q.topic));
      for (const t of declared) expect(used.has(t), t).toBe(true);
      for (const rule of file.rules) for (const t of rule.topics) expect(declared.has(t), t).toBe(true);
    });

    it(`${slug}: ningún examen sorteado queda sin las preguntas que pide la pauta`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 100, maxLength: 100 }), (seq) => {
          const drawn = drawByBlueprint(bank, file, EXAM_QUESTION_COUNT, randomFrom(seq))!;
          expect(meetsBlueprint(drawn, file)).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("curso 1: al menos 2 de compresiones, 2 del DEA y 1 de atragantamiento", () => {
    const file = JSON.parse(readFileSync(path.join(COURSES, "rcp-solo-compresiones", "blueprint.json"), "utf8")) as Blueprint;
    const min = (topic: string) => file.rules.find((r) => r.topics.length === 1 && r.topics[0] === topic)?.min ?? 0;
    expect(min("compresiones")).toBeGreaterThanOrEqual(2);
    expect(min("dea")).toBeGreaterThanOrEqual(2);
    expect(min("atragantamiento")).toBeGreaterThanOrEqual(1);
  });
});
