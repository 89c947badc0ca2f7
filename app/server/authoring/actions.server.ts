// Every change the course editor posts, dispatched by `intent` to the module that owns it.
import { data } from "react-router";
import { z } from "zod";
import { env } from "../platform/env.server";
import { readForm, type ReadForm } from "../platform/http/request-body.server";
import { catalogueChanged } from "../catalogue/events.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { COURSE_FIELDS, LESSON_FIELDS, MODULE_FIELDS, courseFormSchema, lessonFormSchema, moduleFormSchema, newLessonSchema } from "~/domain/admin-forms";
import { checkQuestion, QUESTION_FIELDS } from "~/domain/question-input";
import { EXAM_SETTINGS_FIELDS, examSettingsFormSchema } from "~/domain/exam-settings";
import { formStrings } from "~/domain/form-parse";
import { parseForm, type FieldErrors, type FormValues } from "~/domain/form-parse";
import { type Outcome } from "./shared.server";
import { updateCourse, setCourseStatus } from "./courses.server";
import { addModule, updateModule, moveModule, deleteModule } from "./modules.server";
import { addLesson, updateLesson, moveLesson, deleteLesson, saveExamSettings } from "./lessons.server";
import { uploadLessonFile } from "./uploads.server";
import { uploadLessonImage, type LessonImageView } from "./lesson-images.server";
import { removeCourseCover, uploadCourseCover } from "./course-cover.server";
import { addQuestion, updateQuestion, deleteQuestion } from "./questions.server";
import { idSchema } from "~/domain/ids";
import type { EditorReply } from "~/domain/action-result";

// ── The editor's actions ────────────────────────────────────────────────────

/** `image`: the stored image an in-place upload made, for the editor to place it. */
export type EditorActionResponse = { status: number; result: EditorReply & { image?: LessonImageView } } | { redirect: string };

function reply(form: string, outcome: Outcome, values: FormValues = {}): EditorActionResponse {
  if (outcome.ok) return { status: 200, result: { form, ok: true, message: outcome.message, fieldErrors: {}, values: {}, nonce: Date.now() } };
  const fieldErrors = outcome.field ? { [outcome.field]: outcome.message } : {};
  const status = outcome.status ?? (outcome.message === courseEditorMessages.notFound ? 404 : 400);
  return { status, result: { form, ok: false, message: outcome.field ? null : outcome.message, fieldErrors, values, nonce: 0 } };
}

function invalid(form: string, fieldErrors: FieldErrors, values: FormValues): EditorActionResponse {
  return { status: 400, result: { form, ok: false, message: null, fieldErrors, values, nonce: 0 } };
}

const badRequest = (): EditorActionResponse => ({
  status: 400,
  result: { form: "", ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {}, nonce: 0 },
});

const directionSchema = z.enum(["up", "down"]);

/**
 * Every change the course editor posts, by `intent`. The caller has already checked the admin.
 * Afterwards the anonymous page cache is emptied, so the catalogue and the course page show the
 * change to the very next visitor (a failed or refused change costs one extra render, nothing more).
 */
export async function handleCourseEditorAction(request: Request, courseId: number, byUserId: string): Promise<EditorActionResponse> {
  try {
    return await runCourseEditorAction(request, courseId, byUserId);
  } finally {
    catalogueChanged();
  }
}

async function runCourseEditorAction(request: Request, courseId: number, byUserId: string): Promise<EditorActionResponse> {
  const read = await readForm(request, "upload");
  if (!read.ok && read.status === 413) {
    const lessonId = idSchema.safeParse(new URL(request.url).searchParams.get("leccion"));
    const cover = new URL(request.url).searchParams.has("portada");
    return reply(cover ? "cover" : lessonId.success ? `upload-${lessonId.data}` : "upload", {
      ok: false,
      message: courseEditorMessages.tooLarge(env().MAX_UPLOAD_MB),
      field: cover ? "cover" : "file",
      status: 413,
    });
  }
  if (!read.ok) throw data(read.message, { status: read.status });
  try {
    return await runIntent(read, courseId, byUserId);
  } finally {
    // Whatever happened (stored, refused, failed), no temporary upload file outlives the request.
    await read.cleanup();
  }
}

/** A question's form, checked as an imported row is (domain/question-input.ts). */
function parseQuestion(form: FormData) {
  const values = formStrings(form, QUESTION_FIELDS);
  // A multiple-answer question's correct options come as one checkbox each, all named correctIndex.
  if (values.kind === "multiple") values.correctIndex = form.getAll("correctIndex").filter((v) => typeof v === "string").join(",");
  const checked = checkQuestion(values);
  return checked.ok ? ({ ok: true, data: checked.data, values } as const) : ({ ok: false, fieldErrors: checked.fieldErrors, values } as const);
}

