import { useState } from "react";
import { Form, Link } from "react-router";
import {
  LESSON_STATUS_LABELS,
  LESSON_STATUSES,
  LESSON_TYPE_LABELS,
  LESSON_TYPES,
  uploadLimitBytes, uploadTooLargeMessage,
} from "~/domain/admin-forms";
import { ConfirmDelete } from "./confirm-delete";
import type { EditorReply } from "~/domain/action-result";
import { resultFor } from "./editor-result";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { Notice } from "./notice";
import { QuestionBank, type QuestionView } from "./question-bank";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, fieldError, input, label as labelClass } from "./styles";
import { formatFileSize } from "~/domain/format";
import type { ExamSettings } from "~/domain/exam-settings";
import { ExamSettingsForm } from "./exam-settings-form";
import { ReadingField, type ReadingView } from "./reading-editor";

export interface LessonEditorView {
  id: number;
  title: string;
  type: string;
  status: string;
  durationMin: number;
  downloadable: boolean;
  body: string | null;
}

export interface LessonFileView {
  filename: string;
  mime: string;
  size: number;
}

function fileKindLabel(mime: string) {
  if (mime === "application/pdf") return "PDF (se muestra en el visor)";
  if (mime.startsWith("video/")) return "Video MP4 (se reproduce en la página)";
  return "Archivo descargable";
}

function LessonForm({
  courseId,
  moduleTitle,
  lesson,
  reading,
  perAttempt,
  result,
}: {
  courseId: number;
  moduleTitle: string;
  lesson: LessonEditorView;
  reading: ReadingView | null;
  perAttempt: number;
  result?: EditorReply;
}) {
  const r = resultFor(result, `lesson-${lesson.id}`);
  const v = r.values ?? {
    title: lesson.title,
    type: lesson.type,
    durationMin: String(lesson.durationMin),
    status: lesson.status,
    downloadable: lesson.downloadable ? "on" : "",
    body: lesson.body ?? "",
  };
  return (
    <Form method="post" key={r.nonce} noValidate className={`${card} grid gap-4 p-5 sm:p-6`} aria-labelledby="datos-leccion">
      <h2 id="datos-leccion" className="text-lg font-bold text-ink">
        Datos de la lección
      </h2>
      <input type="hidden" name="lessonId" value={lesson.id} />
      <TextField label="Título" name="title" required defaultValue={v.title} error={r.errors.title} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Tipo"
          name="type"
          defaultValue={v.type}
          error={r.errors.type}
          options={LESSON_TYPES.map((t) => ({
            value: t,
            label: LESSON_TYPE_LABELS[t],
          }))}
        />
        <TextField
          label="Duración (minutos)"
          name="durationMin"
          inputMode="numeric"
          defaultValue={v.durationMin}
          error={r.errors.durationMin}
        />
        <SelectField
          label="Estado"
          name="status"
          defaultValue={v.status}
          error={r.errors.status}
          options={LESSON_STATUSES.map((s) => ({
            value: s,
            label: LESSON_STATUS_LABELS[s],
          }))}
          hint={lesson.type === "examen" ? `Un examen se publica con ${perAttempt} preguntas o más (las que toma cada intento).` : undefined}
        />
      </div>
      {lesson.type !== "examen" ? (
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input
            type="checkbox"
            name="downloadable"
            defaultChecked={v.downloadable === "on" || v.downloadable === "true"}
            className="h-4 w-4 accent-brand-700"
          />
          Permitir descargar el archivo
        </label>
      ) : null}
      {/* Only a reading uses the text; a lesson that has one keeps the field so nothing is lost. */}
      {reading && lesson.type === "lectura" ? (
        <ReadingField
          courseId={courseId}
          lessonId={lesson.id}
          lessonTitle={lesson.title}
          moduleTitle={moduleTitle}
          reading={reading}
          body={v.body ?? ""}
          postedDoc={r.values?.doc}
          errors={{ body: r.errors.body, doc: r.errors.doc }}
        />
      ) : lesson.type === "lectura" || v.body ? (
        <TextArea
          label="Texto de la lectura (Markdown)"
          name="body"
          rows={10}
          defaultValue={v.body}
          error={r.errors.body}
          hint="Para lecciones de tipo Lectura: títulos con #, listas con -, **negrita**."
        />
      ) : null}
      <div>
        <SubmitButton intent="update-lesson" label="Guardar lección" match={["lessonId", String(lesson.id)]} />
      </div>
    </Form>
  );
}

