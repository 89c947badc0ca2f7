#!/usr/bin/env node
// What a public page makes the browser download before it is interactive, gzip-compressed:
// the JavaScript (entry + root + route chunks and everything they import, plus the route manifest)
// and the CSS. Budgets: 120 KB of JavaScript and 20 KB of CSS per page.
//
//   node scripts/check-budgets.mjs <buildDir> [--json]
//
// Reads React Router's browser manifest (<buildDir>/client/assets/manifest-*.js), which lists for
// each route its module, the chunks it imports and its CSS, exactly as the server puts them in
// <link rel="modulepreload"> / <link rel="stylesheet"> tags. Exits 1 when a page is over budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

export const BUDGET_JS_KB = 120;
export const BUDGET_CSS_KB = 20;
export const PUBLIC_PAGES = ["/", "/nosotros", "/cursos", "/cursos/:id", "/contacto", "/login", "/registro"];

function readManifest(buildDir) {
  const assets = path.join(buildDir, "client", "assets");
  if (!fs.existsSync(assets)) throw new Error(`No client build in ${assets}: build first (BUILD_DIR=${buildDir} npx react-router build).`);
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest (manifest-*.js) in ${assets}.`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json), manifestUrl: `/assets/${file}` };
}

/** The chain of routes (root first) that renders a URL pattern such as "/cursos/:id". */
function routeChain(routes, pattern) {
  const fullPath = (route) => {
    const parts = [];
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
    return "/" + parts.join("/").replace(/^\/+/, "");
  };
  const leaf = Object.values(routes).find((r) => {
    if (r.id === "root") return false;
    // A layout with a path matches only through its index child.
    const hasIndexChild = Object.values(routes).some((c) => c.parentId === r.id && c.index);
    return fullPath(r) === pattern && (r.index || (r.path && !hasIndexChild));
  });
  if (!leaf) return null;
  const chain = [];
  for (let r = leaf; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
  return chain;
}

const gzipCache = new Map();
function gzipSize(buildDir, url) {
  if (!gzipCache.has(url)) {
    const file = path.join(buildDir, "client", url.replace(/^\//, ""));
    gzipCache.set(url, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0);
  }
  return gzipCache.get(url);
}

export function measure(buildDir) {
  const { manifest, manifestUrl } = readManifest(buildDir);
  const rows = [];
  for (const page of PUBLIC_PAGES) {
    const chain = routeChain(manifest.routes, page);
    if (!chain) {
      rows.push({ page, missing: true, jsKb: 0, cssKb: 0, jsFiles: 0, cssFiles: 0, ok: true });
      continue;
    }
    const js = new Set([manifestUrl, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    const css = new Set(manifest.entry.css ?? []);
    for (const route of chain) {
      for (const key of ["module", "clientActionModule", "clientLoaderModule", "clientMiddlewareModule", "hydrateFallbackModule"]) {
        if (route[key]) js.add(route[key]);
      }
      for (const url of route.imports ?? []) js.add(url);
      for (const url of route.css ?? []) css.add(url);
    }
    const jsBytes = [...js].reduce((sum, url) => sum + gzipSize(buildDir, url), 0);
    const cssBytes = [...css].reduce((sum, url) => sum + gzipSize(buildDir, url), 0);
    const jsKb = jsBytes / 1024;
    const cssKb = cssBytes / 1024;
    rows.push({
      page,
      routes: chain.map((r) => r.id),
      jsFiles: js.size,
      cssFiles: css.size,
      jsKb: Math.round(jsKb * 100) / 100,
      cssKb: Math.round(cssKb * 100) / 100,
      // Compared after rounding to what is printed, so a page shown as over budget is over budget.
      ok: Math.round(jsKb * 100) / 100 <= BUDGET_JS_KB && Math.round(cssKb * 100) / 100 <= BUDGET_CSS_KB,
    });
  }
  return { budgets: { jsKb: BUDGET_JS_KB, cssKb: BUDGET_CSS_KB }, rows, ok: rows.every((r) => r.ok) };
}

export function toMarkdown(result) {
  const lines = [
    `| page | JS gzip (KB, budget ${BUDGET_JS_KB}) | files | CSS gzip (KB, budget ${BUDGET_CSS_KB}) | files | |`,
    "|---|---:|---:|---:|---:|---|",
  ];
  for (const r of result.rows) {
    if (r.missing) lines.push(`| ${r.page} | n/a (route missing) | | | | |`);
    else lines.push(`| ${r.page} | ${r.jsKb.toFixed(2)} | ${r.jsFiles} | ${r.cssKb.toFixed(2)} | ${r.cssFiles} | ${r.ok ? "ok" : "**OVER BUDGET**"} |`);
  }
  return lines.join("\n");
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const buildDir = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "build";
  let result;
  try {
    result = measure(buildDir);
  } catch (error) {
    console.error(`check-budgets: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(result));
  } else {
    console.log(`JavaScript and CSS a public page loads (gzip), from ${buildDir}:\n`);
    console.log(toMarkdown(result));
    for (const r of result.rows.filter((x) => !x.ok)) {
      const over = [];
      if (r.jsKb > BUDGET_JS_KB) over.push(`JavaScript ${r.jsKb.toFixed(2)} KB > ${BUDGET_JS_KB} KB`);
      if (r.cssKb > BUDGET_CSS_KB) over.push(`CSS ${r.cssKb.toFixed(2)} KB > ${BUDGET_CSS_KB} KB`);
      console.error(`\nOver budget: ${r.page} (${r.routes.join(" > ")}): ${over.join("; ")}.`);
    }
  }
  process.exit(result.ok ? 0 : 1);
}
