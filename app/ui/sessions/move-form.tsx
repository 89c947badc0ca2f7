// The admin's "move to another date" form on a session's page: who (a booked learner without attendance yet) and
// where (another open date of the course). Refusals come back next to the field, with what was chosen kept.
import { Form } from "react-router";
import type { FormReply } from "~/domain/action-result";
import { SelectField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card } from "~/ui/admin/styles";

export function MoveForm({
  learners,
  targets,
  reply,
}: {
  learners: { bookingId: number; name: string }[];
  targets: { id: number; when: string; place: string; seatsLeft: number }[];
  reply: FormReply | undefined;
}) {
  if (learners.length === 0) return null;
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  const values = reply && !reply.ok ? reply.values : {};
  return (
    <section aria-labelledby="move-heading" className="mt-8">
      <h2 id="move-heading" className="text-lg font-bold text-ink">
        Cambiar de fecha
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        El cupo que se libera pasa a la lista de espera, como en una cancelación. La persona recibe un correo con la nueva fecha.
      </p>
      {targets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No hay otras fechas abiertas de este curso.</p>
      ) : (
        <Form method="post" className={`${card} mt-3 grid gap-4 p-5 sm:grid-cols-2`} key={reply?.ok ? reply.message : "move-form"}>
          <SelectField
            label="Persona"
            name="bookingId"
            required
            error={errors.bookingId}
            defaultValue={values.bookingId}
            options={[{ value: "", label: "Elige a quién mover" }, ...learners.map((l) => ({ value: String(l.bookingId), label: l.name }))]}
          />
          <SelectField
            label="Nueva fecha"
            name="targetSessionId"
            required
            error={errors.targetSessionId}
            defaultValue={values.targetSessionId}
            options={[
              { value: "", label: "Elige la nueva fecha" },
              ...targets.map((t) => ({
                value: String(t.id),
                label: `${t.when} · ${t.place} · ${t.seatsLeft === 0 ? "sin cupos" : t.seatsLeft === 1 ? "1 cupo" : `${t.seatsLeft} cupos`}`,
              })),
            ]}
          />
          <div className="sm:col-span-2">
            <SubmitButton label="Cambiar de fecha" pendingLabel="Cambiando..." intent="move" />
          </div>
        </Form>
      )}
    </section>
  );
}