function UploadForm({
  lesson,
  file,
  maxUploadMb,
  result,
}: {
  lesson: LessonEditorView;
  file: LessonFileView | null;
  maxUploadMb: number;
  result?: EditorReply;
}) {
  const r = resultFor(result, `upload-${lesson.id}`);
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? r.errors.file;
  // With JavaScript, a file over the limit is refused before sending it (the server refuses it anyway).
  const checkSize = (event: React.FormEvent<HTMLFormElement>) => {
    const chosen = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (chosen && chosen.size > uploadLimitBytes(maxUploadMb)) {
      event.preventDefault();
      setClientError(uploadTooLargeMessage(maxUploadMb));
    } else setClientError(null);
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      key={r.nonce}
      onSubmit={checkSize}
      className={`${card} grid gap-3 p-5 sm:p-6`}
      aria-labelledby="archivo-leccion"
    >
      <h2 id="archivo-leccion" className="text-lg font-bold text-ink">
        Archivo de la lección
      </h2>
      {file ? (
        <p className="text-sm text-slate-700">
          Archivo actual: <strong className="break-all">{file.filename}</strong> · {fileKindLabel(file.mime)} · {formatFileSize(file.size)}
        </p>
      ) : (
        <p className="text-sm text-slate-700">Esta lección aún no tiene archivo.</p>
      )}
      <input type="hidden" name="lessonId" value={lesson.id} />
      <div>
        <label htmlFor="archivo" className={labelClass}>
          {file ? "Archivo nuevo (reemplaza al actual)" : "Archivo"}
        </label>
        <input
          id="archivo"
          name="file"
          type="file"
          // A hint for the file picker only (its "all files" choice stays): the server checks the content.
          accept={lesson.type === "video" ? "video/mp4,.mp4,.m4v" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`archivo-ayuda${error ? " archivo-error" : ""}`}
          className={`${input} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
        />
        <p id="archivo-ayuda" className="mt-1 text-xs text-slate-600">
          PDF para presentaciones y documentos, MP4 para videos; otros formatos quedan solo para descargar. Máximo {maxUploadMb} MB.
        </p>
        {error ? (
          <p id="archivo-error" className={fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <SubmitButton intent="upload-file" label="Subir archivo" pendingLabel="Subiendo..." match={["lessonId", String(lesson.id)]} />
      </div>
    </Form>
  );
}

export function LessonEditor({
  courseId,
  moduleTitle,
  lesson,
  file,
  reading,
  questions,
  examSettings,
  maxUploadMb,
  result,
}: {
  courseId: number;
  moduleTitle: string;
  lesson: LessonEditorView;
  reading: ReadingView | null;
  file: LessonFileView | null;
  questions: QuestionView[];
  examSettings: ExamSettings;
  maxUploadMb: number;
  result?: EditorReply;
}) {
  const notice =
    result && result.message && (result.form.endsWith(`-${lesson.id}`) || result.form.startsWith("question") || result.form === "delete")
      ? result
      : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link
            to={`/admin/cursos/${courseId}?vista=contenido`}
            className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            ← Volver a módulos y lecciones
          </Link>
          <p className="mt-1 text-sm text-slate-600">Módulo: {moduleTitle}</p>
        </div>
        <ConfirmDelete
          label="Eliminar lección"
          question={`¿Eliminar la lección «${lesson.title}»? Se borrarán sus preguntas y el avance de los estudiantes en ella.`}
          intent="delete-lesson"
          fields={{ lessonId: lesson.id }}
        />
      </div>
      {notice ? <Notice ok={notice.ok} message={notice.message!} /> : null}
      <LessonForm courseId={courseId} moduleTitle={moduleTitle} lesson={lesson} reading={reading} perAttempt={examSettings.questionCount} result={result} />
      {lesson.type !== "examen" && lesson.type !== "practica" ? <UploadForm lesson={lesson} file={file} maxUploadMb={maxUploadMb} result={result} /> : null}
      {lesson.type === "examen" ? <ExamSettingsForm courseId={courseId} lessonId={lesson.id} settings={examSettings} result={result} /> : null}
      {lesson.type === "examen" ? <QuestionBank lessonId={lesson.id} questions={questions} perAttempt={examSettings.questionCount} result={result} /> : null}
    </div>
  );
}
