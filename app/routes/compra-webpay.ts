// /compras/:number/webpay — sends the browser to Webpay's payment form: a POST of token_ws, as Transbank
// asks. With JavaScript the form submits itself; without it, the buyer presses the button.
//
// A small document of its own rather than a React page: it is shown for a moment between the checkout
// and Webpay, so it needs neither the site's header nor the app's JavaScript. The form goes out as soon as
// the HTML is read — not after the app has loaded and hydrated on a slow phone — and the server writes it for
// a fraction of a page's CPU, in the minute when many buyers pay at once.
import { redirect } from "react-router";
import type { Route } from "./+types/compra-webpay";
import { getWebpayRedirect } from "~/server/commerce/orders/checkout.server";
import { orderPath } from "~/server/commerce/orders/order-state.server";
import { requireUser } from "~/server/accounts/session.server";
import { cspNonceFrom } from "~/server/platform/http/csp-nonce.server";
import { site } from "~/config/site";
import { escapeHtml } from "~/domain/html-escape";
import { pageTitle } from "~/ui/seo";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const number = params.number ?? "";
  const target = await getWebpayRedirect(number, user.id);
  if (!target) throw redirect(orderPath(number));
  return new Response(goToWebpayDocument(target, cspNonceFrom(context)), {
    // The token is the buyer's, and good for one payment: never kept by a cache.
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// The colours and type of the site (app/app.css): brand-700 buttons, ink headings, slate text.
const STYLE = `
body{margin:0;background:#f8fafc;color:#1e293b;font-family:"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased}
main{padding:4rem 1rem}
section{box-sizing:border-box;max-width:28rem;margin:0 auto;padding:2rem;border:1px solid #e2e8f0;border-radius:1rem;background:#fff;text-align:center;box-shadow:0 1px 2px rgb(0 0 0/.05)}
h1{margin:0;color:#0f172a;font-size:1.5rem;line-height:2rem;font-weight:700}
p{margin:.75rem 0 0;color:#475569;line-height:1.5rem}
form{margin-top:1.5rem}
button{min-height:2.75rem;padding:.625rem 1.25rem;border:0;border-radius:.5rem;background:#b91c1c;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#991b1b}
button:focus-visible{outline:3px solid #dc2626;outline-offset:2px}`;

function goToWebpayDocument(target: { url: string; token: string }, nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
  return `<!DOCTYPE html>
<html lang="es-CL">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(pageTitle("Ir a Webpay"))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<section>
<h1>Te estamos llevando a Webpay...</h1>
<p>Paga de forma segura en el sitio de Transbank. Al terminar volverás a ${escapeHtml(site.name)}.</p>
<form id="ir-a-webpay" method="post" action="${escapeHtml(target.url)}">
<input type="hidden" name="token_ws" value="${escapeHtml(target.token)}">
<button type="submit">Ir a Webpay</button>
</form>
</section>
</main>
<script${nonceAttribute}>document.getElementById("ir-a-webpay").submit();</script>
</body>
</html>
`;
}
