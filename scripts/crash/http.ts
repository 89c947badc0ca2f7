// A browser as the crash test needs it: a cookie jar, the Origin header of a same-site form, urlencoded
// bodies, and redirects observed rather than followed (a redirect is how most actions say "done").

export class Unanswered extends Error {}

export interface Answer {
  status: number;
  location: string | null;
  body: string;
}

export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly timeoutMs = 30_000,
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Replaces the jar with a saved cookie header (to check that a session survived). */
  setCookieHeader(header: string) {
    this.cookies.clear();
    for (const part of header.split(/;\s*/)) {
      const i = part.indexOf("=");
      if (i > 0) this.cookies.set(part.slice(0, i), part.slice(i + 1));
    }
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair!.indexOf("=");
      if (i <= 0) continue;
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async send(path: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    let body: string;
    try {
      response = await fetch(this.base + path, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader, "user-agent": "academia-crashtest" },
      });
      body = await response.text();
    } catch (error) {
      // Connection refused or reset, or a timeout: the outcome of the request is unknown.
      throw new Unanswered(String(error));
    }
    this.remember(response);
    return { status: response.status, location: response.headers.get("location"), body };
  }

  get(path: string) {
    return this.send(path, { method: "GET" });
  }

  /**
   * What React Router's client does with JavaScript on: `<path>.data` single-fetch requests, which run
   * the action or loaders without rendering HTML. A redirect comes back as 202 with its target in the body;
   * it is reported here as `location`, like a document redirect.
   */
  async dataRequest(path: string, fields?: Record<string, string>): Promise<Answer> {
    const url = new URL(path, this.base);
    url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname}.data`;
    const target = url.pathname + url.search;
    const answer = fields ? await this.post(target, fields) : await this.get(target);
    if (answer.status === 202) {
      try {
        const flat = JSON.parse(answer.body) as unknown[];
        const root = flat[0] as Record<string, number>;
        const fieldsOf = Object.fromEntries(Object.entries(root).map(([k, v]) => [flat[Number(k.slice(1))], flat[v]]));
        if (typeof fieldsOf.redirect === "string") return { status: Number(fieldsOf.status ?? 302), location: fieldsOf.redirect, body: answer.body };
      } catch {
        // not a redirect: reported as it came
      }
    }
    return answer;
  }

  post(path: string, fields: Record<string, string>) {
    return this.send(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.base },
    });
  }
}
