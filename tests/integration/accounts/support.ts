// Calls route loaders/actions the way React Router would and normalises the answer (Response or data()).
import { BASE } from "../support/requests";

type RouteFn = (args: never) => unknown;

export interface Outcome<T> {
  status: number;
  location: string | null;
  headers: Headers;
  data: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the route answered
export async function call<T = any>(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await (fn as (args: unknown) => unknown)({ request, params, context: {} });
  } catch (error) {
    if (error instanceof Response) result = error;
    else throw error;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    return { status: result.status, location: result.headers.get("location"), headers: result.headers, data: data as T };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: T; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, location: null, headers: new Headers(r.init?.headers), data: r.data };
  }
  return { status: 200, location: null, headers: new Headers(), data: result as T };
}

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
