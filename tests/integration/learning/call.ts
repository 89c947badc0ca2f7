// Calls a route module's loader or action as React Router would and normalises the answer:
// a thrown or returned Response (redirects, files), data() with a status, or plain data.
export interface Outcome<T = unknown> {
  status: number;
  location: string | null;
  data: T;
  response: Response | null;
}

// Tests read loader data loosely (the assertions check its shape).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export async function call<T = Loose>(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await (fn as (args: unknown) => unknown)({ request, params, context: {} });
  } catch (error) {
    if (error instanceof Response) result = error;
    else throw error;
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
