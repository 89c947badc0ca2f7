// Administration forms: one zod schema per form, shared by the server (which parses every input) and
// the UI (which shows the Spanish messages next to each field). Values arrive as form strings.
import { z } from "zod";
import { EXAM_QUESTION_COUNT } from "./grading";
import { singleLineText, withoutControlChars } from "./plain-text";

export const PAGE_SIZE = 25;
// An exam draws this many questions by default (docs/decisions.md B11), so its bank needs at least as many; an exam
// with its own settings (exam-settings.ts) needs its own number.
export const MIN_EXAM_QUESTIONS = EXAM_QUESTION_COUNT;

/** Shown by the upload form (before sending, with JavaScript) and by the server. */
export const uploadTooLargeMessage = (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB.`;

/** A lesson file's limit in bytes, from MAX_UPLOAD_MB: the same number for the form's check and the server's. */
export const uploadLimitBytes = (mb: number) => mb * 1024 * 1024;

import { LESSON_TYPES } from "./lesson-types";
import { idField } from "./ids";
import { DEFAULT_TAX_TREATMENT, TAX_TREATMENTS } from "./tax-documents";
import { validityMonthsField } from "./certificate-validity";
export { LESSON_TYPES, LESSON_TYPE_LABELS, type LessonType } from "./lesson-types";

export const LESSON_STATUSES = ["published", "pending"] as const;
export const LESSON_STATUS_LABELS: Record<(typeof LESSON_STATUSES)[number], string> = {
  published: "Publicada",
  pending: "Pendiente (Próximamente)",
};

export const COURSE_STATUS_LABELS: Record<string, string> = { published: "Publicado", draft: "Borrador" };

// Control characters never reach the database (NUL would make PostgreSQL fail): see plain-text.ts.
const multiline = z.string().transform((v) => withoutControlChars(v, { multiline: true }));
const text = (max: number, tooLong: string) => multiline.pipe(z.string().trim().max(max, tooLong));
const required = (message: string, max = 200) => singleLineText.pipe(z.string().trim().min(1, message).max(max, `Máximo ${max} caracteres.`));
const lines = (maxLines: number, message: string) =>
  multiline
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .refine((l) => l.length <= maxLines, message)
    .refine((l) => l.every((x) => x.length <= 300), "Cada línea puede tener como máximo 300 caracteres.");

const nonNegativeIntOrZero = (message: string, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? "0" : v))
    .pipe(z.string().regex(/^\d+$/, message).transform(Number))
    .refine((n) => n <= max, message);

/** A price in whole pesos: '20000', '20.000' or '$20.000'; empty = 'Precio por confirmar' (null). */
export const priceField = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\$\s*/, "").replace(/\./g, ""))
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "Ingresa el precio en pesos chilenos, sin decimales (por ejemplo 20000), o déjalo vacío.")
  .transform((v) => (v === "" ? null : Number(v)));

const dateField = z
  .string()
  .trim()
  .refine((v) => {
    if (v === "") return true;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
  }, "Ingresa una fecha válida o déjala vacía.")
  .transform((v) => (v === "" ? null : v));

const imageField = z
  .string()
  .trim()
  .max(500, "Máximo 500 caracteres.")
  .refine(
    (v) => v === "" || (/^\/[^/\\]/.test(v) && !/\s/.test(v)) || /^https?:\/\/[^\s]+$/.test(v),
    "Ingresa una ruta que empiece con / (por ejemplo /images/cursos/rcp.svg) o una dirección http(s).",
  )
  .transform((v) => (v === "" ? null : v));

export const courseFormSchema = z.object({
  title: required("Ingresa el título del curso."),
  category: required("Ingresa la categoría.", 80),
  level: required("Ingresa el nivel (por ejemplo Básico).", 80),
  priceClp: priceField,
  modality: text(200, "Máximo 200 caracteres."),
  description: required("Ingresa una descripción breve.", 1000),
  longDescription: text(20000, "Máximo 20.000 caracteres."),
  audience: text(5000, "Máximo 5.000 caracteres."),
  topics: lines(30, "Máximo 30 temas."),
  materials: text(5000, "Máximo 5.000 caracteres."),
  certification: text(5000, "Máximo 5.000 caracteres."),
  imageUrl: imageField,
  nextDate: dateField,
  location: text(200, "Máximo 200 caracteres."),
  requirements: lines(30, "Máximo 30 requisitos."),
  instructorName: text(200, "Máximo 200 caracteres."),
  instructorTitle: text(300, "Máximo 300 caracteres."),
  // Which document its sales get (docs/decisions.md F4); a form without the field keeps the default, exempt.
  taxTreatment: z.preprocess((v) => (v === "" ? DEFAULT_TAX_TREATMENT : v), z.enum(TAX_TREATMENTS, { error: "Elige cómo se documentan las ventas del curso." })),
  // Its certificates' validity in months (docs/certificate-validity.md); empty or absent: they never expire.
  validityMonths: z.preprocess((v) => v ?? "", validityMonthsField),
  // What renewing costs a learner (docs/certificate-validity.md, "Renewal"); empty or absent: the course price.
  renewalPriceClp: z.preprocess((v) => v ?? "", priceField),
})
  .refine((d) => d.renewalPriceClp === null || d.priceClp !== null, { path: ["renewalPriceClp"], error: "Ingresa primero el precio del curso, o deja vacío el de renovación." })
  .refine((d) => d.renewalPriceClp === null || d.renewalPriceClp > 0, { path: ["renewalPriceClp"], error: "El precio de renovación debe ser mayor que cero; para renovar sin costo, usa un cupón del 100 %." })
  .refine((d) => d.renewalPriceClp === null || d.priceClp === null || d.renewalPriceClp <= d.priceClp, {
    path: ["renewalPriceClp"],
    error: "El precio de renovación no puede ser mayor que el precio del curso.",
  });
export const COURSE_FIELDS = Object.keys(courseFormSchema.shape) as (keyof typeof courseFormSchema.shape)[];
export type CourseFormData = z.infer<typeof courseFormSchema>;

export const moduleFormSchema = z.object({
  title: required("Ingresa el título del módulo."),
  description: text(2000, "Máximo 2.000 caracteres."),
});
export const MODULE_FIELDS = ["title", "description"] as const;

export const lessonFormSchema = z.object({
  title: required("Ingresa el título de la lección."),
  type: z.enum(LESSON_TYPES, { error: "Elige un tipo de lección." }),
  durationMin: nonNegativeIntOrZero("Ingresa la duración en minutos: un número entero entre 0 y 1000.", 1000),
  status: z.enum(LESSON_STATUSES, { error: "Elige un estado." }),
  downloadable: z.string().transform((v) => v === "on" || v === "true" || v === "1"),
  body: text(200_000, "El texto es demasiado largo (máximo 200.000 caracteres)."),
  // The editor's document as JSON (domain/lesson-doc.ts), checked by the server; empty: not sent (no JavaScript).
  doc: z.string().max(4_000_000, "La lectura es demasiado larga."),
});
export const newLessonSchema = lessonFormSchema.pick({ title: true, type: true });

export const LESSON_FIELDS = ["title", "type", "durationMin", "status", "downloadable", "body", "doc"] as const;
export type LessonFormData = z.infer<typeof lessonFormSchema>;


export const enrolByEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Ingresa el correo electrónico de la persona.")
    .pipe(z.email("El correo electrónico no es válido.")),
  courseId: idField("Elige un curso."),
});
export const ENROL_FIELDS = ["email", "courseId"] as const;


export const ENROLMENT_STATUSES = ["en-progreso", "completado"] as const;
export type EnrolmentStatusFilter = (typeof ENROLMENT_STATUSES)[number];
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatusFilter, string> = {
  "en-progreso": "En progreso",
  completado: "Completado",
};

/** `?pagina=`: a page number from 1; anything else is page 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** 'Reanimación Cardiopulmonar' → 'reanimacion-cardiopulmonar'. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "curso";
}
