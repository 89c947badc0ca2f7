// The company portal's skills sessions: the coming dates to book workers on, the workers holding a place, the
// form to ask for a session at the company and the requests sent.
import { Form, Link } from "react-router";
import type { FormReply } from "~/domain/action-result";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, table, tableWrap, td, th } from "~/ui/admin/styles";

export interface CompanySessionCard {
  id: number;
  courseTitle: string;
  when: string;
  place: string;
  seatsLeft: number;
  statusLabel: string;
  own: boolean;
}

export function CompanySessionList({ companyId, sessions }: { companyId: number; sessions: CompanySessionCard[] }) {
  if (sessions.length === 0) return <p className="mt-2 text-sm text-slate-700">No hay fechas abiertas para los cursos de tu empresa. Puedes solicitar una sesión en la empresa más abajo.</p>;
  return (
    <ul className="mt-3 grid gap-3 md:grid-cols-2">
      {sessions.map((s) => (
        <li key={s.id} className={`${card} flex flex-col gap-2 p-4`}>
          <p className="text-sm font-semibold text-brand-700">{s.courseTitle}</p>
          <p className="text-base font-bold text-ink">{s.when}</p>
          <p className="text-sm text-slate-700">{s.place}</p>
          <p className="text-sm text-slate-700">
            {s.statusLabel} · {s.seatsLeft === 1 ? "1 cupo disponible" : `${s.seatsLeft} cupos disponibles`}
            {s.own ? " · Sesión privada de tu empresa" : ""}
          </p>
          <Link to={`/empresa/${companyId}/sesiones/${s.id}`} className="mt-1 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">
            {/* A full date still takes bookings: they go to its waiting list. */}
            {s.seatsLeft === 0 ? "Anotar en la lista de espera" : "Reservar cupos"}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const PLACE_STATUS: Record<string, string> = { booked: "Cupo reservado", waiting: "En lista de espera", offered: "Cupo por confirmar" };
export const placeStatusLabel = (status: string) => PLACE_STATUS[status] ?? status;

export function CompanyBookingsTable({ rows }: { rows: { name: string; status: string; when: string; courseTitle: string }[] }) {
  if (rows.length === 0) return <p className="mt-2 text-sm text-slate-700">Ninguno de tus trabajadores tiene una sesión práctica reservada.</p>;
  return (
    <div className={`${tableWrap} mt-3`}>
      <table className={table}>
        <thead>
          <tr>
            <th className={th}>Trabajador</th>
            <th className={th}>Curso</th>
            <th className={th}>Fecha</th>
            <th className={th}>Estado</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={i}>
              <td className={td}>{r.name}</td>
              <td className={td}>{r.courseTitle}</td>
              <td className={td}>{r.when}</td>
              <td className={td}>{placeStatusLabel(r.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SessionRequestForm({ courses, reply }: { courses: { id: number; title: string }[]; reply: FormReply | undefined }) {
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  const values = reply && !reply.ok ? reply.values : {};
  if (courses.length === 0) {
    return <p className="mt-2 text-sm text-slate-700">Cuando inscribas trabajadores en un curso con evaluación práctica podrás solicitar una sesión en tu empresa.</p>;
  }
  return (
    <Form method="post" className={`${card} mt-3 grid gap-4 p-5 sm:grid-cols-2`} key={reply?.ok ? reply.message : "request-form"}>
      <SelectField
        label="Curso"
        name="courseId"
        required
        error={errors.courseId}
        defaultValue={values.courseId}
        options={[{ value: "", label: "Elige un curso" }, ...courses.map((c) => ({ value: String(c.id), label: c.title }))]}
      />
      <TextField label="Número de personas" name="people" inputMode="numeric" required error={errors.people} defaultValue={values.people} />
      <TextField
        label="Fechas que les acomodan"
        name="preferredDates"
        required
        error={errors.preferredDates}
        defaultValue={values.preferredDates}
        hint="Por ejemplo: martes o jueves de la segunda quincena de marzo, en la mañana."
        className="sm:col-span-2"
      />
      <TextField label="Dirección" name="address" required error={errors.address} defaultValue={values.address} />
      <TextField label="Comuna" name="comuna" required error={errors.comuna} defaultValue={values.comuna} />
      <TextArea label="Comentarios" name="notes" error={errors.notes} defaultValue={values.notes} rows={3} hint="Sala disponible, estacionamiento, turnos, lo que debamos saber." className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton label="Enviar solicitud" pendingLabel="Enviando..." intent="request" />
      </div>
    </Form>
  );
}
