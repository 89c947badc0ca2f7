// Buying seats for a company, laid out as the individual checkout (and with its parts): what is bought — the
// company, the course, how many and the total, worked out as the manager types — and how it is paid.
import { useState } from "react";
import type { CheckoutReply } from "~/domain/action-result";
import { Form, Link } from "react-router";
import { seatsLine } from "~/domain/commerce";
import { formatClp } from "~/domain/format";
import { SelectField, TextField } from "~/ui/primitives/field";
import { CompanyTaxFields } from "../commerce/tax-data-fields";
import { checkoutBox, ConfirmButton, CouponField, PaymentMethodField, PurchaseTerms, SellerTerms, usePosting } from "../commerce/checkout-view";

export type BuySeatsActionData = CheckoutReply;

type SeatCourse = { id: number; title: string; priceClp: number };

/** 'N cupos × $precio = $total' for what is typed, or null while the course or the quantity is missing. */
function totalOf(courses: SeatCourse[], courseId: string, quantity: string): { line: string; total: string } | null {
  const course = courses.find((c) => String(c.id) === courseId);
  const n = /^\s*\d{1,6}\s*$/.test(quantity) ? Number(quantity) : 0;
  if (!course || n < 1) return null;
  return { line: seatsLine(n, course.priceClp), total: formatClp(n * course.priceClp) };
}

export function BuySeatsView({
  company,
  courses,
  actionData,
  defaultCourse,
  buyerEmail,
  taxCompany,
}: {
  company: { id: number; name: string; rut: string };
  courses: SeatCourse[];
  actionData?: BuySeatsActionData;
  defaultCourse: string;
  buyerEmail: string;
  /** The company's data for the factura, when sales get tax documents. */
  taxCompany: { name: string; rut: string; giro: string; address: string; comuna: string } | null;
}) {
  const busy = usePosting();
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const [courseId, setCourseId] = useState(values.courseId ?? defaultCourse);
  const [quantity, setQuantity] = useState(values.quantity ?? "");
  const total = totalOf(courses, courseId, quantity);
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-4xl">
        <p className="text-sm">
          <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
            ← {company.name}
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-bold text-ink">Comprar cupos</h1>
        <p className="mt-1 text-slate-600">Un cupo por trabajador. Revisa el total y elige cómo pagar. El comprobante llegará a {buyerEmail}.</p>

        <Form
          method="post"
          className="mt-8 grid gap-6 lg:grid-cols-5"
          aria-label="Comprar cupos"
          noValidate
          onChange={(e) => {
            const form = e.currentTarget;
            setCourseId(String(new FormData(form).get("courseId") ?? ""));
            setQuantity(String(new FormData(form).get("quantity") ?? ""));
          }}
        >
          <div className={`${checkoutBox} lg:col-span-2`}>
            <h2 className="text-lg font-bold text-ink">Tu compra</h2>
            <p className="mt-3 text-sm text-slate-700">
              Para <strong className="text-ink">{company.name}</strong>, RUT <span className="whitespace-nowrap">{company.rut}</span>
            </p>
            <SelectField
              className="mt-4"
              label="Curso"
              name="courseId"
              required
              defaultValue={values.courseId ?? defaultCourse}
              error={errors.courseId}
              options={[{ value: "", label: "Elige un curso" }, ...courses.map((c) => ({ value: String(c.id), label: `${c.title} — ${formatClp(c.priceClp)} por persona` }))]}
            />
            <TextField className="mt-4" label="Cantidad de cupos" name="quantity" inputMode="numeric" required defaultValue={values.quantity} error={errors.quantity} hint="Un cupo por trabajador." />
            <p className="mt-5 text-sm font-medium text-slate-600">Total</p>
            <div aria-live="polite">
              {total ? (
                <>
                  <p className="text-3xl font-bold text-ink">{total.total}</p>
                  <p className="text-sm text-slate-700">{total.line}</p>
                </>
              ) : (
                <p className="text-sm text-slate-700">Elige el curso y la cantidad de cupos para ver el total.</p>
              )}
            </div>
            <p className="mt-1 text-xs text-slate-600">Precio final en pesos chilenos. Un cupón válido se descuenta al confirmar.</p>
          </div>

          <div className={`${checkoutBox} lg:col-span-3`}>
            <h2 className="text-lg font-bold text-ink">Pago</h2>
            {actionData?.formError ? (
              <p role="alert" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
                {actionData.formError}
              </p>
            ) : null}
            <PaymentMethodField
              method={values.method}
              error={errors.method}
              webpayText="Tarjeta de crédito, débito o prepago. Los cupos quedan disponibles al instante."
              transferText="Transferencia u orden de compra: te enviamos los datos y los cupos quedan disponibles cuando confirmamos el pago (días hábiles)."
            />
            {taxCompany ? (
              <div className="mt-5">
                <CompanyTaxFields company={taxCompany} values={values} errors={errors} />
              </div>
            ) : null}
            <CouponField value={values.coupon} error={errors.coupon} />
            <PurchaseTerms checked={values.terms === "on"} error={errors.terms}>
              <li>Los cupos son de {company.name}: los asignas a sus trabajadores desde el portal de la empresa, y cada uno estudia con su propia cuenta.</li>
              <li>Los cupos quedan disponibles cuando se confirma el pago.</li>
              <SellerTerms documents={taxCompany ? ", con la factura electrónica a nombre de la empresa" : ""} />
            </PurchaseTerms>
            {total ? (
              <p className="mt-5 text-sm text-slate-700">
                Total a pagar: <strong className="text-base text-ink">{total.total}</strong> ({total.line})
              </p>
            ) : null}
            <ConfirmButton busy={busy} />
          </div>
        </Form>
      </div>
    </section>
  );
}
