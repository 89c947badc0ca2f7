// Waiting for a condition with a deadline instead of sleeping a fixed time.

export async function until(
  condition: () => Promise<boolean> | boolean,
  options: { timeoutMs: number; what: string; intervalMs?: number; describe?: () => string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${options.timeoutMs} ms waiting for ${options.what}${options.describe ? `\n${options.describe()}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}
