// While the database is unreachable, every page, form post, client-side navigation and API call answers
// 503 with a Spanish message (the root error boundary shows it in the site's layout) and Retry-After —
// never a 500 or a stack trace, and no action runs, so nothing is half-written. Anonymous public pages are
// still served from the page cache (server/page-cache.ts serves its last good copy when a render fails).
// These run as root route middleware (app/root.tsx), before any loader or action.
import { data, type MiddlewareFunction } from "react-router";
import { serviceUnavailable } from "~/domain/service-messages";
import { checkDatabase, isDatabaseAvailable } from "../db/availability.server";

function unavailable() {
  return data(serviceUnavailable.message, { status: 503, statusText: "Service Unavailable" });
}

/** The error page React Router renders for a 503 thrown below gets its Retry-After here. */
const retryAfter: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !isDatabaseAvailable()) {
    response.headers.set("Retry-After", String(serviceUnavailable.retryAfterSeconds));
  }
  return response;
};

const refuseWhileUnavailable: MiddlewareFunction<Response> = async (_args, next) => {
  // A known outage: answer at once, without touching the database.
  if (!isDatabaseAvailable()) throw unavailable();
  const response = await next();
  // A request failed while the database was thought up: if the database is what failed (its ping fails
  // too), the visitor reads that the service is down, not that something unexpected happened.
  if (response.status >= 500 && !(await checkDatabase())) {
    await response.body?.cancel().catch(() => {});
    throw unavailable();
  }
  return response;
};

export const serviceUnavailableMiddleware = [retryAfter, refuseWhileUnavailable];
