// Requests to Better Auth's endpoints and the cookies a browser would keep (route calls: ../support/call.ts).
import { BASE } from "../support/requests";

/** A JSON request to one of Better Auth's endpoints under /api/auth. */
export function apiRequest(path: string, body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return new Request(`${BASE}/api/auth${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "content-type": "application/json",
      origin: BASE,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

/** Merges the cookies a response sets into the cookie header a browser would send next. */
export function nextCookie(previous: string, headers: Headers): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("=")), c] as const),
  );
  for (const set of headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
