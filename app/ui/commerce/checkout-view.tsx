// The checkout page: what is bought, for how much, how to pay, an optional coupon and the terms.
import type { CheckoutReply } from "~/domain/action-result";
import { Form, Link, useNavigation } from "react-router";
import { site } from "~/config/site";

export type CheckoutActionData = CheckoutReply;

const box = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
const errorText = "mt-1 text-sm font-medium text-red-700";

export function CheckoutView({
  course,
  openTransfer,
  buyerEmail,
  actionData,
}: {
  course: { id: number; title: string; priceLabel: string; category: string; level: string; includes: string[] };
  openTransfer: string | null;
  buyerEmail: string;
  actionData?: CheckoutActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const method = values.method || "webpay";
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-4xl">
        <p className="text-sm">
          <Link to={`/cursos/${course.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
            ← Volver al curso
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-bold text-ink">Comprar curso</h1>
        <p className="mt-1 text-slate-600">Revisa tu compra y elige cómo pagar. El comprobante llegará a {buyerEmail}.</p>

        {openTransfer ? (
          <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Ya tienes un pedido por transferencia esperando el pago de este curso.{" "}
            <Link to={openTransfer} className="font-semibold underline">
              Ver el pedido y los datos para transferir
            </Link>
          </p>
        ) : null}

        <div className="mt-8 grid gap-6 lg:grid-cols-5">
          <div className={`${box} lg:col-span-2`} aria-labelledby="resumen-compra">
            <h2 id="resumen-compra" className="text-lg font-bold text-ink">
              Tu compra
            </h2>
            <p className="mt-3 font-semibold text-ink">{course.title}</p>
            <p className="text-sm text-slate-600">
              {course.category} · {course.level}
            </p>
            <p className="mt-4 text-sm font-medium text-slate-600">Precio</p>
            <p className="text-3xl font-bold text-ink">{course.priceLabel}</p>
            <p className="text-xs text-slate-600">Precio final en pesos chilenos. Un cupón válido se descuenta al confirmar.</p>
            <h3 className="mt-5 text-sm font-bold text-ink">Incluye</h3>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
              {course.includes.map((item) => (
                <li key={item} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-700">
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </div>

          <Form method="post" className={`${box} lg:col-span-3`} aria-labelledby="pago-titulo" noValidate>
            <h2 id="pago-titulo" className="text-lg font-bold text-ink">
              Pago
            </h2>
            {actionData?.formError ? (
              <p role="alert" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
                {actionData.formError}
              </p>
            ) : null}
            <fieldset className="mt-4" aria-describedby={errors.method ? "method-error" : undefined}>
              <legend className="text-sm font-semibold text-slate-800">Medio de pago</legend>
              <div className="mt-2 space-y-2">
                <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name="method" value="webpay" defaultChecked={method === "webpay"} className="mt-1 accent-brand-700" />
                  <span>
                    <span className="block font-semibold text-ink">Webpay Plus</span>
                    <span className="block text-sm text-slate-600">Tarjeta de crédito, débito o prepago. Acceso inmediato.</span>
                  </span>
                </label>
                <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name="method" value="transfer" defaultChecked={method === "transfer"} className="mt-1 accent-brand-700" />
                  <span>
                    <span className="block font-semibold text-ink">Transferencia bancaria</span>
                    <span className="block text-sm text-slate-600">Te enviamos los datos; el acceso se activa cuando confirmamos el pago (días hábiles).</span>
                  </span>
                </label>
              </div>
              {errors.method ? (
                <p id="method-error" className={errorText}>
                  {errors.method}
                </p>
              ) : null}
            </fieldset>

            <div className="mt-5">
              <label htmlFor="coupon" className="block text-sm font-semibold text-slate-800">
                Cupón de descuento (opcional)
              </label>
              <input
                id="coupon"
                name="coupon"
                defaultValue={values.coupon ?? ""}
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={32}
                aria-invalid={errors.coupon ? true : undefined}
                aria-describedby={errors.coupon ? "coupon-error" : undefined}
                className="mt-1 block w-full rounded-lg border border-slate-500 px-3 py-2 uppercase text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700 sm:max-w-xs"
              />
              {errors.coupon ? (
                <p id="coupon-error" className={errorText}>
                  {errors.coupon}
                </p>
              ) : null}
            </div>

            <details className="mt-5 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              <summary className="cursor-pointer font-semibold text-ink">Términos de compra</summary>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>El acceso al curso es personal y se activa cuando se confirma el pago.</li>
                <li>
                  Vende {site.legalName}, RUT {site.rut}. Recibirás el comprobante por correo y en «Mis compras».
                </li>
                <li>
                  Para anular una compra o pedir un reembolso escríbenos a {site.email} indicando el número de pedido.
                </li>
              </ul>
            </details>
            <div className="mt-3">
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="terms"
                  defaultChecked={values.terms === "on"}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? "terms-error" : undefined}
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                />
                Acepto los términos de compra
              </label>
              {errors.terms ? (
                <p id="terms-error" className={errorText}>
                  {errors.terms}
                </p>
              ) : null}
            </div>

            <button
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
            >
              {busy ? "Procesando..." : "Confirmar compra"}
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
