// Presentations and documents shown in the app with pdf.js (docs/decisions.md A4, A6). Two views:
// - "Páginas": every page one under the other, drawn to the width of the viewer at the screen's pixel density
//   (crisp on a phone), zoomed with the buttons or a pinch and drawn again at that zoom (never a stretched
//   bitmap), panned sideways once wider than the screen. Only the pages near the visible ones hold a canvas, so a
//   long document keeps a bounded amount of memory.
// - "Texto": the document's text taken from the PDF (pdf.js getTextContent) and set as headings, paragraphs and
//   lists (domain/pdf-reading.ts) in the reading mode's type, so a phone reads an A4 page without zooming. A
//   scanned PDF has no text: the viewer says so and stays on the pages.
// The text is read in the browser, from the file the viewer has already loaded, by pdf.js's own worker: nothing is
// stored or parsed on the server, and the page's main thread only joins lines.
// pdf.js is loaded only here, in the browser, on demand. We use its "legacy" build: the modern one needs
// Promise.withResolvers in the page and in the worker (iOS Safari 17.4+); the legacy one carries its own
// polyfills and runs on older iPhones too.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type * as PdfJsModule from "pdfjs-dist";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
import { hasReadableText, readingBlocks, type ReadingBlock, type TextPiece } from "~/domain/pdf-reading";
import "./pdf-viewer.css";

type PdfJs = typeof PdfJsModule;

let pdfjsPromise: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs") as Promise<PdfJs>,
    import("pdfjs-dist/legacy/build/pdf.worker.min.mjs?url"),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  pdfjsPromise.catch(() => {
    pdfjsPromise = undefined;
  });
  return pdfjsPromise;
}

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];
const MIN_ZOOM = ZOOM_STEPS[0]!;
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
// Canvas memory is limited on iOS (about 16 megapixels per canvas): keep each backing store below that.
const MAX_CANVAS_PIXELS = 12_000_000;
// Pages within this distance of the visible area are drawn (and the rest let go): about two screens each way.
const NEAR_MARGIN = "200% 0px";
// The viewer's padding around the pages, on each side (px): the pages are drawn to the width inside it.
const GUTTER = 8;
const VIEW_KEY = "academia.pdf.vista";

type View = "pages" | "text";
type Size = { width: number; height: number };
type Doc = { pdf: PDFDocumentProxy; pdfjs: PdfJs };
type TextState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "none" }
  | { status: "loading" | "ready"; pages: ReadingBlock[][]; total: number };

const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(z * 100) / 100));

function piecesOf(items: readonly unknown[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const item of items) {
    if (!item || typeof item !== "object" || !("str" in item)) continue;
    // A text item (marked-content items have no "str").
    const i = item as unknown as { str: string; transform: number[]; width: number; height: number; hasEOL?: boolean };
    const t = i.transform;
    pieces.push({ text: i.str, x: t[4] ?? 0, y: t[5] ?? 0, width: i.width, height: i.height || Math.hypot(t[2] ?? 0, t[3] ?? 0), endOfLine: i.hasEOL });
  }
  return pieces;
}

