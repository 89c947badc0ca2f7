// Who is asking: the signed-in user of a request, and the guards every loader and action calls.
import { redirect } from "react-router";
import { getAuth } from "./auth.server";
import { isAdmin } from "~/domain/permissions";
import { scoped } from "./request-scope.server";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  phone: string | null;
  address: string | null;
  /** Normalised RUT ('12345678-5') or null. */
  rut: string | null;
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
  // Better Auth read this row from the database just now (no cookie cache is configured), so a role
  // change, a ban or a new name applies on the very next request.
  const row = result.user as typeof result.user & { role?: string | null; banned?: boolean | null; phone?: string | null; address?: string | null; rut?: string | null };
  if (row.banned) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === "admin" ? "admin" : "user",
    phone: row.phone ?? null,
    address: row.address ?? null,
    rut: row.rut ?? null,
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
