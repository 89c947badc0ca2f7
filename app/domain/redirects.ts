// Where the academy may send a browser back to: a path on this site, never another site. One rule for
// every return path (after signing in, after a failed enrolment…).
//
// The value is normalised first (as the browser will: dot segments, repeated slashes) and checked after:
// `/.//evil.com` normalises to `//evil.com`, which a browser reads as another host.
const BASE = "http://academia.invalid";

/** The normalised local path (path + query + hash), or null when the value could lead off the site. */
export function safeLocalPath(value: unknown, maxLength = 2000): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > maxLength) return null;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || value.includes("\\") || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  // A path that starts with two slashes (or a slash and a backslash) is another host to a browser.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
