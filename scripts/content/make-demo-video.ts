// Generates the demonstration video of the RCP course (module 4): the whole sequence for an adult,
// from recognising a cardiac arrest to using an AED, drawn from the course's own figures.
//
//   content/courses/rcp-solo-compresiones/files/demo-secuencia.mp4  (854x480, H.264 + AAC)
//   content/courses/rcp-solo-compresiones/files/demo-secuencia.vtt  (Spanish WebVTT captions)
//
// Each scene is an SVG built here around a figure of content/figures, rendered to PNG by resvg with
// the DejaVu fonts of content/fonts (no system fonts, so the frames are the same on every machine),
// then assembled by ffmpeg with a click on every compression. No third-party footage, images,
// music or voice.
//
// Usage: npx tsx scripts/content/make-demo-video.ts   (needs ffmpeg with libx264: apt-get install -y ffmpeg)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import { FIGURE_FONT, loadFigures, type Figure } from "./figures.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT_DIR = path.join(ROOT, "content/courses/rcp-solo-compresiones/files");
const OUT = path.join(OUT_DIR, "demo-secuencia.mp4");
const VTT = path.join(OUT_DIR, "demo-secuencia.vtt");
const FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((f) => path.join(ROOT, "content/fonts", f));

const W = 854;
const H = 480;
const FPS = 25;
const BPM = 110;
/** How far (in figure units) the rescuer's upper body goes down at the bottom of a compression. */
const PUSH = 12;

interface Scene {
  seconds: number;
  /** step number shown in the badge; none for the title and closing cards */
  step?: number;
  /** lines of the step title (bold) */
  title: string[];
  /** lines of the explanation */
  text: string[];
  figure?: string;
  /** an AED drawn under the text */
  aed?: "off" | "analysing" | "shock";
  /** the rescuer compresses at BPM during the scene */
  compress?: boolean;
  /** ids of figure groups left out in this scene */
  hide?: string[];
}

const SCENES: Scene[] = [
  { seconds: 6, title: ["Demostración:", "de reconocer el paro", "a usar el DEA"], text: ["Secuencia para una persona adulta.", "Material educativo: practica en un", "taller con maniquí."] },
  { seconds: 7, step: 1, title: ["Mira que la escena", "sea segura"], text: ["Tránsito, electricidad, gas, agua o fuego:", "si hay peligro, no entres y llama al 131"] },
  { seconds: 8, step: 2, title: ["¿Responde?"], text: ["Tócale los hombros con firmeza", "y pregúntale en voz alta:", "«¿Me escucha? ¿Está bien?»"], figure: "comprobar-respuesta" },
  { seconds: 9, step: 3, title: ["No responde:", "llama al 131 ya"], text: ["Pon el altavoz y deja el teléfono", "junto a su cabeza.", "Pide a alguien que traiga un DEA."], figure: "comprobar-respuesta" },
  { seconds: 10, step: 4, title: ["¿Respira con", "normalidad?"], text: ["Mira el pecho, con el operador,", "no más de 10 segundos.", "Boquear NO es respirar normal."], figure: "comprobar-respuesta", hide: ["burbuja"] },
  { seconds: 20, step: 5, title: ["No respira normal:", "comprime"], text: ["Centro del pecho, brazos rectos,", "5–6 cm, 100 a 120 por minuto.", "Deja que el pecho vuelva."], figure: "postura-compresiones", compress: true },
  { seconds: 10, step: 6, title: ["Llega el DEA:", "enciéndelo"], text: ["Pecho descubierto y seco.", "Parches sobre la piel, como en", "el dibujo. Otra persona sigue", "comprimiendo mientras tanto."], figure: "parches-dea", aed: "off" },
  { seconds: 7, step: 7, title: ["Analiza:", "¡nadie la toca!"], text: ["Deja de comprimir solo cuando", "el DEA lo pida y aparta a todos."], figure: "parches-dea", aed: "analysing" },
  { seconds: 7, step: 8, title: ["Descarga", "si la indica"], text: ["Nadie toca; presiona el botón", "si el equipo lo pide.", "Luego, compresiones de inmediato."], figure: "parches-dea", aed: "shock" },
  { seconds: 10, step: 9, title: ["Sigue comprimiendo"], text: ["Relevos cada 2 minutos, cuando", "el DEA vuelve a analizar.", "No retires los parches."], figure: "postura-compresiones", compress: true },
  { seconds: 6, title: ["Hasta que respire", "con normalidad o", "SAMU se haga cargo"], text: ["131 · compresiones · DEA"] },
];

