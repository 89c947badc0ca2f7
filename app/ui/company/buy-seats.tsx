// Buying seats for a company: a course, how many, Webpay or bank transfer, an optional coupon, the terms.
import type { CheckoutReply } from "~/domain/action-result";
import { Form } from "react-router";
import { SelectField, TextField } from "../admin/field";
import { SubmitButton } from "../admin/submit-button";
import { card, fieldError } from "../admin/styles";

export type BuySeatsActionData = CheckoutReply;

export function BuySeatsForm({ courses, actionData, defaultCourse }: { courses: { id: number; title: string; price: string }[]; actionData?: BuySeatsActionData; defaultCourse: string }) {
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  return (
    <Form method="post" className={`${card} mt-6 grid gap-5 p-5`} aria-label="Comprar cupos" noValidate>
      {actionData?.formError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {actionData.formError}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Curso"
          name="courseId"
          required
          defaultValue={values.courseId ?? defaultCourse}
          error={errors.courseId}
          options={[{ value: "", label: "Elige un curso" }, ...courses.map((c) => ({ value: String(c.id), label: `${c.title} — ${c.price} por persona` }))]}
        />
        <TextField label="Cantidad de cupos" name="quantity" inputMode="numeric" required defaultValue={values.quantity} error={errors.quantity} hint="Un cupo por trabajador." />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Medio de pago</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {[
            ["webpay", "Webpay Plus (tarjeta de crédito o débito)"],
            ["transfer", "Transferencia bancaria u orden de compra"],
          ].map(([value, text]) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="method" value={value} defaultChecked={values.method === value} className="h-4 w-4 accent-brand-700" />
              {text}
            </label>
          ))}
        </div>
        {errors.method ? <p className={fieldError}>{errors.method}</p> : null}
      </fieldset>
      <TextField label="Cupón de descuento (opcional)" name="coupon" defaultValue={values.coupon} error={errors.coupon} />
      <div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="terms" value="on" className="h-4 w-4 accent-brand-700" />
          Acepto los términos de compra
        </label>
        {errors.terms ? <p className={fieldError}>{errors.terms}</p> : null}
      </div>
      <div>
        <SubmitButton intent="buy" label="Confirmar compra" pendingLabel="Procesando..." />
      </div>
    </Form>
  );
}
