// The checkout page: what is bought, for how much, how to pay, an optional coupon and the terms.
import type { CheckoutReply } from "~/domain/action-result";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { site } from "~/config/site";
import { TaxDataFields } from "./tax-data-fields";
import { ChoiceCard } from "~/ui/primitives/choice-card";

export type CheckoutActionData = CheckoutReply;

/** The two boxes of a checkout: what is bought, and how it is paid. */
export const checkoutBox = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
const errorText = "mt-1 text-sm font-medium text-red-700";

export function CheckoutView({
  course,
  openTransfer,
  buyerEmail,
  taxDocuments,
  renewal = false,
  actionData,
}: {
  /** `regularPriceLabel`: the course's usual price, when a renewal costs less. */
  course: { id: number; title: string; priceLabel: string; regularPriceLabel?: string | null; category: string; level: string; includes: string[] };
  openTransfer: string | null;
  buyerEmail: string;
  /** Whether sales get a boleta or factura: then the buyer says which. */
  taxDocuments: boolean;
  /** The buyer holds a certificate due for renewal: this purchase starts the course's next cycle. */
  renewal?: boolean;
  actionData?: CheckoutActionData;
}) {
  const busy = usePosting();
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
        <h1 className="mt-3 text-3xl font-bold text-ink">{renewal ? "Renovar certificado" : "Comprar curso"}</h1>
        <p className="mt-1 text-slate-600">Revisa tu compra y elige cómo pagar. El comprobante llegará a {buyerEmail}.</p>
        {renewal ? (
          <p role="note" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-ink">
            Al pagar empiezas el curso de nuevo, con el avance en cero, y al aprobarlo recibes un certificado nuevo. Tu certificado
            actual queda en tu historial, verificable y marcado como renovado, y cuenta hasta su fecha de vencimiento.
          </p>
        ) : null}

        {openTransfer ? (
          <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Ya tienes un pedido por transferencia esperando el pago de este curso.{" "}
            <Link to={openTransfer} className="font-semibold underline">
              Ver el pedido y los datos para transferir
            </Link>
          </p>
        ) : null}

        <div className="mt-8 grid gap-6 lg:grid-cols-5">
          <div className={`${checkoutBox} lg:col-span-2`} aria-labelledby="resumen-compra">
            <h2 id="resumen-compra" className="text-lg font-bold text-ink">
              Tu compra
            </h2>
            <p className="mt-3 font-semibold text-ink">{course.title}</p>
            <p className="text-sm text-slate-600">
              {course.category} · {course.level}
            </p>
            <p className="mt-4 text-sm font-medium text-slate-600">{renewal ? "Precio de renovación" : "Precio"}</p>
            <p className="text-3xl font-bold text-ink">{course.priceLabel}</p>
            {course.regularPriceLabel ? <p className="text-sm text-slate-600">Precio normal del curso: {course.regularPriceLabel}</p> : null}
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

          <Form method="post" className={`${checkoutBox} lg:col-span-3`} aria-labelledby="pago-titulo" noValidate>
            <h2 id="pago-titulo" className="text-lg font-bold text-ink">
              Pago
            </h2>
            {actionData?.formError ? (
              <p role="alert" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
                {actionData.formError}
              </p>
            ) : null}
            <PaymentMethodField method={method} error={errors.method} />

            {taxDocuments ? <TaxDataFields values={values} errors={errors} /> : null}

            <CouponField value={values.coupon} error={errors.coupon} />

            <PurchaseTerms checked={values.terms === "on"} error={errors.terms}>
              <li>El acceso al curso es personal y se activa cuando se confirma el pago.</li>
              <SellerTerms documents={taxDocuments ? ", con tu boleta o factura electrónica" : ""} />
            </PurchaseTerms>

            <ConfirmButton busy={busy} />
          </Form>
        </div>
      </div>
    </section>
  );
}

/** Whether the page is posting its form (the confirm button then says so and waits). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
}

/** Webpay or bank transfer, as two large choices. */
export function PaymentMethodField({ method, error, webpayText, transferText }: { method: string | undefined; error?: string; webpayText?: string; transferText?: string }) {
  const choices = [
    ["webpay", "Webpay Plus", webpayText ?? "Tarjeta de crédito, débito o prepago. Acceso inmediato."],
    ["transfer", "Transferencia bancaria", transferText ?? "Te enviamos los datos; el acceso se activa cuando confirmamos el pago (días hábiles)."],
  ] as const;
  return (
    <fieldset className="mt-4" aria-describedby={error ? "method-error" : undefined}>
      <legend className="text-sm font-semibold text-slate-800">Medio de pago</legend>
      <div className="mt-2 space-y-2">
        {choices.map(([value, title, text]) => (
          <ChoiceCard key={value} name="method" value={value} title={title} text={text} defaultChecked={(method || "webpay") === value} />
        ))}
      </div>
      {error ? (
        <p id="method-error" className={errorText}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CouponField({ value, error }: { value: string | undefined; error?: string }) {
  return (
    <div className="mt-5">
      <label htmlFor="coupon" className="block text-sm font-semibold text-slate-800">
        Cupón de descuento (opcional)
      </label>
      <input
        id="coupon"
        name="coupon"
        defaultValue={value ?? ""}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={32}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "coupon-error" : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-500 px-3 py-2 uppercase text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700 sm:max-w-xs"
      />
      {error ? (
        <p id="coupon-error" className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Who sells, where the receipt goes and how to ask for a refund: the terms every sale shares. */
export function SellerTerms({ documents }: { documents: string }) {
  return (
    <>
      <li>
        Vende {site.legalName}, RUT {site.rut}. Recibirás el comprobante por correo y en «Mis compras»{documents}.
      </li>
      <li>Para anular una compra o pedir un reembolso escríbenos a {site.email} indicando el número de pedido.</li>
      <li>
        Tus datos se usan para la compra, la boleta o factura y tu acceso, como explica nuestra{" "}
        {/* In a new tab: leaving the checkout would lose what was typed in it. */}
        <a href="/privacidad" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
          política de privacidad
        </a>
        .
      </li>
    </>
  );
}

/**
 * The terms of the purchase and the box that accepts them. The academy has no terms page: the terms are these
 * lines, and the checkbox's words link to them (opening them when they are folded).
 */
export function PurchaseTerms({ checked, error, children }: { checked: boolean; error?: string; children: ReactNode }) {
  const open = () => {
    const terms = document.getElementById("terminos-compra");
    if (terms instanceof HTMLDetailsElement) terms.open = true;
  };
  return (
    <>
      <details id="terminos-compra" className="mt-5 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold text-ink">Términos de compra</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>
      </details>
      <div className="mt-3">
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="terms"
            defaultChecked={checked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "terms-error" : undefined}
            className="mt-0.5 h-4 w-4 accent-brand-700"
          />
          <span>
            Acepto los{" "}
            <a href="#terminos-compra" onClick={open} className="font-semibold text-brand-700 underline underline-offset-2">
              términos de compra
            </a>
          </span>
        </label>
        {error ? (
          <p id="terms-error" className={errorText}>
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}

export function ConfirmButton({ busy }: { busy: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
    >
      {busy ? "Procesando..." : "Confirmar compra"}
    </button>
  );
}
