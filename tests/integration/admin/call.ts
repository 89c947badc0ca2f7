// Calls a route module's loader or action the way React Router would, and normalises what comes back:
// a thrown or returned Response (redirects, files), data() with a status, or plain data.
type RouteFn = (args: never) => unknown;

export interface Outcome<T = unknown> {
  status: number;
  location: string | null;
  data: T;
  response: Response | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely-typed loader data
export async function call<T = any>(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await (fn as (args: unknown) => unknown)({ request, params, context: {} });
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit")) {
      result = error;
    } else throw error;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location"), data: undefined as T, response: result };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: T; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, location: null, data: r.data, response: null };
  }
  return { status: 200, location: null, data: result as T, response: null };
}

/** True for the guards' answers: a redirect to /login (anonymous) or /dashboard (not an admin). */
export function isRefused(o: Outcome) {
  return (o.status === 302 && /^\/(login|dashboard)/.test(o.location ?? "")) || o.status === 403;
}
