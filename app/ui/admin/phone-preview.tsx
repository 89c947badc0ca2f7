// The editor's phone preview: the lesson as a learner's phone draws it — a 375 px wide frame, so the reading
// view's own media queries apply as on a phone — with the page's stylesheets (copied from this document: the
// app's and the reading view's) and the same header and card around `.lesson-prose` as the lesson viewer.
// The frame is sandboxed without scripts: it only draws; its images load with the admin's session.
import { useEffect, useState } from "react";
import { escapeHtml } from "~/domain/html-escape";

const PHONE_WIDTH = 375;

function stylesheetsOfThisPage(): string {
  return [...document.querySelectorAll('link[rel="stylesheet"], style')]
    .map((el) => (el instanceof HTMLLinkElement ? `<link rel="stylesheet" href="${escapeHtml(el.href)}">` : `<style>${el.textContent ?? ""}</style>`))
    .join("");
}

export function PhonePreview({ html, title, moduleTitle }: { html: string; title: string; moduleTitle: string }) {
  const [styles, setStyles] = useState<string | null>(null);
  useEffect(() => setStyles(stylesheetsOfThisPage()), []);
  const srcDoc =
    styles === null
      ? ""
      : `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${styles}</head>` +
        `<body class="bg-slate-50 text-ink"><main class="px-4 py-5"><article><header><p class="text-sm text-slate-600">${escapeHtml(moduleTitle)}</p>` +
        `<h2 class="text-xl font-bold text-ink">${escapeHtml(title)}</h2><p class="mt-1 text-sm text-slate-600">Lectura</p></header>` +
        `<section class="mt-4 overflow-clip rounded-xl border border-slate-200 bg-white shadow-sm"><div class="lesson-prose">${html}</div></section></article></main></body></html>`;
  return (
    <figure className="grid content-start justify-items-center gap-2 xl:sticky xl:top-20 xl:self-start" aria-labelledby="vista-telefono">
      <figcaption id="vista-telefono" className="text-sm font-semibold text-slate-800">
        Vista en el teléfono del alumno
      </figcaption>
      <div className="rounded-[2rem] border-8 border-slate-800 bg-slate-800 shadow-lg">
        <iframe
          title="Vista previa de la lección en un teléfono"
          srcDoc={srcDoc}
          sandbox="allow-same-origin"
          width={PHONE_WIDTH}
          height={667}
          className="block rounded-[1.4rem] bg-white"
          data-phone-preview
        />
      </div>
    </figure>
  );
}
