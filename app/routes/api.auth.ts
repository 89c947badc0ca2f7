// Better Auth's HTTP endpoints, limited to the ones the academy uses. Everything else Better Auth offers
// (admin/*, update-user, change-email, delete-user…) is reached only through the app's own actions, which
// apply the app's rules, so it answers 404 here.
import { isValidEmail } from "~/domain/account-forms";
import { accountMessages as M } from "~/domain/account-messages";
import type { Route } from "./+types/api.auth";
import { getAuth } from "~/server/auth.server";
import { clientIp, withLoginLimit } from "~/server/login-limit.server";

const PREFIX = "/api/auth";
const ALLOWED: ReadonlyArray<readonly [string, RegExp]> = [
  ["GET", /^\/ok$/],
  ["GET", /^\/get-session$/],
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
  const auth = await getAuth();
  if (new URL(request.url).pathname !== `${PREFIX}/sign-in/email`) return auth.handler(request);

  // Signing in straight through the API counts toward the same failure limit as the login form.
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null;
  // Not an e-mail address: Better Auth refuses it (400) without checking any password.
  if (!isValidEmail(body?.email)) return auth.handler(request);
  const email = (body!.email as string).trim().toLowerCase();
  const limited = await withLoginLimit({ email, ip: clientIp(request) }, async () => {
    const response = await auth.handler(request);
    const outcome = response.ok ? "success" : response.status === 401 ? "failure" : "other";
    return { outcome, value: response } as const;
  });
  if (limited.blocked) return Response.json({ code: "TOO_MANY_REQUESTS", message: M.tooManyRequests }, { status: 429 });
  return limited.value;
}
