// /pagos/webpay/retorno — where Webpay brings the buyer back, by GET or by POST (docs/payments.md). The
// outcome is asked of Webpay, never read from the browser; the buyer then sees the order's page.
import { data, redirect, Link } from "react-router";
import type { Route } from "./+types/pago-webpay-retorno";
import { commerceMessages } from "~/domain/commerce";
import { handleWebpayReturn } from "~/server/commerce/orders/webpay-return.server";
import { orderPath } from "~/server/commerce/orders/order-state.server";
import { logger } from "~/server/platform/logger.server";
import { readForm } from "~/server/platform/http/request-body.server";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Pago con Webpay") }, { name: "robots", content: "noindex" }];

async function settle(params: URLSearchParams) {
  const outcome = await handleWebpayReturn(params);
  if (outcome.kind === "invalid") {
    logger.warn({ fields: [...params.keys()] }, "unrecognised Webpay return");
    return data({ message: commerceMessages.paymentReturnInvalid }, { status: 400 });
  }
  return redirect(orderPath(outcome.number), 303);
}

export function loader({ request }: Route.LoaderArgs) {
  return settle(new URL(request.url).searchParams);
}

// Reached only by the app's own `.data` requests (Webpay's cross-site POST is turned into a GET in server/app.ts);
// read like every other form, within the one body limit.
export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ message: read.message }, { status: read.status });
  const params = new URLSearchParams();
  for (const [name, value] of read.form) if (typeof value === "string") params.append(name, value);
  return settle(params);
}

export default function WebpayReturn({ loaderData, actionData }: Route.ComponentProps) {
  const message = (actionData ?? loaderData)?.message ?? commerceMessages.paymentReturnInvalid;
  return (
    <section className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-ink">No pudimos procesar la respuesta de Webpay</h1>
        <p role="alert" className="mt-3 text-slate-700">
          {message}
        </p>
        <Link to="/compras" className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Ver mis compras
        </Link>
      </div>
    </section>
  );
}
