// Better Auth's HTTP endpoints, limited to the ones the academy uses. Everything else Better Auth offers
// (admin/*, update-user, change-email, delete-user, get-session…) is reached only through the app's own
// loaders and actions, which apply the app's rules, so it answers 404 here. get-session in particular
// would hand the session token to page JavaScript; no page needs it.
// The limits and input rules of the endpoints that remain live in Better Auth's hooks (auth-hooks.server.ts),
// which see every body whatever its encoding.
import type { Route } from "./+types/api.auth";
import { getAuth } from "~/server/auth.server";
import { withLimitedBody } from "~/server/request-body.server";

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

function allowed(request: Request) {
  const path = new URL(request.url).pathname.slice(PREFIX.length);
  const method = request.method === "HEAD" ? "GET" : request.method;
  return ALLOWED.some(([m, pattern]) => m === method && pattern.test(path));
}

const notFound = () => Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 });

export async function loader({ request }: Route.LoaderArgs) {
  if (!allowed(request)) return notFound();
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  if (!allowed(request)) return notFound();
  // Better Auth reads the whole body: give it one read within the API's limit.
  const limited = await withLimitedBody(request, "api");
  if (!(limited instanceof Request)) return Response.json({ code: "INVALID_BODY", message: limited.message }, { status: limited.status, headers: { Connection: "close" } });
  return (await getAuth()).handler(limited);
}
