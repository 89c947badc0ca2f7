// A reading lesson's text in the course editor. The editor (reading-editor-client.tsx: Tiptap, its toolbar and
// the phone preview) is fetched only once this page runs its JavaScript — a dynamic import, so no public page
// and not even the admin's first paint carries it. Until then, and without JavaScript:
// - a lesson still in Markdown keeps its Markdown field, saved as before;
// - a lesson written in the editor shows as the learner reads it, and keeps its text when the form is saved.
import { useEffect, useState, type ComponentType } from "react";
import type { LessonDoc } from "~/domain/lesson-doc";
import { TextArea } from "~/ui/primitives/field";
import "~/ui/learning/lesson-reading.css";

export interface ReadingView {
  doc: LessonDoc | null;
  /** A Markdown lesson's HTML, for the editor to convert. */
  legacyHtml: string | null;
  /** A document's HTML as the learner sees it (shown without JavaScript). */
  html: string | null;
}

type ClientProps = {
  courseId: number;
  lessonId: number;
  lessonTitle: string;
  moduleTitle: string;
  initialDoc: LessonDoc | null;
  legacyHtml: string | null;
  error?: string;
};

function parseDoc(json: string | undefined): LessonDoc | null {
  if (!json) return null;
  try {
    const doc = JSON.parse(json) as LessonDoc;
    return doc && doc.type === "doc" ? doc : null;
  } catch {
    return null;
  }
}

export function ReadingField({
  courseId,
  lessonId,
  lessonTitle,
  moduleTitle,
  reading,
  body,
  postedDoc,
  errors,
}: {
  courseId: number;
  lessonId: number;
  lessonTitle: string;
  moduleTitle: string;
  reading: ReadingView;
  body: string;
  /** The document as last posted (kept when the server refused it). */
  postedDoc?: string;
  errors: { body?: string; doc?: string };
}) {
  const [Client, setClient] = useState<ComponentType<ClientProps> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("./reading-editor-client").then(
      (m) => live && setClient(() => m.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (Client) {
    return (
      <Client
        courseId={courseId}
        lessonId={lessonId}
        lessonTitle={lessonTitle}
        moduleTitle={moduleTitle}
        initialDoc={parseDoc(postedDoc) ?? reading.doc}
        legacyHtml={reading.legacyHtml}
        error={errors.doc}
      />
    );
  }
  if (reading.doc) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-slate-800">Texto de la lectura</p>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {failed
            ? "No se pudo cargar el editor. Recarga la página para editar el texto; los demás datos se guardan igual."
            : "Cargando el editor… Sin JavaScript el texto no se puede editar, pero los demás datos se guardan y el texto queda como está."}
        </p>
        <div className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white">
          <div className="lesson-prose" dangerouslySetInnerHTML={{ __html: reading.html ?? "" }} />
        </div>
      </div>
    );
  }
  return (
    <TextArea
      label="Texto de la lectura (Markdown)"
      name="body"
      rows={10}
      defaultValue={body}
      error={errors.body}
      hint="Para lecciones de tipo Lectura: títulos con #, listas con -, **negrita**. Con JavaScript se abre el editor con vista del teléfono."
    />
  );
}
