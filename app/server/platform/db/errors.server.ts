// Database error codes the app reacts to, read the same way from postgres.js and PGlite (Drizzle wraps
// the driver's error in its own and keeps the original as `cause`).

function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the write; `constraint` narrows it to one index when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== "23505") return false;
  if (!constraint) return true;
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint_name?: unknown; constraint?: unknown }).constraint_name ?? (e as { constraint?: unknown }).constraint;
    if (name === constraint) return true;
    if (typeof (e as { message?: unknown }).message === "string" && (e as { message: string }).message.includes(constraint)) return true;
  }
  return false;
}
