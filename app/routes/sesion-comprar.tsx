// /sesiones/{id}/comprar — a learner buys a seat in a priced skills session (docs/skills-sessions.md, "Priced
// sessions"): the session and its price, the tax document's answer when documents are issued, the terms; then
// Webpay. The seat is taken when the payment is confirmed; a payment that finds the session full is refunded.
import { data, Form, Link, redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/sesion-comprar";
import { commerceMessages } from "~/domain/commerce";
import { formatClp } from "~/domain/format";
import { parseForm } from "~/domain/form-parse";
import { parseId } from "~/domain/ids";
import { isAdmin } from "~/domain/permissions";
import { SEAT_FIELDS, seatSchema, sessionMessages as M } from "~/domain/skills-sessions";
import { BUYER_TAX_FIELDS, buyerTaxData, buyerTaxSchema } from "~/domain/tax-document-forms";
import { requireUser } from "~/server/accounts/session.server";
import { checkoutSeat, seatRefusal } from "~/server/commerce/orders/seat-checkout.server";
import { orderPath } from "~/server/commerce/orders/order-state.server";
import { taxDocumentsEnabled } from "~/server/commerce/tax-documents/config.server";
import { db } from "~/server/platform/db/client.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { getSession, sessionSummary, sessionView } from "~/server/sessions/sessions.server";
import { checkoutBox, ConfirmButton, PurchaseTerms, SellerTerms, usePosting, type CheckoutActionData } from "~/ui/commerce/checkout-view";
import { TaxDataFields } from "~/ui/commerce/tax-data-fields";
import { SessionFacts } from "~/ui/sessions/session-facts";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Comprar cupo en sesión práctica") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null) throw data(M.notFound, { status: 404 });
  const row = await getSession(id);
  if (!row || row.placeKind !== "venue" || row.priceClp === null) throw data(M.notFound, { status: 404 });
  // Nothing to buy (not eligible, already booked, full, closed): the session's page says why.
  if (isAdmin(user) || (await seatRefusal(db(), user.id, row))) throw redirect(`/sesiones/${id}`);
  const s = sessionView(row);
  return {
    session: {
      ...sessionSummary(s),
      priceLabel: formatClp(row.priceClp),
    },
    buyerEmail: user.email,
    taxDocuments: taxDocumentsEnabled(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null || isAdmin(user)) return redirect(id === null ? "/dashboard" : `/sesiones/${id}`);
  const form = await readFormOrThrow(request);
  const parsed = parseForm(seatSchema, form, SEAT_FIELDS);
  const tax = taxDocumentsEnabled() ? parseForm(buyerTaxSchema, form, BUYER_TAX_FIELDS) : null;
  if (!parsed.ok || (tax && !tax.ok)) {
    const fieldErrors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...(tax && !tax.ok ? tax.fieldErrors : {}) };
    return data<CheckoutActionData>({ fieldErrors, values: { ...parsed.values, ...tax?.values }, formError: null }, { status: 400 });
  }
  const values = { ...parsed.values, ...tax?.values };
  try {
    const result = await checkoutSeat({ userId: user.id, sessionId: id, taxBuyer: tax?.ok ? buyerTaxData(tax.data) : undefined, ip: clientIp(request) });
    switch (result.kind) {
      case "tooMany":
        return data<CheckoutActionData>({ fieldErrors: {}, values, formError: commerceMessages.tooManyOrders }, { status: 429 });
      case "refused":
        return data<CheckoutActionData>({ fieldErrors: {}, values, formError: result.message }, { status: result.status });
      case "webpayFailed":
        return data<CheckoutActionData>({ fieldErrors: {}, values, formError: commerceMessages.paymentStartFailed }, { status: 502 });
      case "webpay":
        // A whole-page visit: the page that leads to Webpay is a document of its own.
        return redirectDocument(`${orderPath(result.number)}/webpay`);
    }
  } catch (error) {
    logger.error({ err: error, sessionId: id, userId: user.id }, "seat checkout failed");
    return data<CheckoutActionData>({ fieldErrors: {}, values, formError: commerceMessages.paymentStartFailed }, { status: 503 });
  }
}

export default function BuySeat({ loaderData, actionData }: Route.ComponentProps) {
  const { session, buyerEmail, taxDocuments } = loaderData;
  const busy = usePosting();
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-4xl">
        <p className="text-sm">
          <Link to={`/sesiones/${session.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
            ← Volver a la sesión
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-bold text-ink">Comprar cupo en sesión práctica</h1>
        <p className="mt-1 text-slate-600">Pagas con Webpay y tu cupo queda reservado al confirmarse el pago. El comprobante llegará a {buyerEmail}.</p>
        <div className="mt-8 grid gap-6 lg:grid-cols-5">
          <div className={`${checkoutBox} lg:col-span-2`} aria-labelledby="resumen-cupo">
            <h2 id="resumen-cupo" className="text-lg font-bold text-ink">
              Tu compra
            </h2>
            <div className="mt-3">
              <SessionFacts s={session} />
            </div>
            <p className="mt-4 text-sm font-medium text-slate-600">Precio del cupo</p>
            <p className="text-3xl font-bold text-ink">{session.priceLabel}</p>
            <p className="text-xs text-slate-600">Precio final en pesos chilenos.</p>
          </div>
          <Form method="post" className={`${checkoutBox} lg:col-span-3`} aria-labelledby="pago-cupo" noValidate>
            <h2 id="pago-cupo" className="text-lg font-bold text-ink">
              Pago con Webpay Plus
            </h2>
            {actionData?.formError ? (
              <p role="alert" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
                {actionData.formError}
              </p>
            ) : null}
            <p className="mt-3 text-sm text-slate-700">Tarjeta de crédito, débito o prepago.</p>
            {taxDocuments ? <TaxDataFields values={values} errors={errors} /> : null}
            <PurchaseTerms checked={values.terms === "on"} error={errors.terms}>
              <li>El cupo es personal. Queda reservado cuando se confirma el pago, si la sesión aún tiene lugar; si se llenó mientras pagabas, te devolvemos el total.</li>
              <li>
                Puedes cancelar tu reserva hasta {session.cancelHoursBefore} horas antes del inicio y te devolvemos el total. Si cancelamos la sesión, también te lo devolvemos.
              </li>
              <SellerTerms documents={taxDocuments ? ", con tu boleta o factura electrónica" : ""} />
            </PurchaseTerms>
            <ConfirmButton busy={busy} />
          </Form>
        </div>
      </div>
    </section>
  );
}
