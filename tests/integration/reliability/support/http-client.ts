// A browser's requests to the production server, as curl would send them: a form POST with the site's own
// Origin, a GET, each with a session cookie or none; redirects are not followed (the test reads them).
import type { BuiltServer } from "./built-server";

export interface HttpAnswer {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

async function answer(res: Response): Promise<HttpAnswer> {
  return { status: res.status, location: res.headers.get("location"), body: await res.text(), headers: res.headers };
}

export function httpClient(server: BuiltServer) {
  return {
    async get(path: string, cookie?: string): Promise<HttpAnswer> {
      return answer(await fetch(`${server.base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" }));
    },
    async post(path: string, fields: Record<string, string | string[]>, cookie?: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
      return answer(
        await fetch(`${server.base}${path}`, {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base, ...(cookie ? { cookie } : {}), ...headers },
          redirect: "manual",
        }),
      );
    },
    async postJson(path: string, json: unknown, cookie?: string): Promise<HttpAnswer> {
      return answer(
        await fetch(`${server.base}${path}`, {
          method: "POST",
          body: JSON.stringify(json),
          headers: { "content-type": "application/json", origin: server.base, ...(cookie ? { cookie } : {}) },
          redirect: "manual",
        }),
      );
    },
  };
}

/** The value of the first hidden or text input named `name` in a page. */
export function inputValue(html: string, name: string): string | null {
  const m = new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(html);
  const raw = m?.[1] ?? m?.[2];
  return raw === undefined ? null : raw.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
