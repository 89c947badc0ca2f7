// Who is asking: the signed-in user of a request, and the guards every loader and action calls.
import { redirect } from "react-router";
import { eq } from "drizzle-orm";
import { db } from "./db/client.server";
import { user as userTable } from "./db/schema";
import { getAuth } from "./auth.server";
import { isAdmin } from "~/domain/permissions";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  phone: string | null;
  address: string | null;
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

function hasSessionCookie(request: Request) {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.get("cookie") ?? "");
}

async function lookup(request: Request): Promise<SessionUser | null> {
  // Anonymous visitors carry no session cookie: answer without touching the database.
  if (!hasSessionCookie(request)) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  // Role and profile fields come from the database row, so a change applies on the next request.
  const [row] = await db().select().from(userTable).where(eq(userTable.id, result.user.id)).limit(1);
  if (!row || row.banned) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === "admin" ? "admin" : "user",
    phone: row.phone,
    address: row.address,
  };
}

/** The signed-in user, or null. Looked up once per request. */
export function getUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookup(request);
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
