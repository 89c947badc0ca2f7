// /empresa/:companyId/comprar — a manager buys N seats of a course for the company through the commerce
// checkout: one order for N × price, paid by Webpay or bank transfer; when it is paid the seats are credited
// in the same transaction (orders.server.ts markPaid).
import { data, redirect, redirectDocument } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/comprar";
import { SEAT_PURCHASE_FIELDS, seatPurchaseSchema } from "~/domain/companies";
import { COMPANY_TAX_FIELDS, companyTaxSchema } from "~/domain/tax-document-forms";
import { formatRut } from "~/domain/rut";
import { taxDocumentsEnabled } from "~/server/commerce/tax-documents/config.server";
import { commerceMessages } from "~/domain/commerce";
import { parseForm } from "~/domain/form-parse";
import { parseId } from "~/domain/ids";
import { isAdmin } from "~/domain/permissions";
import { learningMessages } from "~/domain/learning-messages";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { listPublishedCourses } from "~/server/catalogue/courses.server";
import { logger } from "~/server/platform/logger.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { checkout } from "~/server/commerce/orders/checkout.server";
import { orderPath } from "~/server/commerce/orders/order-state.server";
import { getSaleModes } from "~/server/catalogue/sale-mode.server";
import { BuySeatsView, type BuySeatsActionData } from "~/ui/company/buy-seats";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Comprar cupos") }, { name: "robots", content: "noindex" }];

const adminsGrant = "Los administradores asignan cupos desde Administración → Empresas.";

async function access(request: Request, companyId: string | undefined) {
  const found = await requireCompanyAccess(request, parseId(companyId));
  if (isAdmin(found.user)) throw data(adminsGrant, { status: 403 });
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, company } = await access(request, params.companyId);
  const published = (await listPublishedCourses()).courses;
  const modes = await getSaleModes(published.map((c) => c.id));
  const courses = published.filter((c) => modes.get(c.id) === "paid" && c.priceClp !== null).map((c) => ({ id: c.id, title: c.title, priceClp: c.priceClp! }));
  const wanted = new URL(request.url).searchParams.get("curso");
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    buyerEmail: user.email,
    // Its factura's data (docs/decisions.md F4), when sales get tax documents.
    taxCompany: taxDocumentsEnabled() ? { name: company.name, rut: formatRut(company.rut), giro: company.giro ?? "", address: company.address ?? "", comuna: company.comuna ?? "" } : null,
    courses,
    defaultCourse: courses.some((c) => String(c.id) === wanted) ? wanted! : "",
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await access(request, params.companyId);
  const form = await readFormOrThrow(request);
  const parsed = parseForm(seatPurchaseSchema, form, SEAT_PURCHASE_FIELDS);
  const tax = taxDocumentsEnabled() ? parseForm(companyTaxSchema, form, COMPANY_TAX_FIELDS) : null;
  if (!parsed.ok || (tax && !tax.ok)) {
    const fieldErrors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...(tax && !tax.ok ? tax.fieldErrors : {}) };
    return data<BuySeatsActionData>({ fieldErrors, values: { ...parsed.values, ...tax?.values }, formError: null }, { status: 400 });
  }
  const { courseId, quantity, method, coupon } = parsed.data;
  // A company's seats are invoiced to the company, with its stored name and RUT (never what a form says).
  const billing = tax?.ok ? { giro: tax.data.giro, address: tax.data.address, comuna: tax.data.comuna } : undefined;
  const taxBuyer = tax?.ok
    ? { receipt: "factura" as const, rut: company.rut, businessName: company.name, ...billing!, purchaseOrder: tax.data.purchaseOrder, senceActionId: tax.data.senceActionId }
    : undefined;
  try {
    const result = await checkout({ userId: user.id, courseId, method, couponCode: coupon || null, company: { id: company.id, quantity, billing }, taxBuyer, ip: clientIp(request) });
    switch (result.kind) {
      case "couponError":
        return data<BuySeatsActionData>({ fieldErrors: { coupon: result.message }, values: parsed.values, formError: null }, { status: 400 });
      case "tooMany":
        return data<BuySeatsActionData>({ fieldErrors: {}, values: parsed.values, formError: commerceMessages.tooManyOrders }, { status: 429 });
      case "amountTooLarge":
        return data<BuySeatsActionData>({ fieldErrors: { quantity: commerceMessages.amountTooLarge }, values: parsed.values, formError: null }, { status: 400 });
      case "notFound":
      case "free":
      case "notForSale":
      case "alreadyEnrolled":
        return data<BuySeatsActionData>({ fieldErrors: { courseId: commerceMessages.notForSale }, values: parsed.values, formError: null }, { status: 400 });
      case "webpay":
        // A whole-page visit: the page that leads to Webpay is a document of its own, not one of the app's pages.
        return redirectDocument(`${orderPath(result.number)}/webpay`);
      case "webpayFailed":
        return data<BuySeatsActionData>({ fieldErrors: {}, values: parsed.values, formError: commerceMessages.paymentStartFailed }, { status: 502 });
      default:
        return redirect(orderPath(result.number));
    }
  } catch (error) {
    logger.error({ err: error, companyId: company.id, userId: user.id }, "seat checkout failed");
    return data<BuySeatsActionData>({ fieldErrors: {}, values: parsed.values, formError: learningMessages.enrolFailed }, { status: 503 });
  }
}

export default function BuySeats({ loaderData, actionData }: Route.ComponentProps) {
  const { company, courses, defaultCourse, taxCompany, buyerEmail } = loaderData;
  return <BuySeatsView company={company} courses={courses} actionData={actionData} defaultCourse={defaultCourse} buyerEmail={buyerEmail} taxCompany={taxCompany} />;
}