const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The markup without the group <g id="…"> and everything inside it (groups may nest). */
function withoutGroup(markup: string, id: string, figure: string): string {
  const start = markup.indexOf(`<g id="${id}"`);
  if (start < 0) throw new Error(`figure ${figure} has no group #${id}`);
  const tags = /<g\b|<\/g>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(markup); m; m = tags.exec(markup)) {
    depth += m[0] === "</g>" ? -1 : 1;
    if (depth === 0) return markup.slice(0, start) + markup.slice(m.index + 4);
  }
  throw new Error(`figure ${figure}: group #${id} is not closed`);
}

/** The figure's drawing as a nested <svg> placed in the box, without its <title>. */
function nested(figure: Figure, x: number, y: number, w: number, h: number, push = 0, hide: string[] = []): string {
  let inner = figure.svg.replace(/^[\s\S]*?<svg\b[^>]*>/, "").replace(/<\/svg>\s*$/, "").replace(/<title>[^<]*<\/title>/, "");
  for (const id of hide) inner = withoutGroup(inner, id, figure.name);
  if (push) inner = inner.replace('<g id="rescatista-torso">', `<g id="rescatista-torso" transform="translate(0 ${push})">`);
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${figure.width} ${figure.height}" preserveAspectRatio="xMidYMid meet">${inner}</svg>`;
}

function aedDrawing(state: NonNullable<Scene["aed"]>, x: number, y: number): string {
  const screen = state === "analysing" ? "ANALIZANDO" : state === "shock" ? "DESCARGA" : "ENCENDIDO";
  const button = state === "shock" ? "#f59e0b" : "#9ca3af";
  return `<g>
    <rect x="${x}" y="${y}" width="150" height="96" rx="14" fill="#15803d"/>
    <rect x="${x + 12}" y="${y + 12}" width="80" height="34" rx="4" fill="#ecfdf5"/>
    <text x="${x + 52}" y="${y + 34}" font-family="${FIGURE_FONT}" font-size="11" font-weight="bold" fill="#14532d" text-anchor="middle">${screen}</text>
    <path d="M${x + 122} ${y + 36} c-6 -10 -20 -6 -16 6 c2 6 16 14 16 14 c0 0 14 -8 16 -14 c4 -12 -10 -16 -16 -6 z" fill="#ffffff"/>
    <circle cx="${x + 52}" cy="${y + 72}" r="14" fill="${button}"/>
    <path d="M${x + 54} ${y + 62} l-8 12 h7 l-3 10 l9 -13 h-7 z" fill="#ffffff"/>
  </g>`;
}

