// The admin's forms: schedule a session, and a relator's profile.
import { Form } from "react-router";
import type { FormReply } from "~/domain/action-result";
import { SelectField, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card } from "~/ui/admin/styles";

export function SessionForm({
  courses,
  instructors,
  companies,
  reply,
  defaults = {},
  requestId,
}: {
  /** Values to start from (a company's request being answered). */
  defaults?: Record<string, string>;
  requestId?: number;
  courses: { id: number; title: string }[];
  instructors: { userId: string; displayName: string; email: string; expired: boolean }[];
  companies: { id: number; name: string }[];
  reply: FormReply | undefined;
}) {
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  const values: Record<string, string | undefined> = reply && !reply.ok ? reply.values : defaults;
  return (
    <Form method="post" className={`${card} mt-4 grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-3`} key={reply?.ok ? reply.message : `session-form-${requestId ?? ""}`}>
      {requestId ? <input type="hidden" name="requestId" value={requestId} /> : null}
      <SelectField
        label="Curso"
        name="courseId"
        required
        error={errors.courseId}
        defaultValue={values.courseId}
        options={[{ value: "", label: "Elige un curso" }, ...courses.map((c) => ({ value: String(c.id), label: c.title }))]}
      />
      <TextField label="Fecha y hora (hora de Chile)" name="startsAt" type="datetime-local" required error={errors.startsAt} defaultValue={values.startsAt} />
      <TextField label="Duración (minutos)" name="durationMin" inputMode="numeric" required error={errors.durationMin} defaultValue={values.durationMin ?? "180"} />
      <SelectField
        label="Lugar"
        name="placeKind"
        required
        error={errors.placeKind}
        defaultValue={values.placeKind ?? "venue"}
        options={[
          { value: "venue", label: "Sede o dirección" },
          { value: "company", label: "En la empresa (sesión privada)" },
        ]}
      />
      <TextField label="Dirección" name="address" error={errors.address} defaultValue={values.address} hint="Si es en una sede o dirección." />
      <TextField label="Comuna" name="comuna" error={errors.comuna} defaultValue={values.comuna} />
      <SelectField
        label="Empresa"
        name="companyId"
        error={errors.companyId}
        defaultValue={values.companyId}
        hint="Solo si es en la empresa."
        options={[{ value: "", label: "Ninguna" }, ...companies.map((c) => ({ value: String(c.id), label: c.name }))]}
      />
      <TextField label="Indicaciones" name="placeNotes" error={errors.placeNotes} defaultValue={values.placeNotes} hint="Piso, sala, estacionamiento, qué traer." />
      <TextField label="Cupo" name="capacity" inputMode="numeric" required error={errors.capacity} defaultValue={values.capacity ?? "12"} />
      <SelectField
        label="Relator"
        name="instructorId"
        required
        error={errors.instructorId}
        defaultValue={values.instructorId}
        // With the account's e-mail: two relators may share a name.
        options={[{ value: "", label: "Elige un relator" }, ...instructors.map((i) => ({ value: i.userId, label: `${i.displayName} (${i.email})${i.expired ? " — credencial vencida" : ""}` }))]}
      />
      <TextField label="Precio aparte (CLP)" name="priceClp" inputMode="numeric" error={errors.priceClp} defaultValue={values.priceClp} hint="Vacío: incluida en el curso." />
      <TextField
        label="Plazo para cancelar (horas antes)"
        name="cancelHoursBefore"
        inputMode="numeric"
        required
        error={errors.cancelHoursBefore}
        defaultValue={values.cancelHoursBefore ?? "24"}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <SubmitButton label="Programar sesión" pendingLabel="Programando..." intent="create" />
      </div>
    </Form>
  );
}

export function InstructorForm({ reply }: { reply: FormReply | undefined }) {
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  const values = reply && !reply.ok ? reply.values : {};
  return (
    <Form method="post" className={`${card} mt-4 grid gap-4 p-5 sm:grid-cols-2`} key={reply?.ok ? reply.message : "instructor-form"}>
      <TextField label="Correo de su cuenta" name="email" type="email" required error={errors.email} defaultValue={values.email} hint="La persona debe tener una cuenta en la academia." />
      <TextField label="Nombre en los certificados" name="displayName" required error={errors.displayName} defaultValue={values.displayName} />
      <TextField label="Título o profesión" name="title" required error={errors.title} defaultValue={values.title} />
      <TextField label="Credencial de instructor" name="credential" required error={errors.credential} defaultValue={values.credential} hint="Por ejemplo: Instructor BLS AHA n.º 12345." />
      <TextField label="Vigencia de la credencial" name="credentialExpiresOn" type="date" error={errors.credentialExpiresOn} defaultValue={values.credentialExpiresOn} />
      <div className="sm:col-span-2">
        <SubmitButton label="Guardar relator" intent="instructor" />
      </div>
    </Form>
  );
}
