import type { FieldErrors, FormValues } from "~/domain/form-parse";
import { Form, Link, useNavigation } from "react-router";
import { ENROLMENT_STATUS_LABELS } from "~/domain/admin-forms";
import { formatDateTime } from "~/domain/format";
import { SelectField, TextField } from "~/ui/primitives/field";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "./responsive-table";
import { badge, card, dangerButton, primaryButton, secondaryButton } from "./styles";
import { Email } from "~/ui/primitives/email";

export interface CourseOption {
  id: number;
  title: string;
  status: string;
}

export interface EnrolmentRowView {
  id: number;
  enrolledAt: string | Date;
  progress: number;
  completed: boolean;
  courseTitle: string;
  userName: string;
  userEmail: string;
  certificateCode: string | null;
}

export function courseOptionLabel(c: CourseOption) {
  return c.status === "published" ? c.title : `${c.title} (borrador)`;
}

export function EnrolForm({
  courses,
  defaultCourseId,
  errors,
  values,
}: {
  courses: CourseOption[];
  defaultCourseId: number | null;
  errors?: FieldErrors;
  values?: FormValues;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "enrol";
  return (
    <Form method="post" className={`${card} mt-6 p-5`} aria-labelledby="inscribir-titulo">
      <h2 id="inscribir-titulo" className="text-lg font-bold text-ink">
        Inscribir a una persona
      </h2>
      <p className="mt-1 text-sm text-slate-600">La persona debe tener una cuenta creada con ese correo electrónico.</p>
      <input type="hidden" name="intent" value="enrol" />
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start">
        <TextField label="Correo electrónico" name="email" type="email" autoComplete="off" defaultValue={values?.email ?? ""} error={errors?.email} />
        <SelectField
          label="Curso"
          name="courseId"
          defaultValue={values?.courseId ?? (defaultCourseId ? String(defaultCourseId) : "")}
          error={errors?.courseId}
          options={[{ value: "", label: "Elige un curso" }, ...courses.map((c) => ({ value: String(c.id), label: courseOptionLabel(c) }))]}
        />
        <button type="submit" className={`${primaryButton} md:mt-6`} disabled={busy}>
          {busy ? "Inscribiendo..." : "Inscribir"}
        </button>
      </div>
    </Form>
  );
}

export function EnrolmentFilters({
  courses,
  courseId,
  status,
  rut,
}: {
  courses: CourseOption[];
  courseId: number | null;
  status: string | null;
  rut: string;
}) {
  return (
    <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" aria-label="Filtrar inscripciones">
      <SelectField
        label="Filtrar por curso"
        name="curso"
        defaultValue={courseId ? String(courseId) : ""}
        options={[{ value: "", label: "Todos los cursos" }, ...courses.map((c) => ({ value: String(c.id), label: courseOptionLabel(c) }))]}
      />
      <SelectField
        label="Filtrar por estado"
        name="estado"
        defaultValue={status ?? ""}
        options={[
          { value: "", label: "Todos los estados" },
          { value: "en-progreso", label: ENROLMENT_STATUS_LABELS["en-progreso"] },
          { value: "completado", label: ENROLMENT_STATUS_LABELS.completado },
        ]}
      />
      <TextField label="Buscar por RUT" name="rut" defaultValue={rut} placeholder="12.345.678-5" autoComplete="off" />
      <button type="submit" className={secondaryButton}>
        Filtrar
      </button>
    </Form>
  );
}

export function RemoveConfirmation({ enrolment, action, cancelHref }: { enrolment: EnrolmentRowView; action: string; cancelHref: string }) {
  return (
    <section aria-labelledby="confirmar-eliminar" className="mt-6 rounded-2xl border-2 border-red-300 bg-red-50 p-5">
      <h2 id="confirmar-eliminar" className="text-lg font-bold text-red-900">
        ¿Eliminar esta inscripción?
      </h2>
      <p className="mt-2 text-sm text-red-900">
        Se eliminará la inscripción de <strong>{enrolment.userName}</strong> ({enrolment.userEmail}) en <strong>«{enrolment.courseTitle}»</strong>, con su
        progreso{enrolment.certificateCode ? ` y su certificado ${enrolment.certificateCode}` : ""}. Esta acción no se puede deshacer.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="enrolmentId" value={enrolment.id} />
          <button type="submit" className={dangerButton}>
            Sí, eliminar inscripción
          </button>
        </Form>
        <Link to={cancelHref} className={secondaryButton}>
          Cancelar
        </Link>
      </div>
    </section>
  );
}

export function EnrolmentsTable({ enrolments, removeHref }: { enrolments: EnrolmentRowView[]; removeHref: (id: number) => string }) {
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Inscripciones</caption>
        <thead className={rtHead}>
          <tr>
            <th scope="col" className={rtTh}>Curso</th>
            <th scope="col" className={rtTh}>Persona</th>
            <th scope="col" className={rtTh}>Fecha</th>
            <th scope="col" className={rtTh}>Progreso</th>
            <th scope="col" className={rtTh}>Estado</th>
            <th scope="col" className={rtTh}>Certificado</th>
            <th scope="col" className={rtTh}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {enrolments.map((e) => (
            <tr key={e.id} className={rtRow}>
              <td className={`${rtCell} font-semibold text-ink`}>
                <span className={cellLabel}>Curso</span>
                <span>{e.courseTitle}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Persona</span>
                <span>
                  <span className="block font-medium text-ink">{e.userName}</span>
                  <Email address={e.userEmail} className="block text-slate-600" />
                </span>
              </td>
              <td className={`${rtCell} whitespace-nowrap`}>
                <span className={cellLabel}>Fecha</span>
                <span>{formatDateTime(e.enrolledAt)}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Progreso</span>
                <span>{e.progress}%</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Estado</span>
                <span className={`${badge} ${e.completed ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}>
                  {e.completed ? ENROLMENT_STATUS_LABELS.completado : ENROLMENT_STATUS_LABELS["en-progreso"]}
                </span>
              </td>
              <td className={`${rtCell} font-mono text-xs`}>
                <span className={`${cellLabel} font-sans text-sm`}>Certificado</span>
                {e.certificateCode ?? <span className="font-sans text-slate-500">—</span>}
              </td>
              <td className={rtCell}>
                <Link
                  to={removeHref(e.id)}
                  className="text-sm font-semibold text-red-800 underline-offset-2 hover:underline"
                  aria-label={`Eliminar la inscripción de ${e.userName} en ${e.courseTitle}`}
                >
                  Eliminar
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
