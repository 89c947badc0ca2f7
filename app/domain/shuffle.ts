// Random order for the exam draw (grading.ts, exam-blueprint.ts): the random source is passed in, so the server
// uses a cryptographic one and tests a fixed one.

/** randomInt(n) returns an integer in [0, n). */
export type RandomInt = (n: number) => number;

/** A new array with the items in random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
