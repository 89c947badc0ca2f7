// `npm audit --omit=dev` gate: fails on high/critical vulnerabilities in production dependencies, except
// those listed in audit-exceptions.json with a written reason and a review date that has not passed.
// When the registry refuses the audit or cannot be reached (as on a machine without internet, or a registry
// mirror without the audit endpoint), nothing was checked: it says so in capitals and exits with code 3, never 0,
// so no caller can mistake it for a pass (.ci/run reports it as "not checked" and goes on).
//
// audit-exceptions.json: { "exceptions": { "<package>": { "reason": "…", "acceptedBy": "…",
//   "reviewBy": "YYYY-MM-DD", "advisories": ["GHSA-…"] } } }  ("advisories" optional: limits the
//   exception to those advisories, so a new one in the same package still fails.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
if (!report || report.error || !report.metadata) {
  const why = report?.error?.summary || report?.message || run.error?.message || "no answer";
  console.log(`npm audit: NOT CHECKED — the registry did not answer the audit (${String(why).split("\n")[0]}). No vulnerability check was made.`);
  process.exit(3);
}

function loadExceptions() {
  if (!fs.existsSync("audit-exceptions.json")) return {};
  const raw = JSON.parse(fs.readFileSync("audit-exceptions.json", "utf8"));
  // Older flat form: { "<package>": "reason" } or { "<package>": { reason } }.
  const entries = raw.exceptions ?? Object.fromEntries(Object.entries(raw).filter(([k]) => !k.startsWith("$")));
  const out = {};
  for (const [name, value] of Object.entries(entries)) out[name] = typeof value === "string" ? { reason: value } : value;
  return out;
}

const exceptions = loadExceptions();
const today = new Date().toISOString().slice(0, 10);
const advisoryIds = (v) =>
  (v.via ?? []).filter((x) => typeof x === "object").map((x) => String(x.url ?? x.source ?? "").split("/").pop());

function acceptedBecause(v) {
  const e = exceptions[v.name];
  if (!e) return null;
  if (!e.reason || !String(e.reason).trim()) return { ok: false, why: "exception without a written reason" };
  if (e.reviewBy && e.reviewBy < today) return { ok: false, why: `exception expired on ${e.reviewBy}` };
  if (Array.isArray(e.advisories) && e.advisories.length) {
    const unlisted = advisoryIds(v).filter((id) => id && !e.advisories.includes(id));
    if (unlisted.length) return { ok: false, why: `advisories not covered by the exception: ${unlisted.join(", ")}` };
  }
  return { ok: true, why: e.reason };
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === "high" || v.severity === "critical");
const blocking = [];
console.log(`npm audit (production): ${JSON.stringify(report.metadata.vulnerabilities)}`);
for (const v of serious) {
  const accepted = acceptedBecause(v);
  if (accepted?.ok) console.log(`  accepted ${v.severity}: ${v.name} (${v.range}) — ${accepted.why}`);
  else blocking.push({ v, why: accepted?.why ?? "no exception in audit-exceptions.json" });
}
for (const [name, e] of Object.entries(exceptions)) {
  if (!serious.some((v) => v.name === name)) console.log(`  note: the exception for ${name} no longer matches any advisory; remove it (${e.reason ?? ""})`);
}
if (blocking.length > 0) {
  for (const { v, why } of blocking) console.error(`  ${v.severity}: ${v.name} (${v.range}): ${why}`);
  console.error("High or critical vulnerabilities in production dependencies without a valid written exception.");
  process.exit(1);
}
