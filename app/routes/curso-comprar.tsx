// /cursos/:id/comprar — the checkout of a priced course (docs/decisions.md E1). The amount is the server's
// (price and coupon); the form only chooses the method, a coupon and accepts the terms.
import { data, redirect, redirectDocument } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/curso-comprar";
import { CHECKOUT_FIELDS, checkoutSchema, commerceMessages } from "~/domain/commerce";
import { BUYER_TAX_FIELDS, buyerTaxData, buyerTaxSchema } from "~/domain/tax-document-forms";
import { taxDocumentsEnabled } from "~/server/commerce/tax-documents/config.server";
import { learningMessages } from "~/domain/learning-messages";
import { parseForm } from "~/domain/form-parse";
import { isAdmin } from "~/domain/permissions";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { parseId } from "~/domain/ids";
import { learnerRenewal } from "~/server/renewal/renewal.server";
import { renewalPrice } from "~/domain/renewal";
import { formatClp } from "~/domain/format";
import { clientIp } from "~/server/platform/rate-limit.server";
import { checkout, findOpenTransferOrder } from "~/server/commerce/orders/checkout.server";
import { orderPath } from "~/server/commerce/orders/order-state.server";
import { getSaleModes } from "~/server/catalogue/sale-mode.server";
import { requireUser } from "~/server/accounts/session.server";
import { logger } from "~/server/platform/logger.server";
import { CheckoutView, type CheckoutActionData } from "~/ui/commerce/checkout-view";
import { pageTitle } from "~/ui/seo";
import { courseContentPath } from "~/domain/course-paths";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Comprar ${loaderData?.course.title ?? "curso"}`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null) throw redirect("/cursos");
  if (isAdmin(user)) throw redirect(courseContentPath(id));
  const [found, modes, renewal, openTransfer] = await Promise.all([
    getPublishedCourse(id),
    getSaleModes([id]),
    learnerRenewal(user.id, id),
    findOpenTransferOrder(user.id, id),
  ]);
  if (!found) throw redirect("/cursos");
  // Enrolled already: the checkout is the renewal's when the certificate is due (docs/certificate-validity.md).
  if (renewal.kind === "refused") throw redirect(courseContentPath(id));
  if (modes.get(id) !== "paid") throw redirect(`/cursos/${id}`);
  const c = found.course;
  const includes = [
    found.countsLabel,
    `${c.hoursLabel} de estudio`,
    c.modality,
    "Evaluación final con reintentos",
    renewal.kind === "renewable" ? "Certificado nuevo al aprobar; el anterior sigue verificable como renovado" : "Certificado con código de verificación al completar el curso",
  ].filter(Boolean);
  // A renewal is sold at the course's renewal price (docs/certificate-validity.md); the usual price is shown beside it.
  const price = renewal.kind === "renewable" && c.priceClp !== null ? renewalPrice(c.priceClp, c.renewalPriceClp) : c.priceClp;
  return {
    course: {
      id: c.id,
      title: c.title,
      priceLabel: formatClp(price),
      regularPriceLabel: price !== c.priceClp ? c.priceLabel : null,
      category: c.category,
      level: c.level,
      includes,
    },
    openTransfer: openTransfer ? orderPath(openTransfer) : null,
    renewal: renewal.kind === "renewable",
    buyerEmail: user.email,
    taxDocuments: taxDocumentsEnabled(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null) return redirect("/cursos");
  if (isAdmin(user)) return redirect(courseContentPath(id));
  const form = await readFormOrThrow(request);
  const parsed = parseForm(checkoutSchema, form, CHECKOUT_FIELDS);
  // The tax document's answer is asked only when documents are issued (docs/payments.md).
  const tax = taxDocumentsEnabled() ? parseForm(buyerTaxSchema, form, BUYER_TAX_FIELDS) : null;
  if (!parsed.ok || (tax && !tax.ok)) {
    const fieldErrors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...(tax && !tax.ok ? tax.fieldErrors : {}) };
    return data<CheckoutActionData>({ fieldErrors, values: { ...parsed.values, ...tax?.values }, formError: null }, { status: 400 });
  }
  const { method, coupon } = parsed.data;
  try {
    const result = await checkout({ userId: user.id, courseId: id, method, couponCode: coupon || null, taxBuyer: tax?.ok ? buyerTaxData(tax.data) : undefined, ip: clientIp(request) });
    switch (result.kind) {
      case "notFound":
        return redirect("/cursos");
      case "free":
      case "notForSale":
        return redirect(`/cursos/${id}`);
      case "alreadyEnrolled":
        return redirect(courseContentPath(id));
      case "couponError":
        return data<CheckoutActionData>({ fieldErrors: { coupon: result.message }, values: parsed.values, formError: null }, { status: 400 });
      case "tooMany":
        return data<CheckoutActionData>({ fieldErrors: {}, values: parsed.values, formError: commerceMessages.tooManyOrders }, { status: 429 });
      case "amountTooLarge":
        return data<CheckoutActionData>({ fieldErrors: {}, values: parsed.values, formError: commerceMessages.amountTooLarge }, { status: 400 });
      case "webpay":
        // A whole-page visit: the page that leads to Webpay is a document of its own, not one of the app's pages.
        return redirectDocument(`${orderPath(result.number)}/webpay`);
      case "webpayFailed":
        return data<CheckoutActionData>({ fieldErrors: {}, values: parsed.values, formError: commerceMessages.paymentStartFailed }, { status: 502 });
      default:
        return redirect(orderPath(result.number));
    }
  } catch (error) {
    logger.error({ err: error, courseId: id, userId: user.id }, "checkout failed");
    return data<CheckoutActionData>({ fieldErrors: {}, values: parsed.values, formError: learningMessages.enrolFailed }, { status: 503 });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutView {...loaderData} actionData={actionData} />;
}
