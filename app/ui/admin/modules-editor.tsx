import { Form, Link } from "react-router";
import { LESSON_STATUS_LABELS, LESSON_TYPE_LABELS, LESSON_TYPES } from "~/domain/admin-forms";
import { lessonTypeLabel } from "~/domain/lesson-types";
import { ConfirmDelete } from "./confirm-delete";
import type { EditorReply } from "~/domain/action-result";
import { resultFor } from "./editor-result";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { badge, card, secondaryButton, smallButton } from "./styles";

export interface EditorLessonView {
  id: number;
  title: string;
  type: string;
  status: string;
  filename: string | null;
  questions: number;
}

export interface EditorModuleView {
  id: number;
  title: string;
  description: string;
  lessons: EditorLessonView[];
}

// 44 × 44 px: a touch target a finger hits on a phone (WCAG 2.5.5).
const moveButton = `${smallButton} min-h-11 min-w-11 text-base`;

function MoveButtons({ intent, field, id, first, last, what }: { intent: string; field: string; id: number; first: boolean; last: boolean; what: string }) {
  return (
    <Form method="post" className="flex gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={id} />
      <button type="submit" name="direction" value="up" className={moveButton} disabled={first} aria-label={`Subir ${what}`}>
        ↑
      </button>
      <button type="submit" name="direction" value="down" className={moveButton} disabled={last} aria-label={`Bajar ${what}`}>
        ↓
      </button>
    </Form>
  );
}

function ModuleDetailsForm({ module, result }: { module: EditorModuleView; result?: EditorReply }) {
  const r = resultFor(result, `module-${module.id}`);
  const values = r.values ?? { title: module.title, description: module.description };
  return (
    <details open={Object.keys(r.errors).length > 0} className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">Editar módulo</summary>
      <Form method="post" key={r.nonce} className="mt-3 grid gap-3 rounded-xl bg-slate-50 p-4">
        <input type="hidden" name="moduleId" value={module.id} />
        <TextField label="Título del módulo" name="title" defaultValue={values.title} error={r.errors.title} />
        <TextArea label="Descripción del módulo" name="description" rows={2} defaultValue={values.description} error={r.errors.description} />
        <div>
          <SubmitButton intent="update-module" label="Guardar módulo" match={["moduleId", String(module.id)]} className={secondaryButton} />
        </div>
      </Form>
    </details>
  );
}

function AddLessonForm({ moduleId, result }: { moduleId: number; result?: EditorReply }) {
  const r = resultFor(result, `lesson-new-${moduleId}`);
  return (
    <details open={Object.keys(r.errors).length > 0} className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">Nueva lección</summary>
      <Form method="post" className="mt-3 grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <input type="hidden" name="moduleId" value={moduleId} />
        <TextField label="Título de la lección" name="title" defaultValue={r.values?.title ?? ""} error={r.errors.title} />
        <SelectField
          label="Tipo"
          name="type"
          defaultValue={r.values?.type ?? "presentacion"}
          error={r.errors.type}
          options={LESSON_TYPES.map((t) => ({ value: t, label: LESSON_TYPE_LABELS[t] }))}
        />
        <div className="sm:mt-6">
          <SubmitButton intent="add-lesson" label="Agregar lección" pendingLabel="Agregando..." match={["moduleId", String(moduleId)]} />
        </div>
      </Form>
    </details>
  );
}

function LessonItem({ courseId, lesson, first, last }: { courseId: number; lesson: EditorLessonView; first: boolean; last: boolean }) {
  const published = lesson.status === "published";
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink">{lesson.title}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className={`${badge} bg-slate-50 text-slate-700 ring-slate-300`}>{lessonTypeLabel(lesson.type)}</span>
          <span className={`${badge} ${published ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}>
            {LESSON_STATUS_LABELS[lesson.status as "published" | "pending"] ?? lesson.status}
          </span>
          {lesson.type === "examen" ? (
            <span className="text-slate-600">{lesson.questions} preguntas</span>
          ) : lesson.filename ? (
            <span className="break-all text-slate-600">{lesson.filename}</span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <Link to={`/admin/cursos/${courseId}?leccion=${lesson.id}`} className={smallButton} aria-label={`Editar lección ${lesson.title}`}>
          Editar
        </Link>
        <MoveButtons intent="move-lesson" field="lessonId" id={lesson.id} first={first} last={last} what={`lección ${lesson.title}`} />
        <ConfirmDelete
          label="Eliminar"
          question={`¿Eliminar la lección «${lesson.title}»? Se borrarán su archivo asociado, sus preguntas y el avance de los estudiantes en ella.`}
          intent="delete-lesson"
          fields={{ lessonId: lesson.id }}
        />
      </div>
    </li>
  );
}

export function ModulesEditor({ courseId, modules, result }: { courseId: number; modules: EditorModuleView[]; result?: EditorReply }) {
  const add = resultFor(result, "module-new");
  return (
    <div className="space-y-5">
      {modules.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
          Este curso aún no tiene módulos. Agrega el primero abajo.
        </p>
      ) : (
        <ol className="space-y-5">
          {modules.map((m, i) => (
            <li key={m.id} className={`${card} p-5`}>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <p className="text-xs font-bold uppercase tracking-wide text-brand-700">Módulo {i + 1}</p>
                  <h3 className="text-lg font-bold text-ink">{m.title}</h3>
                  {m.description ? <p className="mt-1 text-sm text-slate-600">{m.description}</p> : null}
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <MoveButtons intent="move-module" field="moduleId" id={m.id} first={i === 0} last={i === modules.length - 1} what={`módulo ${m.title}`} />
                  <ConfirmDelete
                    label="Eliminar módulo"
                    question={`¿Eliminar el módulo «${m.title}» y sus ${m.lessons.length} lecciones? Esta acción no se puede deshacer.`}
                    intent="delete-module"
                    fields={{ moduleId: m.id }}
                  />
                </div>
              </div>
              <ModuleDetailsForm module={m} result={result} />
              {m.lessons.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">Contenido en preparación: este módulo no tiene lecciones.</p>
              ) : (
                <ol className="mt-3 divide-y divide-slate-200 border-t border-slate-200">
                  {m.lessons.map((l, j) => (
                    <LessonItem key={l.id} courseId={courseId} lesson={l} first={j === 0} last={j === m.lessons.length - 1} />
                  ))}
                </ol>
              )}
              <AddLessonForm moduleId={m.id} result={result} />
            </li>
          ))}
        </ol>
      )}
      <Form method="post" key={add.nonce} className={`${card} grid gap-3 p-5`} aria-labelledby="nuevo-modulo">
        <h3 id="nuevo-modulo" className="text-lg font-bold text-ink">
          Agregar módulo
        </h3>
        <TextField label="Título del nuevo módulo" name="title" defaultValue={add.values?.title ?? ""} error={add.errors.title} />
        <TextArea label="Descripción del nuevo módulo" name="description" rows={2} defaultValue={add.values?.description ?? ""} error={add.errors.description} />
        <div>
          <SubmitButton intent="add-module" label="Agregar módulo" pendingLabel="Agregando..." />
        </div>
      </Form>
    </div>
  );
}