async function runIntent({ form, files }: ReadForm, courseId: number, byUserId: string): Promise<EditorActionResponse> {
  const id = (name: string) => idSchema.safeParse(form.get(name));
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "save-course": {
      const parsed = parseForm(courseFormSchema, form, COURSE_FIELDS);
      if (!parsed.ok) return invalid("course", parsed.fieldErrors, parsed.values);
      return reply("course", await updateCourse(courseId, parsed.data), parsed.values);
    }
    case "upload-cover":
      return reply("cover", await uploadCourseCover(courseId, files.get("cover")));
    case "remove-cover":
      return reply("cover", await removeCourseCover(courseId));
    case "publish":
    case "unpublish":
      return reply("status", await setCourseStatus(courseId, intent === "publish" ? "published" : "draft"));
    case "add-module": {
      const parsed = parseForm(moduleFormSchema, form, MODULE_FIELDS);
      if (!parsed.ok) return invalid("module-new", parsed.fieldErrors, parsed.values);
      return reply("module-new", await addModule(courseId, parsed.data), parsed.values);
    }
    case "update-module": {
      const moduleId = id("moduleId");
      if (!moduleId.success) return badRequest();
      const key = `module-${moduleId.data}`;
      const parsed = parseForm(moduleFormSchema, form, MODULE_FIELDS);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await updateModule(courseId, moduleId.data, parsed.data), parsed.values);
    }
    case "move-module":
    case "move-lesson": {
      const target = id(intent === "move-module" ? "moduleId" : "lessonId");
      const direction = directionSchema.safeParse(form.get("direction"));
      if (!target.success || !direction.success) return badRequest();
      const move = intent === "move-module" ? moveModule : moveLesson;
      return reply("move", await move(courseId, target.data, direction.data));
    }
    case "delete-module": {
      const moduleId = id("moduleId");
      if (!moduleId.success) return badRequest();
      return reply("delete", await deleteModule(courseId, moduleId.data));
    }
    case "add-lesson": {
      const moduleId = id("moduleId");
      if (!moduleId.success) return badRequest();
      const key = `lesson-new-${moduleId.data}`;
      const parsed = parseForm(newLessonSchema, form, ["title", "type"]);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      const outcome = await addLesson(courseId, moduleId.data, parsed.data);
      if (outcome.ok && outcome.id) return { redirect: `/admin/cursos/${courseId}?leccion=${outcome.id}` };
      return reply(key, outcome, parsed.values);
    }
    case "update-lesson": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const key = `lesson-${lessonId.data}`;
      const parsed = parseForm(lessonFormSchema, form, LESSON_FIELDS);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await updateLesson(courseId, lessonId.data, parsed.data), parsed.values);
    }
    case "delete-lesson": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const outcome = await deleteLesson(courseId, lessonId.data);
      if (outcome.ok) return { redirect: `/admin/cursos/${courseId}?vista=contenido` };
      return reply("delete", outcome);
    }
    case "upload-file": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const file = files.get("file");
      if (!file || file.size === 0) {
        return reply(`upload-${lessonId.data}`, { ok: false, message: courseEditorMessages.noFile, field: "file" });
      }
      return reply(`upload-${lessonId.data}`, await uploadLessonFile(courseId, lessonId.data, file));
    }
    case "upload-lesson-image": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const key = `image-${lessonId.data}`;
      const alt = String(form.get("alt") ?? "").slice(0, 300);
      const outcome = await uploadLessonImage(courseId, lessonId.data, files.get("image"), alt);
      const response = reply(key, outcome, { alt });
      if (outcome.ok && "result" in response) return { ...response, result: { ...response.result, image: outcome.image } };
      return response;
    }
    case "add-question": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const parsed = parseQuestion(form);
      if (!parsed.ok) return invalid("question-new", parsed.fieldErrors, parsed.values);
      return reply("question-new", await addQuestion(courseId, lessonId.data, parsed.data), parsed.values);
    }
    case "update-question": {
      const questionId = id("questionId");
      if (!questionId.success) return badRequest();
      const key = `question-${questionId.data}`;
      const parsed = parseQuestion(form);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await updateQuestion(courseId, questionId.data, parsed.data), parsed.values);
    }
    case "save-exam-settings": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const key = `exam-settings-${lessonId.data}`;
      const parsed = parseForm(examSettingsFormSchema, form, EXAM_SETTINGS_FIELDS);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await saveExamSettings(courseId, lessonId.data, parsed.data, byUserId), parsed.values);
    }
    case "delete-question": {
      const questionId = id("questionId");
      if (!questionId.success) return badRequest();
      return reply("delete", await deleteQuestion(courseId, questionId.data));
    }
    default:
      return badRequest();
  }
}
