// Lesson figures: standalone SVG files in content/figures/<name>.svg (conventions: content/README.md).
// The same file is embedded as vectors in the PDFs and shown as an image by the app's "lectura"
// view, so it must be self-contained and safe to serve as it is.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { FIGURE_NAME } from "./markdown.js";

export interface Figure {
  name: string;
  svg: string;
  /** viewBox size: the figure's aspect ratio */
  width: number;
  height: number;
}

export const FIGURE_FONT = "DejaVu Sans, Arial, sans-serif";
const MAX_BYTES = 40 * 1024;

/** Content that would make a figure unsafe, non-standalone or render differently in the PDF and the browser. */
const FORBIDDEN: [RegExp, string][] = [
  [/<script\b/i, "a script"],
  [/<foreignObject\b/i, "foreignObject"],
  [/<image\b/i, "an embedded image (draw it in vectors)"],
  [/<style\b/i, "a <style> element (use presentation attributes: the PDF renderer ignores CSS)"],
  [/\son[a-z]+\s*=/i, "an event handler attribute"],
  [/<!DOCTYPE|<!ENTITY/i, "a DOCTYPE or entity"],
  [/\b(?:xlink:)?href\s*=\s*"(?!#)/i, "an external reference (only #id references are allowed)"],
  [/url\(\s*(?!#)/i, "an external url() (only url(#id) is allowed)"],
  [/\sclass\s*=/i, "a class attribute (use presentation attributes)"],
];

/** Checks a figure's SVG text and returns its viewBox size. Throws with the rule it breaks. */
export function checkFigureSvg(svg: string, name: string): { width: number; height: number } {
  if (!FIGURE_NAME.test(name)) throw new Error(`figure "${name}": bad file name`);
  if (Buffer.byteLength(svg, "utf8") > MAX_BYTES) throw new Error(`figure "${name}": over ${MAX_BYTES / 1024} KB`);
  const root = /<svg\b([^>]*)>/.exec(svg);
  if (!root || svg.slice(0, root.index).replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->/g, "").trim() !== "") {
    throw new Error(`figure "${name}": the file must start with the <svg> element`);
  }
  const attrs = root[1] ?? "";
  if (!/\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(attrs)) throw new Error(`figure "${name}": <svg> needs xmlns="http://www.w3.org/2000/svg"`);
  if (/\s(?:width|height)\s*=/.test(attrs)) throw new Error(`figure "${name}": <svg> must not set width or height (the page sizes it; use viewBox)`);
  const vb = /\sviewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(attrs);
  if (!vb) throw new Error(`figure "${name}": <svg> needs viewBox="0 0 W H"`);
  if (!/<title>[^<]+<\/title>/.test(svg)) throw new Error(`figure "${name}": needs a <title>`);
  for (const [re, what] of FORBIDDEN) {
    if (re.test(svg)) throw new Error(`figure "${name}": contains ${what}`);
  }
  for (const m of svg.matchAll(/font-family="([^"]*)"/g)) {
    if (m[1] !== FIGURE_FONT) throw new Error(`figure "${name}": font-family must be "${FIGURE_FONT}", not "${m[1]}"`);
  }
  return { width: Number(vb[1]), height: Number(vb[2]) };
}

/** Every figure of a folder, checked. */
export function loadFigures(dir: string): Map<string, Figure> {
  const figures = new Map<string, Figure>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".svg")) continue;
    const name = path.basename(file, ".svg");
    const svg = readFileSync(path.join(dir, file), "utf8");
    figures.set(name, { name, svg, ...checkFigureSvg(svg, name) });
  }
  return figures;
}
