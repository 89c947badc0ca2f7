// Memory that lives as long as one HTTP request, shared by every loader of that request.
//
// Why: React Router hands each loader of a page its own Request object, so a cache keyed by the
// Request (session.server.ts) looked the session up once per loader — three times for /dashboard,
// three Better Auth calls and nine queries. server/app.ts opens a scope around each GET/HEAD; reads
// (never writes) can then share what an earlier loader of the same request found. Actions run
// outside any scope: what they change must be seen by the loaders that follow them.
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<Map<string, unknown>>();

/** Set by the Express layer on a request for a whole page, as opposed to a navigation's `.data` request. */
export const DOCUMENT_REQUEST = "document-request";

/** Runs `fn` in a fresh request scope, holding `values` from the start. */
export function withRequestScope<T>(fn: () => T, values: Record<string, unknown> = {}): T {
  return storage.run(new Map(Object.entries(values)), fn);
}

/** This request's scope, or undefined outside one. */
export function requestScope(): Map<string, unknown> | undefined {
  return storage.getStore();
}

/** The value `key` holds in this request's scope, computed once; outside a scope, computed each time. */
export function scoped<T>(key: string, compute: () => T): T {
  const scope = storage.getStore();
  if (!scope) return compute();
  if (!scope.has(key)) scope.set(key, compute());
  return scope.get(key) as T;
}
