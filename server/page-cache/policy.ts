// Which requests the anonymous page cache may answer, under which key, which responses it may keep, and which
// encoding a visitor gets: pure rules (tested in tests/unit/page-cache.test.ts), read by server/page-cache.ts.
/** Public pages whose HTML does not depend on who asks (when nobody is signed in). */
const PUBLIC_PATH = /^\/(?:|nosotros|cursos|cursos\/\d{1,9}|contacto|sitemap\.xml|robots\.txt)$/;
/** React Router single-fetch data requests of the same pages (`/_root.data` is the home page). */
const PUBLIC_DATA_PATH = /^\/(?:_root|nosotros|cursos|cursos\/\d{1,9}|contacto)\.data$/;

const ALLOWED_QUERY = new Set(["categoria"]);
const ALLOWED_DATA_QUERY = new Set(["categoria", "_routes"]);

/** Headers that belong to one transfer, not to the page. */
export const TRANSFER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "set-cookie",
]);

export type CacheOutcome = "HIT" | "STALE" | "MISS" | "BYPASS";

/** True when the request may be answered from (or fill) the cache. Pure, for tests and reuse. */
export function isCacheableRequest(method: string, url: string, headers: Record<string, string | string[] | undefined>) {
  if (method !== "GET" && method !== "HEAD") return false;
  if (headers.cookie) return false;
  if (headers.authorization) return false;
  return cacheKeyFor(url) !== null;
}

/** The cache key (normalised path + allowed query), or null when the URL is not a public page. */
export function cacheKeyFor(url: string): string | null {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const isData = PUBLIC_DATA_PATH.test(path);
  if (!isData && !PUBLIC_PATH.test(path)) return null;
  if (q === -1 || q === url.length - 1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const allowed = isData ? ALLOWED_DATA_QUERY : ALLOWED_QUERY;
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (!allowed.has(key) || seen.has(key)) return null;
    seen.add(key);
  }
  params.sort();
  return `${path}?${params.toString()}`;
}

/** True when a finished response may be stored. Pure, for tests and reuse. */
export function isCacheableResponse(status: number, headers: Record<string, unknown>) {
  if (status !== 200) return false;
  if (headers["set-cookie"] !== undefined) return false;
  const cacheControl = String(headers["cache-control"] ?? "").toLowerCase();
  if (/\b(?:private|no-store)\b/.test(cacheControl)) return false;
  return true;
}

export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accept = (acceptEncoding ?? "").toLowerCase();
  // q=0 means "not acceptable"; anything else listed is fine.
  const accepts = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q\\s*=\\s*(?!0(?:\\.0+)?\\s*(?:,|$))[0-9.]+)?\\s*(?:,|$)`).test(accept);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

