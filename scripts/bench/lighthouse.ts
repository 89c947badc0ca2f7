// Lighthouse (mobile preset) on the public pages. Lighthouse needs Node 22+: the bench installs
// node@22 and lighthouse from the npm registry into bench/.cache (gitignored) once, and uses
// Debian's Chromium. When anything is missing it says why and the bench goes on.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fmt, log, table } from "./util";

export const LIGHTHOUSE_PATHS = ["/", "/cursos", "/cursos/1", "/login"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseRow {
  path: string;
  scores?: Record<(typeof CATEGORIES)[number], number>;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  failing?: string[];
  error?: string;
}

export interface LighthouseResult {
  skipped?: string;
  rows: LighthouseRow[];
  version?: string;
}

function chromePath() {
  const candidates = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((p) => p && fs.existsSync(p));
}

/** node@22 + lighthouse in bench/.cache; returns the commands or why they are unavailable. */
function ensureTools(root: string): { node: string; cli: string } | string {
  const cache = path.join(root, "bench", ".cache", "lighthouse");
  const node = path.join(cache, "node_modules", "node", "bin", "node");
  const cli = path.join(cache, "node_modules", "lighthouse", "cli", "index.js");
  const works = () => fs.existsSync(cli) && spawnSync(node, ["-v"], { encoding: "utf8" }).stdout?.startsWith("v2");
  if (!works()) {
    log("installing node@22 and lighthouse@12 into bench/.cache (once) …");
    fs.mkdirSync(cache, { recursive: true });
    if (!fs.existsSync(path.join(cache, "package.json"))) fs.writeFileSync(path.join(cache, "package.json"), '{ "private": true }\n');
    const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "node@22", "lighthouse@12"], {
      cwd: cache,
      encoding: "utf8",
      timeout: 8 * 60_000,
    });
    if (r.status !== 0 || !works()) return `could not install node@22/lighthouse from the npm registry: ${(r.stderr || r.error?.message || "").trim().slice(-500)}`;
  }
  return { node, cli };
}

export function runLighthouse(root: string, base: string, workDir: string): LighthouseResult {
  const chrome = chromePath();
  if (!chrome) return { skipped: "no Chromium found (apt-get install -y chromium, or set CHROME_PATH)", rows: [] };
  const tools = ensureTools(root);
  if (typeof tools === "string") return { skipped: tools, rows: [] };
  const version = spawnSync(tools.node, [tools.cli, "--version"], { encoding: "utf8" }).stdout.trim();
  const rows: LighthouseRow[] = [];
  for (const p of LIGHTHOUSE_PATHS) {
    log(`lighthouse ${p} …`);
    const out = path.join(workDir, `lighthouse-${p === "/" ? "inicio" : p.slice(1).replace(/\//g, "-")}.json`);
    const r = spawnSync(
      tools.node,
      [
        tools.cli,
        base + p,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
        "--max-wait-for-load=30000",
      ],
      { encoding: "utf8", env: { ...process.env, CHROME_PATH: chrome }, timeout: 150_000 },
    );
    if (r.status !== 0 || !fs.existsSync(out)) {
      rows.push({ path: p, error: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n").slice(-3).join(" ") });
      continue;
    }
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories?.[c]?.score ?? 0) * 100)])) as LighthouseRow["scores"];
    // The audits that cost points (other than the timing metrics), to say what would close a gap.
    const failing: string[] = [];
    for (const c of CATEGORIES) {
      for (const ref of report.categories?.[c]?.auditRefs ?? []) {
        const audit = report.audits?.[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative") {
          failing.push(`${c}: ${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        }
      }
    }
    rows.push({
      path: p,
      scores,
      lcpMs: Math.round(report.audits?.["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(report.audits?.["total-blocking-time"]?.numericValue ?? NaN),
      cls: Math.round((report.audits?.["cumulative-layout-shift"]?.numericValue ?? NaN) * 1000) / 1000,
      failing,
    });
  }
  return { rows, version };
}

export function lighthouseMarkdown(result: LighthouseResult) {
  if (result.skipped) return `Lighthouse did not run: ${result.skipped}`;
  const ok = (r: LighthouseRow) =>
    r.scores && r.scores.performance >= 95 && r.scores.accessibility === 100 && r.scores["best-practices"] === 100 && r.scores.seo === 100;
  const lines = [
    `Lighthouse ${result.version ?? ""}, mobile preset (simulated throttling). Budget: performance ≥ 95; accessibility, best practices, SEO 100.`,
    "",
    table(
      ["page", "performance", "accessibility", "best practices", "SEO", "LCP ms", "TBT ms", "CLS", "budget"],
      result.rows.map((r) =>
        r.error
          ? [r.path, "error", "", "", "", "", "", "", r.error.slice(0, 120)]
          : [
              r.path,
              String(r.scores!.performance),
              String(r.scores!.accessibility),
              String(r.scores!["best-practices"]),
              String(r.scores!.seo),
              fmt(r.lcpMs, 0),
              fmt(r.tbtMs, 0),
              fmt(r.cls, 3),
              ok(r) ? "ok" : "**missed**",
            ],
      ),
    ),
  ];
  const notes = result.rows.filter((r) => r.failing && r.failing.length > 0);
  if (notes.length) {
    lines.push("", "Audits that cost points:");
    for (const r of notes) lines.push(`- ${r.path}: ${r.failing!.slice(0, 8).join("; ")}`);
  }
  return lines.join("\n");
}