function sceneSvg(scene: Scene, push = 0): string {
  const figures = FIGURES;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<rect width="${W}" height="6" fill="#b91c1c"/>`,
    `<text x="28" y="36" font-family="${FIGURE_FONT}" font-size="16" fill="#6b7280">Academia · RCP solo compresiones · Demostración</text>`,
  ];
  const textX = scene.figure ? 470 : 80;
  const anchor = scene.figure ? "start" : "start";
  if (scene.figure) {
    const figure = figures.get(scene.figure);
    if (!figure) throw new Error(`unknown figure ${scene.figure}`);
    parts.push(nested(figure, 24, 52, 420, 412, push, scene.hide));
  }
  let y = scene.figure ? 110 : 150;
  if (scene.step) {
    parts.push(`<circle cx="${textX + 22}" cy="${y - 10}" r="22" fill="#b91c1c"/>`);
    parts.push(`<text x="${textX + 22}" y="${y - 1}" font-family="${FIGURE_FONT}" font-size="24" font-weight="bold" fill="#ffffff" text-anchor="middle">${scene.step}</text>`);
    y += 46;
  }
  const titleSize = scene.figure ? 30 : 40;
  for (const line of scene.title) {
    parts.push(`<text x="${textX}" y="${y}" font-family="${FIGURE_FONT}" font-size="${titleSize}" font-weight="bold" fill="#1f2937" text-anchor="${anchor}">${esc(line)}</text>`);
    y += titleSize * 1.2;
  }
  y += 14;
  for (const line of scene.text) {
    parts.push(`<text x="${textX}" y="${y}" font-family="${FIGURE_FONT}" font-size="${scene.figure ? 20 : 24}" fill="#374151" text-anchor="${anchor}">${esc(line)}</text>`);
    y += scene.figure ? 28 : 34;
  }
  if (scene.aed) parts.push(aedDrawing(scene.aed, textX, Math.min(y + 10, H - 110)));
  if (scene.compress) parts.push(`<text x="${W - 28}" y="36" font-family="${FIGURE_FONT}" font-size="18" font-weight="bold" fill="#b91c1c" text-anchor="end">${BPM} / min</text>`);
  parts.push("</svg>");
  return parts.join("\n");
}

function render(svg: string, file: string) {
  const png = new Resvg(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
  writeFileSync(file, png);
}

/** Rescuer's push at time t of a compressing scene: down during the first half of each cycle. */
function pushAt(t: number): number {
  const period = 60 / BPM;
  const phase = (t % period) / period;
  return phase < 0.5 ? Math.round(PUSH * Math.sin(Math.PI * phase * 2)) : 0;
}

const FIGURES = loadFigures(path.join(ROOT, "content/figures"));

function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), "demo-video-"));
  try {
    const list: string[] = ["ffconcat version 1.0"];
    const rendered = new Map<string, string>();
    const frame = (scene: Scene, push: number) => {
      const key = `${SCENES.indexOf(scene)}-${push}`;
      let file = rendered.get(key);
      if (!file) {
        file = path.join(work, `scene-${key}.png`);
        render(sceneSvg(scene, push), file);
        rendered.set(key, file);
      }
      return file;
    };
    const windows: [number, number][] = [];
    let start = 0;
    for (const scene of SCENES) {
      const frames = scene.seconds * FPS;
      if (!scene.compress) {
        list.push(`file '${frame(scene, 0)}'`, `duration ${scene.seconds}`);
      } else {
        for (let i = 0; i < frames; i++) {
          list.push(`file '${frame(scene, pushAt(i / FPS))}'`, `duration ${1 / FPS}`);
        }
        windows.push([start, start + scene.seconds]);
      }
      start += scene.seconds;
    }
    // the concat demuxer needs the last file repeated to honour the last duration
    list.push(list[list.length - 2]!);
    const listFile = path.join(work, "frames.txt");
    writeFileSync(listFile, list.join("\n") + "\n");

    // A short decaying click on every compression, in the scenes where the rescuer compresses
    // (if() keeps exp() from being evaluated outside them, where it would overflow).
    const total = start;
    const P = `(60/${BPM})`;
    const clickExpr = windows.map(([a, b]) => `if(between(t,${a},${b}-0.01),exp(-90*mod(t-${a},${P}))*lt(mod(t-${a},${P}),0.07),0)`).join("+");
    const audio = `aevalsrc='0.7*sin(2*PI*1175*t)*(${clickExpr})':s=44100:d=${total}`;
    const graphFile = path.join(work, "audio.txt");
    writeFileSync(graphFile, `${audio}[a]`);

    execFileSync(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-y",
        "-f", "concat", "-safe", "0", "-i", listFile,
        "-filter_complex_script", graphFile,
        "-map", "0:v", "-map", "[a]",
        "-r", String(FPS), "-fps_mode", "cfr",
        "-c:v", "libx264", "-preset", "slow", "-crf", "28", "-tune", "stillimage", "-profile:v", "main", "-pix_fmt", "yuv420p", "-g", "50", "-threads", "1",
        "-c:a", "aac", "-b:a", "48k", "-ac", "1", "-ar", "44100",
        "-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
        "-metadata", "title=Demostración: de reconocer el paro a usar el DEA", "-metadata:s:a:0", "language=spa", "-metadata:s:v:0", "language=spa",
        "-t", String(total), OUT,
      ],
      { stdio: "inherit" },
    );
    writeFileSync(VTT, captions());
    console.log(`${path.relative(ROOT, OUT)} (${Math.round(readFileSync(OUT).length / 1024)} KB, ${total} s), ${path.relative(ROOT, VTT)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** WebVTT captions: one cue per scene with its title and explanation, as shown on screen. */
export function captions(): string {
  const ts = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  const cues: string[] = ["WEBVTT", "Kind: captions", "Language: es-CL", ""];
  let t = 0;
  SCENES.forEach((scene, i) => {
    cues.push(String(i + 1), `${ts(t)} --> ${ts(t + scene.seconds)}`);
    const title = (scene.step ? `${scene.step}. ` : "") + scene.title.join(" ");
    cues.push(title);
    if (scene.compress && i === SCENES.findIndex((s) => s.compress)) cues.push("[clic en cada compresión, 110 por minuto]");
    cues.push(scene.text.join(" "), "");
    t += scene.seconds;
  });
  return cues.join("\n");
}

if (process.env.DEMO_PREVIEW) {
  // Writes one PNG per scene (at its first frame) to look at the layout without encoding the video.
  SCENES.forEach((scene, i) => render(sceneSvg(scene, scene.compress ? PUSH : 0), path.join(process.env.DEMO_PREVIEW!, `scene-${i + 1}.png`)));
} else {
  main();
}
