// Calls a route module's loader or action the way React Router would, and normalises what comes back: a thrown
// or returned Response (redirects, files), data() with a status, or plain data. Anything else thrown is what a
// visitor would get as a 500: it propagates.
type RouteFn = (args: never) => unknown;

export interface Outcome<T = unknown> {
  status: number;
  location: string | null;
  headers: Headers;
  /** data() or plain data; for a Response, its body as JSON or text with callAndRead(), undefined with call(). */
  data: T;
  /** The Response itself, unread (call() only). */
  response: Response | null;
}

// Tests read loader data loosely (the assertions check its shape).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

const isData = (value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } =>
  !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";

export async function call<T = Loose>(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await (fn as (args: unknown) => unknown)({ request, params, context: {} });
  } catch (error) {
    if (error instanceof Response || isData(error)) result = error;
    else throw error;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location"), headers: result.headers, data: undefined as T, response: result };
  }
  if (isData(result)) {
    return { status: result.init?.status ?? 200, location: null, headers: new Headers(result.init?.headers), data: result.data as T, response: null };
  }
  return { status: 200, location: null, headers: new Headers(), data: result as T, response: null };
}

/** call(), with a Response's body read into `data` (parsed when it is JSON). */
export async function callAndRead<T = Loose>(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Outcome<T>> {
  const outcome = await call<T>(fn, request, params);
  if (!outcome.response) return outcome;
  const text = await outcome.response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  return { ...outcome, data: data as T, response: null };
}

/** True for the guards' answers: a redirect to /login (anonymous) or /dashboard (not an admin), or a 403. */
export function isRefused(o: Outcome) {
  return (o.status === 302 && /^\/(login|dashboard)/.test(o.location ?? "")) || o.status === 403;
}