/** One page of the "Páginas" view: its space always kept, its canvas and text layer only while near the screen. */
function PdfPage({
  doc,
  number,
  scale,
  estimate,
  near,
  title,
  onSize,
}: {
  doc: Doc;
  number: number;
  /** CSS pixels per PDF unit. */
  scale: number;
  /** The page's size at scale 1 (its own once read, otherwise the first page's). */
  estimate: Size;
  near: boolean;
  title: string;
  onSize: (number: number, size: Size) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  // A canvas taken off the page (its page went far from the screen) gives its memory back at once: iOS keeps a
  // detached canvas's backing store until it is collected, and a long document would run out of canvas memory.
  const setCanvas = useCallback((el: HTMLCanvasElement | null) => {
    if (!el && canvasRef.current) {
      canvasRef.current.width = 0;
      canvasRef.current.height = 0;
    }
    canvasRef.current = el;
  }, []);
  const textRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const width = Math.floor(estimate.width * scale);
  const height = Math.floor(estimate.height * scale);

  useEffect(() => {
    if (!near) {
      setDrawn(false);
      return;
    }
    let cancelled = false;
    let renderTask: { cancel(): void; promise: Promise<void> } | undefined;
    let textLayer: { cancel(): void } | undefined;
    let page: PDFPageProxy | undefined;
    (async () => {
      page = await doc.pdf.getPage(number);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      if (Math.abs(base.width - estimate.width) > 0.5 || Math.abs(base.height - estimate.height) > 0.5) {
        onSize(number, { width: base.width, height: base.height });
        return; // drawn again at its own size
      }
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      const textDiv = textRef.current;
      if (!canvas || !textDiv) return;
      let ratio = window.devicePixelRatio || 1;
      if (viewport.width * viewport.height * ratio * ratio > MAX_CANVAS_PIXELS) {
        ratio = Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height));
      }
      // Drawn off to the side and swapped in whole, so a zoom never shows a half-drawn page.
      const scratch = document.createElement("canvas");
      scratch.width = Math.floor(viewport.width * ratio);
      scratch.height = Math.floor(viewport.height * ratio);
      renderTask = page.render({ canvas: scratch, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      await renderTask.promise;
      if (cancelled) return;
      canvas.width = scratch.width;
      canvas.height = scratch.height;
      canvas.getContext("2d")?.drawImage(scratch, 0, 0);
      scratch.width = 0;
      setDrawn(true);
      textDiv.replaceChildren();
      textDiv.style.setProperty("--total-scale-factor", String(scale));
      const layer = new doc.pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: textDiv, viewport });
      textLayer = layer;
      await layer.render();
    })().catch((error: unknown) => {
      if (cancelled || (error instanceof Error && error.name === "RenderingCancelledException")) return;
      // One page that cannot be drawn leaves its space blank; the link under the viewer still opens the file.
      setDrawn(false);
    });
    // A new zoom leaves the last drawing in place (stretched for a moment) until the new one is swapped in.
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
      page?.cleanup();
    };
    // onSize is stable (a state setter wrapper); estimate changes only when the page's own size is read.
  }, [doc, number, scale, near, estimate.width, estimate.height, onSize]);

  return (
    <div
      className={`pdf-page relative mx-auto bg-white shadow ${drawn ? "" : "pdf-page-pending"}`}
      data-page={number}
      style={{ width, height }}
    >
      {near ? (
        <>
          <canvas ref={setCanvas} role="img" aria-label={`${title}, página ${number}`} className="block" style={{ width, height }} />
          <div ref={textRef} className="textLayer" />
        </>
      ) : null}
    </div>
  );
}

/** The "Texto" view: the document's text, page by page, as reflowed headings, paragraphs and lists. */
function ReadingText({ text, onShowPage }: { text: Extract<TextState, { pages: ReadingBlock[][] }>; onShowPage: (page: number) => void }) {
  return (
    <div className="lesson-prose pdf-reading">
      {text.pages.map((blocks, i) => {
        const groups: ReadingBlock[][] = [];
        for (const b of blocks) {
          const last = groups[groups.length - 1];
          if (b.kind === "item" && last?.[0]?.kind === "item") last.push(b);
          else groups.push([b]);
        }
        return (
          <section key={i} aria-label={`Página ${i + 1}`} className="pdf-reading-page">
            <p className="pdf-reading-marker">
              <button type="button" onClick={() => onShowPage(i + 1)}>
                Página {i + 1}
                <span className="sr-only">: ver la página original</span>
              </button>
            </p>
            {groups.length === 0 ? <p className="pdf-reading-empty">Esta página no tiene texto (solo imágenes o figuras).</p> : null}
            {groups.map((g, gi) =>
              g[0]!.kind === "item" ? (
                <ul key={gi}>
                  {g.map((b, bi) => (
                    <li key={bi}>{b.text}</li>
                  ))}
                </ul>
              ) : g[0]!.kind === "heading" ? (
                <h3 key={gi}>{g[0]!.text}</h3>
              ) : (
                <p key={gi}>{g[0]!.text}</p>
              ),
            )}
          </section>
        );
      })}
      {text.status === "loading" ? (
        <p className="pdf-reading-progress" role="status">
          Preparando el texto: página {text.pages.length + 1} de {text.total}...
        </p>
      ) : null}
    </div>
  );
}

