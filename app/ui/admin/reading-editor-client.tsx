// The reading editor itself (Tiptap on ProseMirror), loaded only by the course editor's lesson page, after it
// is shown (reading-editor.tsx imports this module dynamically): none of it reaches a public page's bundle.
// What it writes is a ProseMirror document restricted to the nodes domain/lesson-doc.ts knows; the server
// cleans it again before storing it. Beside it, the phone preview draws that document with the reading
// view's own renderer and stylesheet, in a 375 px frame.
import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EditorContent, useEditor, useEditorState, Node, mergeAttributes, type Editor, type JSONContent } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { cleanLessonDoc, lessonImageUrl, renderLessonDoc, safeHref, type LessonDoc, type LessonImageView } from "~/domain/lesson-doc";
import { IMAGE_MAX_MB, imageMessages, imageTooLarge } from "~/domain/image-upload";
import { PhonePreview } from "./phone-preview";
import { fieldError, input, label as labelClass } from "./styles";
import "~/ui/learning/lesson-reading.css";

const Callout = Node.create({
  name: "callout",
  group: "block",
  content: "paragraph+",
  defining: true,
  parseHTML: () => [{ tag: "aside.lesson-callout" }, { tag: "aside" }],
  renderHTML: ({ HTMLAttributes }) => ["aside", mergeAttributes(HTMLAttributes, { class: "lesson-callout" }), 0],
});

const LessonImage = Node.create<{ lessonId: number }>({
  name: "lessonImage",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addOptions: () => ({ lessonId: 0 }),
  addAttributes: () => ({
    imageId: { default: null, parseHTML: (el) => Number(el.getAttribute("data-image-id")) || null },
    alt: { default: "", parseHTML: (el) => el.querySelector("img")?.getAttribute("alt") ?? "" },
    caption: { default: "", parseHTML: (el) => el.querySelector("figcaption")?.textContent ?? "" },
    width: { default: 1, parseHTML: (el) => Number(el.getAttribute("data-width")) || 1 },
    height: { default: 1, parseHTML: (el) => Number(el.getAttribute("data-height")) || 1 },
    smallWidth: { default: 1, parseHTML: (el) => Number(el.getAttribute("data-small-width")) || 1 },
    fallback: { default: "jpg", parseHTML: (el) => (el.getAttribute("data-fallback") === "png" ? "png" : "jpg") },
  }),
  parseHTML: () => [{ tag: "figure[data-image-id]" }],
  renderHTML({ node }) {
    const a = node.attrs as { imageId: number; alt: string; caption: string; width: number; height: number; smallWidth: number; fallback: string };
    const missingAlt = !a.alt.trim();
    return [
      "figure",
      {
        class: `lesson-figure${missingAlt ? " outline outline-2 outline-offset-4 outline-red-600" : ""}`,
        "data-image-id": String(a.imageId),
        "data-width": String(a.width),
        "data-height": String(a.height),
        "data-small-width": String(a.smallWidth),
        "data-fallback": a.fallback,
      },
      ["img", { src: lessonImageUrl(this.options.lessonId, a.imageId, "small"), alt: a.alt, width: String(a.width), height: String(a.height) }],
      ["figcaption", {}, a.caption || (missingAlt ? "Falta el texto alternativo" : "")],
    ];
  },
});

const toolButton =
  "inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 disabled:opacity-50";

function ToolButton({ label, pressed, onClick, disabled }: { label: string; pressed?: boolean; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className={toolButton} aria-pressed={pressed} onClick={onClick} disabled={disabled} onMouseDown={(e) => e.preventDefault()}>
      {label}
    </button>
  );
}

