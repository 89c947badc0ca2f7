// /compras/:number/webpay — sends the browser to Webpay's payment form: a POST of token_ws, as Transbank
// asks. With JavaScript the form submits itself; without it, the buyer presses the button.
import { useEffect, useRef } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/compra-webpay";
import { getWebpayRedirect } from "~/server/orders/checkout.server";
import { orderPath } from "~/server/orders/order-state.server";
import { requireUser } from "~/server/session.server";
import { site } from "~/config/site";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Ir a Webpay") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const number = params.number ?? "";
  const target = await getWebpayRedirect(number, user.id);
  if (!target) throw redirect(orderPath(number));
  return target;
}

export default function GoToWebpay({ loaderData }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, []);
  return (
    <section className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-ink">Te estamos llevando a Webpay...</h1>
        <p className="mt-3 text-slate-600">Paga de forma segura en el sitio de Transbank. Al terminar volverás a {site.name}.</p>
        <form ref={form} method="post" action={loaderData.url} className="mt-6">
          <input type="hidden" name="token_ws" value={loaderData.token} />
          <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            Ir a Webpay
          </button>
        </form>
      </div>
    </section>
  );
}