export function PdfViewer({
  url,
  title,
  downloadUrl,
  expectedAspect,
}: {
  url: string;
  title: string;
  downloadUrl: string | null;
  /** CSS aspect-ratio of the space kept for the first page until the file is read (then its real size replaces it). */
  expectedAspect: string;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [sizes, setSizes] = useState<{ first: Size | null; own: Record<number, Size> }>({ first: null, own: {} });
  const [zoom, setZoom] = useState(1); // relative to "fit to width"
  const [width, setWidth] = useState(0);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const [current, setCurrent] = useState(1);
  const [view, setView] = useState<View>("pages");
  const [text, setText] = useState<TextState>({ status: "idle" });
  // Where to put the scroll after the pages change size (a zoom), so the point under the fingers stays put.
  const anchor = useRef<{ x: number; y: number; ratio: number } | null>(null);
  const pendingPage = useRef<number | null>(null);

  // The learner's last choice of view, kept on this device.
  useEffect(() => {
    try {
      if (window.localStorage.getItem(VIEW_KEY) === "text") setView("text");
    } catch {
      // Storage blocked (private mode): the pages view it is.
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | undefined;
    setStatus("loading");
    setDoc(null);
    setSizes({ first: null, own: {} });
    setZoom(1);
    setCurrent(1);
    setText({ status: "idle" });
    loadPdfJs()
      .then((pdfjs) => {
        if (cancelled) return;
        const loading = pdfjs.getDocument({ url, isEvalSupported: false });
        task = loading;
        return loading.promise.then(async (pdf) => {
          const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
          if (cancelled) return;
          setSizes({ first: { width: first.width, height: first.height }, own: {} });
          setDoc({ pdf, pdfjs });
          setStatus("ready");
        });
      })
      .catch(() => {
        if (!cancelled) setStatus("error");
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  // Whether the document has text at all: its first pages are read once it opens, so the "Texto" button can say
  // at once that a scanned PDF has none.
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    setText({ status: "checking" });
    (async () => {
      const texts: string[] = [];
      for (let n = 1; n <= Math.min(3, doc.pdf.numPages); n++) {
        const content = await (await doc.pdf.getPage(n)).getTextContent();
        texts.push(piecesOf(content.items).map((p) => p.text).join(""));
      }
      if (!cancelled) setText(hasReadableText(texts) ? { status: "idle" } : { status: "none" });
    })().catch(() => {
      if (!cancelled) setText({ status: "none" });
    });
    return () => {
      cancelled = true;
    };
  }, [doc]);

  // The text of every page, read one page after another when the "Texto" view is first opened (once per file:
  // going back to the pages and again to the text does not read it twice, nor stop a reading under way).
  const textJob = useRef<Doc | null>(null);
  useEffect(() => () => void (textJob.current = null), []);
  useEffect(() => {
    if (!doc || view !== "text" || text.status !== "idle" || textJob.current === doc) return;
    textJob.current = doc;
    const total = doc.pdf.numPages;
    const pages: ReadingBlock[][] = [];
    setText({ status: "loading", pages: [], total });
    (async () => {
      for (let n = 1; n <= total; n++) {
        const page = await doc.pdf.getPage(n);
        const content = await page.getTextContent();
        if (textJob.current !== doc) return; // another file, or the viewer is gone
        pages.push(readingBlocks(piecesOf(content.items)));
        setText({ status: n === total ? "ready" : "loading", pages: [...pages], total });
      }
    })().catch(() => {
      if (textJob.current === doc) setText({ status: "none" });
    });
  }, [doc, view, text.status]);

  // A document without text is shown as pages, whatever was chosen before.
  useEffect(() => {
    if (text.status === "none") setView("pages");
  }, [text.status]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = (contentWidth: number) => setWidth(Math.floor(contentWidth));
    measure(frame.clientWidth);
    const observer = new ResizeObserver(() => requestAnimationFrame(() => measure(frame.clientWidth)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [view]);

  const pages = doc?.pdf.numPages ?? 0;
  const first = sizes.first;
  // The same scale for every page: the first page fills the width at 100 %; a wider page is panned to.
  const scale = first && width > 0 ? (Math.max(width - 2 * GUTTER, 100) / first.width) * zoom : 0;
  const sizeOf = useCallback((n: number): Size => sizes.own[n] ?? sizes.first ?? { width: 1, height: 1 }, [sizes]);
  const onSize = useCallback((n: number, size: Size) => setSizes((s) => ({ ...s, own: { ...s.own, [n]: size } })), []);

  // Which pages are near the visible area: those are drawn, the others let go.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !doc || view !== "pages" || scale === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setNear((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(n);
            else next.delete(n);
          }
          return next;
        });
      },
      { root: frame, rootMargin: NEAR_MARGIN },
    );
    for (const el of frame.querySelectorAll<HTMLElement>("[data-page]")) observer.observe(el);
    return () => observer.disconnect();
  }, [doc, view, scale, pages]);

  // The page at the top third of the viewer is "the current page" the toolbar names.
  const onScroll = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const line = frame.scrollTop + frame.clientHeight / 3;
    let page = 1;
    for (const el of frame.querySelectorAll<HTMLElement>("[data-page]")) {
      if (el.offsetTop <= line) page = Number(el.dataset.page);
      else break;
    }
    setCurrent(page);
  }, []);

  // After a zoom, keep the same point of the document under the pinch (or the viewer's centre).
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const a = anchor.current;
    if (!frame || !a) return;
    anchor.current = null;
    frame.scrollLeft = (frame.scrollLeft + a.x) * a.ratio - a.x;
    frame.scrollTop = (frame.scrollTop + a.y) * a.ratio - a.y;
  }, [zoom]);

  // A page asked for from the text view: shown once the pages are laid out again.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const n = pendingPage.current;
    if (!frame || n === null || view !== "pages" || scale === 0) return;
    pendingPage.current = null;
    const el = frame.querySelector<HTMLElement>(`[data-page="${n}"]`);
    if (el) frame.scrollTop = el.offsetTop - GUTTER;
    setCurrent(n);
  }, [view, scale]);

  function zoomTo(next: number, at?: { x: number; y: number }) {
    const frame = frameRef.current;
    const target = clampZoom(next);
    if (!frame || target === zoom) return;
    anchor.current = { x: at?.x ?? frame.clientWidth / 2, y: at?.y ?? frame.clientHeight / 2, ratio: target / zoom };
    setZoom(target);
  }

  function goToPage(n: number) {
    const frame = frameRef.current;
    const el = frame?.querySelector<HTMLElement>(`[data-page="${n}"]`);
    if (!frame || !el) return;
    frame.scrollTop = el.offsetTop - GUTTER;
    setCurrent(n);
  }

  function choose(next: View) {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Not kept: fine.
    }
  }

  // Pinch to zoom inside the viewer: while the fingers move the pages are scaled as a preview; when they lift, the
  // pages are drawn again at the new zoom. touch-action (pdf-viewer.css) keeps one-finger scrolling with the
  // browser and the pinch with us; the listeners are not passive, so two fingers do not also scroll the page.
  const pagesRef = useRef<HTMLDivElement>(null);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const zoomToRef = useRef(zoomTo);
  zoomToRef.current = zoomTo;
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || view !== "pages") return;
    let pinch: { distance: number; x: number; y: number; ratio: number } | null = null;
    const spread = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const start = (e: TouchEvent) => {
      if (e.touches.length !== 2) return;
      const box = frame.getBoundingClientRect();
      pinch = {
        distance: spread(e.touches),
        x: (e.touches[0]!.clientX + e.touches[1]!.clientX) / 2 - box.left,
        y: (e.touches[0]!.clientY + e.touches[1]!.clientY) / 2 - box.top,
        ratio: 1,
      };
    };
    const move = (e: TouchEvent) => {
      const pages = pagesRef.current;
      if (!pinch || e.touches.length !== 2 || !pages || pinch.distance === 0) return;
      e.preventDefault();
      const z = zoomRef.current;
      pinch.ratio = Math.min(MAX_ZOOM / z, Math.max(MIN_ZOOM / z, spread(e.touches) / pinch.distance));
      pages.style.transformOrigin = `${frame.scrollLeft + pinch.x}px ${frame.scrollTop + pinch.y}px`;
      pages.style.transform = `scale(${pinch.ratio})`;
    };
    const end = (e: TouchEvent) => {
      if (!pinch || e.touches.length >= 2) return;
      const p = pinch;
      pinch = null;
      if (pagesRef.current) pagesRef.current.style.transform = "";
      zoomToRef.current(zoomRef.current * p.ratio, { x: p.x, y: p.y });
    };
    frame.addEventListener("touchstart", start, { passive: true });
    frame.addEventListener("touchmove", move, { passive: false });
    frame.addEventListener("touchend", end);
    frame.addEventListener("touchcancel", end);
    return () => {
      frame.removeEventListener("touchstart", start);
      frame.removeEventListener("touchmove", move);
      frame.removeEventListener("touchend", end);
      frame.removeEventListener("touchcancel", end);
    };
  }, [view]);

  const zoomOut = () => zoomTo([...ZOOM_STEPS].reverse().find((z) => z < zoom - 0.001) ?? MIN_ZOOM);
  const zoomIn = () => zoomTo(ZOOM_STEPS.find((z) => z > zoom + 0.001) ?? MAX_ZOOM);
  const button =
    "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  const toggle = (active: boolean) =>
    `inline-flex min-h-10 items-center justify-center px-3 text-sm font-semibold ${active ? "bg-brand-700 text-white" : "bg-white text-slate-800 hover:bg-slate-50"} disabled:cursor-not-allowed disabled:opacity-50`;
  const noText = text.status === "none";

  return (
    <div className="pdf-viewer">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2" role="toolbar" aria-label="Controles del documento">
        <div role="group" aria-label="Vista del documento" className="inline-flex overflow-hidden rounded-lg border border-slate-300">
          <button type="button" className={toggle(view === "pages")} aria-pressed={view === "pages"} onClick={() => choose("pages")}>
            Páginas
          </button>
          <button
            type="button"
            className={`${toggle(view === "text")} border-l border-slate-300`}
            aria-pressed={view === "text"}
            aria-describedby={noText ? "pdf-sin-texto" : undefined}
            onClick={() => choose("text")}
            disabled={!doc || noText}
          >
            Texto
          </button>
        </div>
        {view === "pages" ? (
          <>
            <div className="flex items-center gap-2">
              <button type="button" className={button} onClick={() => goToPage(Math.max(1, current - 1))} disabled={!doc || current <= 1}>
                Anterior
              </button>
              <span className="min-w-24 text-center text-sm text-slate-700" aria-live="polite">
                {pages ? `Página ${current} de ${pages}` : "Cargando..."}
              </span>
              <button type="button" className={button} onClick={() => goToPage(Math.min(pages, current + 1))} disabled={!doc || current >= pages}>
                Siguiente
              </button>
            </div>
            <div className="flex items-center gap-2">
              <button type="button" className={button} aria-label="Alejar" onClick={zoomOut} disabled={!doc || zoom <= MIN_ZOOM}>
                −
              </button>
              <span className="w-12 text-center text-sm text-slate-700" aria-live="polite">
                <span className="sr-only">Zoom: </span>
                {Math.round(zoom * 100)} %
              </span>
              <button type="button" className={button} aria-label="Acercar" onClick={zoomIn} disabled={!doc || zoom >= MAX_ZOOM}>
                +
              </button>
              <button type="button" className={button} onClick={() => zoomTo(1)} disabled={!doc || zoom === 1}>
                Ajustar al ancho
              </button>
            </div>
          </>
        ) : (
          <span className="text-sm text-slate-700" aria-live="polite">
            Texto del documento adaptado a tu pantalla
          </span>
        )}
      </div>
      {noText ? (
        <p id="pdf-sin-texto" className="border-b border-slate-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Este documento es una imagen escaneada y no tiene texto que podamos adaptar: léelo por páginas y usa el zoom.
        </p>
      ) : null}
      {view === "text" && (text.status === "loading" || text.status === "ready") ? (
        <ReadingText
          text={text}
          onShowPage={(n) => {
            pendingPage.current = n;
            choose("pages");
          }}
        />
      ) : null}
      {view === "text" && text.status !== "loading" && text.status !== "ready" && status !== "error" ? (
        <p className="p-4 text-sm text-slate-700" role="status">
          Preparando el texto...
        </p>
      ) : null}
      <div
        ref={frameRef}
        // Keyboard users scroll the pages with the arrow keys once the viewer has the focus.
        tabIndex={view === "pages" && status === "ready" ? 0 : undefined}
        aria-label={view === "pages" ? `Páginas de ${title}` : undefined}
        role={view === "pages" ? "region" : undefined}
        className={`pdf-frame overflow-auto bg-slate-200/70 ${view === "pages" ? "" : "hidden"}`}
        style={{ maxHeight: "calc(100vh - 10rem)", padding: GUTTER }}
        onScroll={onScroll}
      >
        {status === "error" ? (
          <div role="alert" className="m-3 rounded-lg bg-white p-4 text-sm text-slate-800">
            <p>No pudimos mostrar el documento en el visor.</p>
            <p className="mt-2">
              <a href={downloadUrl ?? url} data-document className="font-semibold text-brand-700 underline">
                Abrir o descargar el documento
              </a>
            </p>
          </div>
        ) : doc && scale > 0 ? (
          <div ref={pagesRef} className="pdf-pages" style={{ width: "max-content", minWidth: "100%" }}>
            {Array.from({ length: pages }, (_, i) => (
              <PdfPage
                key={i + 1}
                doc={doc}
                number={i + 1}
                scale={scale}
                estimate={sizeOf(i + 1)}
                near={near.has(i + 1)}
                title={title}
                onSize={onSize}
              />
            ))}
          </div>
        ) : (
          // Until the file is read, the space its first page will most likely take: the links under the viewer
          // must not move while a learner reaches for them.
          <div className="mx-auto bg-white shadow" style={{ width: "100%", aspectRatio: expectedAspect }} />
        )}
      </div>
      {status === "loading" ? (
        <p className="sr-only" role="status">
          Cargando documento...
        </p>
      ) : null}
      <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600">
        ¿No ves el documento?{" "}
        <a href={downloadUrl ?? url} data-document className="font-semibold text-brand-700 underline">
          Ábrelo o descárgalo aquí
        </a>
        .
      </p>
    </div>
  );
}
