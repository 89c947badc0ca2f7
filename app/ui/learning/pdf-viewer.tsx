// Presentations and documents shown in the app with pdf.js (docs/decisions.md A4): page navigation, zoom,
// fit to width (the default, so a phone shows the whole page width), and a text layer so text can be
// selected. pdf.js is loaded only here, in the browser, on demand. We use its "legacy" build: the
// modern one needs Promise.withResolvers in the page and in the worker (iOS Safari 17.4+); the legacy
// one carries its own polyfills and runs on older iPhones too.
import { useEffect, useRef, useState } from "react";
import type * as PdfJsModule from "pdfjs-dist";
import type { PDFDocumentProxy } from "pdfjs-dist";
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

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
// Canvas memory is limited on iOS (about 16 megapixels): keep the backing store below that.
const MAX_CANVAS_PIXELS = 12_000_000;

export function PdfViewer({
  url,
  title,
  downloadUrl,
  expectedAspect,
}: {
  url: string;
  title: string;
  downloadUrl: string | null;
  /** CSS aspect-ratio of the space kept for the page until it is drawn (then its real size replaces it). */
  expectedAspect: string;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<{ pdf: PDFDocumentProxy; pdfjs: PdfJs } | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(1); // relative to "fit to width"
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | undefined;
    setStatus("loading");
    setDoc(null);
    setPageNumber(1);
    setZoom(1);
    loadPdfJs()
      .then((pdfjs) => {
        if (cancelled) return;
        const loading = pdfjs.getDocument({ url, isEvalSupported: false });
        task = loading;
        return loading.promise.then((pdf) => {
          if (!cancelled) setDoc({ pdf, pdfjs });
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

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = (contentWidth: number) => setWidth(Math.floor(contentWidth));
    measure(frame.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) requestAnimationFrame(() => measure(entry.contentRect.width));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || width === 0) return;
    let cancelled = false;
    let renderTask: { cancel(): void; promise: Promise<void> } | undefined;
    let textLayer: { cancel(): void } | undefined;
    (async () => {
      const page = await doc.pdf.getPage(pageNumber);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      const scale = (width / base.width) * zoom;
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current!;
      const wrapper = pageRef.current!;
      let ratio = window.devicePixelRatio || 1;
      if (viewport.width * viewport.height * ratio * ratio > MAX_CANVAS_PIXELS) {
        ratio = Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height));
      }
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      wrapper.style.width = `${Math.floor(viewport.width)}px`;
      wrapper.style.height = `${Math.floor(viewport.height)}px`;
      wrapper.style.setProperty("--total-scale-factor", String(scale));
      renderTask = page.render({
        canvas,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      await renderTask.promise;
      if (cancelled) return;
      const textDiv = textRef.current!;
      textDiv.replaceChildren();
      const layer = new doc.pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: textDiv, viewport });
      textLayer = layer;
      await layer.render();
      if (cancelled) return;
      setStatus("ready");
    })().catch((error: unknown) => {
      if (cancelled || (error instanceof Error && error.name === "RenderingCancelledException")) return;
      setStatus("error");
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [doc, pageNumber, zoom, width]);

  const pages = doc?.pdf.numPages ?? 0;
  const zoomIndex = ZOOM_STEPS.indexOf(zoom);
  const button =
    "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

  return (
    <div className="pdf-viewer">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2" role="toolbar" aria-label="Controles del documento">
        <div className="flex items-center gap-2">
          <button type="button" className={button} onClick={() => setPageNumber((p) => Math.max(1, p - 1))} disabled={!doc || pageNumber <= 1}>
            Anterior
          </button>
          <span className="min-w-24 text-center text-sm text-slate-700" aria-live="polite">
            {pages ? `Página ${pageNumber} de ${pages}` : "Cargando..."}
          </span>
          <button type="button" className={button} onClick={() => setPageNumber((p) => Math.min(pages, p + 1))} disabled={!doc || pageNumber >= pages}>
            Siguiente
          </button>
        </div>
        <div className="flex items-center gap-2">
          <button type="button" className={button} aria-label="Alejar" onClick={() => setZoom(ZOOM_STEPS[Math.max(0, zoomIndex - 1)]!)} disabled={!doc || zoomIndex <= 0}>
            −
          </button>
          <span className="w-12 text-center text-sm text-slate-700" aria-live="polite">
            {Math.round(zoom * 100)} %
          </span>
          <button
            type="button"
            className={button}
            aria-label="Acercar"
            onClick={() => setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomIndex + 1)]!)}
            disabled={!doc || zoomIndex >= ZOOM_STEPS.length - 1}
          >
            +
          </button>
          <button type="button" className={button} onClick={() => setZoom(1)} disabled={!doc || zoom === 1}>
            Ajustar al ancho
          </button>
        </div>
      </div>
      {/* Fit to width by default; touch-manipulation keeps the browser's own pinch zoom and panning on a phone. */}
      <div ref={frameRef} className="touch-manipulation overflow-auto bg-slate-200/70 p-0 sm:p-3" style={{ maxHeight: "calc(100vh - 10rem)" }}>
        {status === "error" ? (
          <div role="alert" className="m-3 rounded-lg bg-white p-4 text-sm text-slate-800">
            <p>No pudimos mostrar el documento en el visor.</p>
            <p className="mt-2">
              <a href={downloadUrl ?? url} data-document className="font-semibold text-brand-700 underline">
                Abrir o descargar el documento
              </a>
            </p>
          </div>
        ) : null}
        <div
          ref={pageRef}
          className={`relative mx-auto bg-white shadow ${status === "error" ? "hidden" : ""}`}
          // Until the page is drawn (the effect above then sets its size in pixels), the space it will most
          // likely take: the links under the viewer must not move while a learner reaches for them.
          style={{ width: "100%", aspectRatio: expectedAspect }}
        >
          <canvas ref={canvasRef} role="img" aria-label={`${title}, página ${pageNumber}`} className="block" />
          <div ref={textRef} className="textLayer" />
        </div>
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
