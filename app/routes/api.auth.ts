// Better Auth's HTTP endpoints, limited to the ones the academy uses. Everything else Better Auth offers
// (admin/*, update-user, change-email, delete-user, get-session…) is reached only through the app's own
// loaders and actions, which apply the app's rules, so it answers 404 here. get-session in particular
// would hand the session token to page JavaScript; no page needs it.
// The limits and input rules of the endpoints that remain live in Better Auth's hooks (auth-hooks.server.ts),
// which see every body whatever its encoding.
import type { Route } from "./+types/api.auth";
import { getAuth } from "~/server/accounts/auth.server";
import { withLimitedBody } from "~/server/platform/http/request-body.server";
import { PASSWORD_BUSY_RETRY_AFTER_S, PasswordWorkBusy, withPasswordTurn } from "~/server/accounts/password-gate.server";
import { accountMessages } from "~/domain/account-messages";

const PREFIX = "/api/auth";
const ALLOWED: ReadonlyArray<readonly [string, RegExp]> = [
  ["GET", /^\/ok$/],
  ["POST", /^\/sign-up\/email$/],
  ["POST", /^\/sign-in\/email$/],
  ["POST", /^\/sign-out$/],
  ["POST", /^\/request-password-reset$/],
  // The link in the reset e-mail: checks the token and redirects to /restablecer-contrasena/nueva?token=…
  ["GET", /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/],
  ["POST", /^\/reset-password$/],
];
/** The endpoints that check or set a password: one turn each at the password gate (password-gate.server.ts). */
const PASSWORD_WORK = /^\/(?:sign-up\/email|sign-in\/email|reset-password)$/;

function allowed(request: Request) {
  const path = new URL(request.url).pathname.slice(PREFIX.length);
  const method = request.method === "HEAD" ? "GET" : request.method;
  return ALLOWED.some(([m, pattern]) => m === method && pattern.test(path));
}

const notFound = () => Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 });

/**
 * Better Auth answers a sign-in or sign-up with the session token in its JSON as well as in the HttpOnly cookie;
 * no page needs it, and a body is readable by any script on the page: the field is dropped.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers });
  }
  if (!body || typeof body !== "object" || !("token" in body)) return new Response(text, { status: response.status, headers });
  const { token: _token, ...rest } = body as Record<string, unknown>;
  return new Response(JSON.stringify(rest), { status: response.status, headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!allowed(request)) return notFound();
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  if (!allowed(request)) return notFound();
  // Better Auth reads the whole body: give it one read within the API's limit.
  const limited = await withLimitedBody(request, "api");
  if (!(limited instanceof Request)) return Response.json({ code: "INVALID_BODY", message: limited.message }, { status: limited.status, headers: { Connection: "close" } });
  const auth = await getAuth();
  if (!PASSWORD_WORK.test(new URL(request.url).pathname.slice(PREFIX.length))) return auth.handler(limited);
  try {
    return withoutSessionToken(await withPasswordTurn(() => auth.handler(limited)));
  } catch (error) {
    if (!(error instanceof PasswordWorkBusy)) throw error;
    return Response.json({ code: "TOO_BUSY", message: accountMessages.busy }, { status: 503, headers: { "Retry-After": String(PASSWORD_BUSY_RETRY_AFTER_S) } });
  }
}
