// Build requests the way a browser would send them, to call loaders and actions directly.
export const BASE = "http://localhost:3000";

export function formRequest(
  path: string,
  fields: Record<string, string | string[]>,
  init: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  }
  return new Request(BASE + path, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: BASE,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

export function getRequest(path: string, cookie?: string) {
  return new Request(BASE + path, { headers: cookie ? { cookie } : {} });
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: Response | Headers): string {
  const headers = response instanceof Response ? response.headers : response;
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
