import type { FieldErrors, FormValues } from "~/domain/form-parse";
import { Form } from "react-router";
import { formatClp } from "~/domain/format";
import { SelectField, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "./responsive-table";
import { card, smallButton } from "./styles";
import { courseOptionLabel, type CourseOption } from "./enrolments-view";
import type { FormReply } from "~/domain/action-result";

export type CouponActionData = FormReply;

export function CouponForm({ courses, errors = {}, values = {} }: { courses: CourseOption[]; errors?: FieldErrors; values?: FormValues }) {
  return (
    <Form method="post" className={`${card} mt-6 grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-3`} aria-label="Crear cupón" noValidate>
      <TextField label="Código" name="code" required defaultValue={values.code} error={errors.code} hint="Letras, números, - y _ (se guarda en mayúsculas)." />
      <SelectField
        label="Tipo de descuento"
        name="kind"
        defaultValue={values.kind ?? "percent"}
        error={errors.kind}
        options={[
          { value: "percent", label: "Porcentaje (%)" },
          { value: "fixed", label: "Monto fijo (CLP)" },
        ]}
      />
      <TextField label="Valor" name="value" required inputMode="numeric" defaultValue={values.value} error={errors.value} hint="1 a 100 para porcentaje; pesos para monto fijo." />
      <SelectField
        label="Curso"
        name="courseId"
        defaultValue={values.courseId ?? ""}
        error={errors.courseId}
        options={[{ value: "", label: "Todos los cursos" }, ...courses.map((c) => ({ value: String(c.id), label: courseOptionLabel(c) }))]}
      />
      <TextField label="Vence el (opcional)" name="expiresOn" type="date" defaultValue={values.expiresOn} error={errors.expiresOn} hint="Válido hasta el final de ese día (hora de Chile)." />
      <TextField label="Máximo de usos (opcional)" name="maxUses" inputMode="numeric" defaultValue={values.maxUses} error={errors.maxUses} />
      <div className="sm:col-span-2 lg:col-span-3">
        <SubmitButton intent="create" label="Crear cupón" pendingLabel="Creando..." />
      </div>
    </Form>
  );
}

interface CouponRow {
  id: number;
  code: string;
  kind: string;
  value: number;
  expiresAt: string;
  maxUses: number | null;
  uses: number;
  active: boolean;
  courseTitle: string | null;
}

export function CouponsTable({ coupons }: { coupons: CouponRow[] }) {
  if (coupons.length === 0) {
    return <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">Aún no hay cupones.</p>;
  }
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Cupones</caption>
        <thead className={rtHead}>
          <tr>
            <th scope="col" className={rtTh}>Código</th>
            <th scope="col" className={rtTh}>Descuento</th>
            <th scope="col" className={rtTh}>Curso</th>
            <th scope="col" className={rtTh}>Vence</th>
            <th scope="col" className={rtTh}>Usos</th>
            <th scope="col" className={rtTh}>Estado</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {coupons.map((c) => (
            <tr key={c.id} className={rtRow}>
              <td className={`${rtCell} font-mono font-semibold text-ink`}>
                <span className={`${cellLabel} font-sans`}>Código</span>
                {c.code}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Descuento</span>
                {c.kind === "percent" ? `${c.value} %` : formatClp(c.value)}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Curso</span>
                {c.courseTitle ?? "Todos"}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Vence</span>
                {c.expiresAt || "Sin vencimiento"}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Usos</span>
                {c.maxUses === null ? `${c.uses}` : `${c.uses} de ${c.maxUses}`}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Estado</span>
                <Form method="post" className="flex items-center gap-2">
                  <span>{c.active ? "Activo" : "Inactivo"}</span>
                  <input type="hidden" name="couponId" value={c.id} />
                  <SubmitButton
                    intent={c.active ? "deactivate" : "activate"}
                    label={c.active ? "Desactivar" : "Activar"}
                    pendingLabel="..."
                    className={smallButton}
                    match={["couponId", String(c.id)]}
                  />
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