function LinkBar({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState<string>(() => (editor.getAttributes("link").href as string | undefined) ?? "https://");
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const safe = safeHref(href.trim());
    if (!safe) {
      setError("Escribe una dirección que empiece con https://, http:// o mailto:");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: safe }).run();
    onClose();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="min-w-60 flex-1">
        <label htmlFor="enlace-direccion" className={labelClass}>
          Dirección del enlace
        </label>
        <input
          id="enlace-direccion"
          className={input}
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "enlace-error" : undefined}
          autoFocus
        />
        {error ? (
          <p id="enlace-error" className={fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <button type="button" className={toolButton} onClick={apply}>
        Aplicar enlace
      </button>
      <button
        type="button"
        className={toolButton}
        onClick={() => {
          editor.chain().focus().extendMarkRange("link").unsetLink().run();
          onClose();
        }}
      >
        Quitar enlace
      </button>
      <button type="button" className={toolButton} onClick={onClose}>
        Cancelar
      </button>
    </div>
  );
}

type UploadReply = { ok: boolean; message: string | null; fieldErrors: Record<string, string>; image?: LessonImageView };

function ImageUpload({ courseId, lessonId, onUploaded, onClose }: { courseId: number; lessonId: number; onUploaded: (image: LessonImageView, alt: string) => void; onClose: () => void }) {
  const fetcher = useFetcher<UploadReply>();
  const [alt, setAlt] = useState("");
  const [clientError, setClientError] = useState<{ image?: string; alt?: string }>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const handled = useRef<UploadReply | undefined>(undefined);
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    if (reply.ok && reply.image) onUploaded(reply.image, alt.trim());
  }, [fetcher.state, fetcher.data, onUploaded, alt]);
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  const imageError = clientError.image ?? serverErrors.image ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.message : null);
  const altError = clientError.alt ?? serverErrors.alt;
  const submit = () => {
    const file = fileRef.current?.files?.[0];
    const errors: { image?: string; alt?: string } = {};
    if (!file) errors.image = imageMessages.noFile;
    else if (imageTooLarge(file.size)) errors.image = imageMessages.tooLarge;
    if (!alt.trim()) errors.alt = imageMessages.altRequired;
    setClientError(errors);
    if (errors.image || errors.alt || !file) return;
    const form = new FormData();
    form.set("intent", "upload-lesson-image");
    form.set("lessonId", String(lessonId));
    form.set("alt", alt.trim());
    form.set("image", file);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data", action: `/admin/cursos/${courseId}?leccion=${lessonId}` });
  };
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2" role="group" aria-labelledby="imagen-nueva">
      <p id="imagen-nueva" className="text-sm font-bold text-ink sm:col-span-2">
        Agregar una imagen
      </p>
      <div>
        <label htmlFor="imagen-archivo" className={labelClass}>
          Imagen (PNG, JPEG, WebP o GIF)
        </label>
        <input
          id="imagen-archivo"
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className={`${input} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={`imagen-archivo-ayuda${imageError ? " imagen-archivo-error" : ""}`}
        />
        <p id="imagen-archivo-ayuda" className="mt-1 text-xs text-slate-600">
          Máximo {IMAGE_MAX_MB} MB. Se ajusta al ancho del teléfono y se le quitan los datos de ubicación y de la cámara.
        </p>
        {imageError ? (
          <p id="imagen-archivo-error" className={fieldError}>
            {imageError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="imagen-alt" className={labelClass}>
          Texto alternativo (obligatorio)
        </label>
        <input
          id="imagen-alt"
          className={input}
          value={alt}
          maxLength={300}
          onChange={(e) => setAlt(e.target.value)}
          aria-invalid={altError ? true : undefined}
          aria-describedby={`imagen-alt-ayuda${altError ? " imagen-alt-error" : ""}`}
        />
        <p id="imagen-alt-ayuda" className="mt-1 text-xs text-slate-600">
          Lo que muestra la imagen, para quien usa un lector de pantalla o no logra cargarla.
        </p>
        {altError ? (
          <p id="imagen-alt-error" className={fieldError}>
            {altError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="button" className={`${toolButton} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`} onClick={submit} disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Subiendo imagen..." : "Subir imagen"}
        </button>
        <button type="button" className={toolButton} onClick={onClose}>
          Cancelar
        </button>
      </div>
    </div>
  );
}

function SelectedImage({ editor }: { editor: Editor }) {
  const attrs = editor.getAttributes("lessonImage") as { alt?: string; caption?: string };
  const missing = !attrs.alt?.trim();
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2" role="group" aria-label="Imagen seleccionada">
      <div>
        <label htmlFor="imagen-sel-alt" className={labelClass}>
          Texto alternativo (obligatorio)
        </label>
        <input
          id="imagen-sel-alt"
          className={input}
          value={attrs.alt ?? ""}
          maxLength={300}
          onChange={(e) => editor.commands.updateAttributes("lessonImage", { alt: e.target.value })}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? "imagen-sel-alt-error" : undefined}
        />
        {missing ? (
          <p id="imagen-sel-alt-error" className={fieldError}>
            {imageMessages.altRequired}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="imagen-sel-pie" className={labelClass}>
          Pie de imagen (opcional)
        </label>
        <input
          id="imagen-sel-pie"
          className={input}
          value={attrs.caption ?? ""}
          maxLength={300}
          onChange={(e) => editor.commands.updateAttributes("lessonImage", { caption: e.target.value })}
        />
      </div>
    </div>
  );
}

function Toolbar({ editor, courseId, lessonId }: { editor: Editor; courseId: number; lessonId: number }) {
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      callout: e.isActive("callout"),
      link: e.isActive("link"),
      table: e.isActive("table"),
      image: e.isActive("lessonImage"),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-1.5" role="toolbar" aria-label="Formato de la lectura">
        <ToolButton label="Título" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
        <ToolButton label="Subtítulo" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
        <ToolButton label="Negrita" pressed={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton label="Cursiva" pressed={state.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton label="Lista" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label="Lista numerada" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton label="Recuadro destacado" pressed={state.callout} onClick={() => (state.callout ? chain().lift("callout").run() : chain().wrapIn("callout").run())} />
        <ToolButton label="Enlace" pressed={state.link || panel === "link"} onClick={() => setPanel(panel === "link" ? null : "link")} />
        <ToolButton label="Imagen" pressed={panel === "image"} onClick={() => setPanel(panel === "image" ? null : "image")} />
        <ToolButton label="Tabla" pressed={state.table} onClick={() => chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()} disabled={state.table} />
      </div>
      {state.table ? (
        <div className="flex flex-wrap gap-1.5" role="toolbar" aria-label="Tabla">
          <ToolButton label="Agregar fila" onClick={() => chain().addRowAfter().run()} />
          <ToolButton label="Agregar columna" onClick={() => chain().addColumnAfter().run()} />
          <ToolButton label="Quitar fila" onClick={() => chain().deleteRow().run()} />
          <ToolButton label="Quitar columna" onClick={() => chain().deleteColumn().run()} />
          <ToolButton label="Eliminar tabla" onClick={() => chain().deleteTable().run()} />
        </div>
      ) : null}
      {panel === "link" ? <LinkBar editor={editor} onClose={() => setPanel(null)} /> : null}
      {panel === "image" ? (
        <ImageUpload
          courseId={courseId}
          lessonId={lessonId}
          onClose={() => setPanel(null)}
          onUploaded={(image, alt) => {
            // With a paragraph after it for the cursor: a selected image would be replaced by whatever comes next.
            editor
              .chain()
              .focus()
              .insertContent([{ type: "lessonImage", attrs: { ...image, alt, caption: "" } }, { type: "paragraph" }])
              .run();
            setPanel(null);
          }}
        />
      ) : null}
      {state.image ? <SelectedImage editor={editor} /> : null}
    </div>
  );
}

/** Markdown's heading levels as the reading view shows them (# → h2, ## → h3), for the editor to read. */
function shiftHeadings(html: string) {
  return html.replace(/<(\/?)h2\b/g, "<$1h3").replace(/<(\/?)h1\b/g, "<$1h2");
}

export default function ReadingEditorClient({
  courseId,
  lessonId,
  lessonTitle,
  moduleTitle,
  initialDoc,
  legacyHtml,
  error,
}: {
  courseId: number;
  lessonId: number;
  lessonTitle: string;
  moduleTitle: string;
  initialDoc: LessonDoc | null;
  legacyHtml: string | null;
  error?: string;
}) {
  const [json, setJson] = useState<string>(() => (initialDoc ? JSON.stringify(initialDoc) : ""));
  const [previewDoc, setPreviewDoc] = useState<JSONContent | null>(initialDoc);
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", isAllowedUri: (url) => safeHref(url) !== null },
      }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Callout,
      LessonImage.configure({ lessonId }),
    ],
    [lessonId],
  );
  const editor = useEditor({
    extensions,
    immediatelyRender: false,
    content: initialDoc ?? (legacyHtml ? shiftHeadings(legacyHtml) : ""),
    editorProps: {
      attributes: {
        class: "lesson-prose min-h-72 rounded-b-lg border border-slate-300 bg-white focus:outline-2 focus:outline-brand-700",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Texto de la lectura",
        "aria-describedby": error ? "lectura-error" : "lectura-ayuda",
      },
    },
    onCreate: ({ editor: e }) => {
      // A Markdown lesson becomes a document here; saving stores it in place of the Markdown.
      setJson(JSON.stringify(e.getJSON()));
      setPreviewDoc(e.getJSON());
    },
    onUpdate: ({ editor: e }) => setJson(JSON.stringify(e.getJSON())),
  });

  // A save answers before the page's data is read again: the stored document arrives a moment later, and
  // replaces what the editor holds only when it differs (never while the owner types: the prop is unchanged).
  const initialJson = initialDoc ? JSON.stringify(initialDoc) : "";
  useEffect(() => {
    if (!editor || !initialJson || initialJson === JSON.stringify(editor.getJSON())) return;
    editor.commands.setContent(JSON.parse(initialJson) as JSONContent, { emitUpdate: true });
    setPreviewDoc(editor.getJSON());
  }, [editor, initialJson]);

  // The preview follows the text a moment after typing stops, not on every key.
  useEffect(() => {
    if (!editor) return;
    const t = setTimeout(() => setPreviewDoc(JSON.parse(json || '{"type":"doc","content":[]}') as JSONContent), 200);
    return () => clearTimeout(t);
  }, [json, editor]);

  const previewHtml = useMemo(() => {
    // An image still without its alt text is drawn all the same in the preview (saving is what refuses it).
    const cleaned = cleanLessonDoc(previewDoc ?? { type: "doc", content: [] }, { requireAlt: false });
    return cleaned.ok ? renderLessonDoc(lessonId, cleaned.doc) : "";
  }, [previewDoc, lessonId]);

  return (
    <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_auto]" data-reading-editor="ready">
      <div className="grid min-w-0 content-start gap-2">
        <p className="text-sm font-semibold text-slate-800" id="lectura-etiqueta">
          Texto de la lectura
        </p>
        <input type="hidden" name="doc" value={json} />
        {editor ? <Toolbar editor={editor} courseId={courseId} lessonId={lessonId} /> : null}
        <EditorContent editor={editor} />
        <p id="lectura-ayuda" className="text-xs text-slate-600">
          Escribe como en un documento: usa los botones para títulos, listas, recuadros, enlaces, imágenes y tablas. La vista del teléfono muestra cómo lo verá el alumno.
        </p>
        {error ? (
          <p id="lectura-error" className={fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <PhonePreview html={previewHtml} title={lessonTitle} moduleTitle={moduleTitle} />
    </div>
  );
}
