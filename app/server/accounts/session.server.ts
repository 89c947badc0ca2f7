// Who is asking: the signed-in user of a request, and the guards every loader and action calls.
import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { getAuth, getAuthSecret, SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "./auth.server";
import { secureCookies, signedSessionToken } from "./session-cookie.server";
import { preparedStatement } from "../platform/db/prepared.server";
import { companyManager, session, user } from "../platform/db/schema";
import { isAdmin, roleOf } from "~/domain/permissions";
import { scoped } from "../platform/http/request-scope.server";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  phone: string | null;
  address: string | null;
  /** Normalised RUT ('12345678-5') or null. */
  rut: string | null;
  /** Manages at least one company: the header links to the portal (docs/decisions.md E2). */
  managesCompanies: boolean;
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

function hasSessionCookie(request: Request) {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.get("cookie") ?? "");
}

/** The session, its user and whether they manage a company, in one prepared query. */
const sessionQuery = preparedStatement((database) =>
  database
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      banned: user.banned,
      phone: user.phone,
      address: user.address,
      rut: user.rut,
      // Asked here rather than by the root loader: one query less on every signed-in page.
      managesCompanies: sql<boolean>`exists (select 1 from ${companyManager} where ${companyManager.userId} = ${user.id})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("session_user"),
);

async function lookup(request: Request): Promise<SessionUser | null> {
  // Anonymous visitors carry no session cookie: answer without touching the database.
  if (!hasSessionCookie(request)) return null;
  const token = signedSessionToken(request.headers.get("cookie"), await getAuthSecret(), secureCookies());
  if (!token) return null;
  // Better Auth's getSession would read the session, then the user, through its endpoint machinery: about a
  // seventh of a signed-in page's CPU. The same two rows come from one prepared query here; the rows
  // are read on every request (no cookie cache), so a role change, a ban or a sign-out applies at once.
  const [row] = await sessionQuery().execute({ token });
  if (!row) return null;
  // The rare cases go through Better Auth, which does their bookkeeping: an expired session is refused and
  // deleted; once a day a live one is extended.
  const expired = row.expiresAt.getTime() <= Date.now();
  if (expired || row.expiresAt.getTime() - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= Date.now()) {
    const auth = await getAuth();
    if (!(await auth.api.getSession({ headers: request.headers })) || expired) return null;
  }
  if (row.banned) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row),
    phone: row.phone ?? null,
    address: row.address ?? null,
    rut: row.rut ?? null,
    managesCompanies: Boolean(row.managesCompanies),
  };
}

/** The signed-in user, or null. Looked up once per request (per Request object outside a request scope). */
export function getUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = scoped(`user:${request.headers.get("cookie") ?? ""}`, () => lookup(request));
    cache.set(request, pending);
  }
  return pending;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login");
}

/** The signed-in user; anonymous requests are redirected to /login. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** An admin; anonymous requests go to /login, other users to /dashboard. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw redirect("/dashboard");
  return user;
}
