// /empresa/:companyId/comprar — a manager buys N seats of a course for the company through the commerce
// checkout: one order for N × price, paid by Webpay or bank transfer; when it is paid the seats are credited
// in the same transaction (orders.server.ts markPaid).
import { data, Link, redirect, redirectDocument } from "react-router";
import { readFormOrThrow } from "~/server/request-body.server";
import type { Route } from "./+types/comprar";
import { SEAT_PURCHASE_FIELDS, seatPurchaseSchema } from "~/domain/companies";
import { commerceMessages } from "~/domain/commerce";
import { parseForm } from "~/domain/form-parse";
import { formatClp } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { isAdmin } from "~/domain/permissions";
import { learningMessages } from "~/domain/learning-messages";
import { requireCompanyAccess } from "~/server/companies.server";
import { listPublishedCourses } from "~/server/courses.server";
import { logger } from "~/server/logger.server";
import { checkout } from "~/server/orders/checkout.server";
import { orderPath } from "~/server/orders/order-state.server";
import { getSaleModes } from "~/server/sale-mode.server";
import { BuySeatsForm, type BuySeatsActionData } from "~/ui/company/buy-seats";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Comprar cupos") }, { name: "robots", content: "noindex" }];

const adminsGrant = "Los administradores asignan cupos desde Administración → Empresas.";

async function access(request: Request, companyId: string | undefined) {
  const found = await requireCompanyAccess(request, parseId(companyId));
  if (isAdmin(found.user)) throw data(adminsGrant, { status: 403 });
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await access(request, params.companyId);
  const published = (await listPublishedCourses()).courses;
  const modes = await getSaleModes(published.map((c) => c.id));
  const courses = published.filter((c) => modes.get(c.id) === "paid" && c.priceClp !== null).map((c) => ({ id: c.id, title: c.title, price: formatClp(c.priceClp) }));
  const wanted = new URL(request.url).searchParams.get("curso");
  return { company: { id: company.id, name: company.name }, courses, defaultCourse: courses.some((c) => String(c.id) === wanted) ? wanted! : "" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await access(request, params.companyId);
  const form = await readFormOrThrow(request);
  const parsed = parseForm(seatPurchaseSchema, form, SEAT_PURCHASE_FIELDS);
  if (!parsed.ok) return data<BuySeatsActionData>({ fieldErrors: parsed.fieldErrors, values: parsed.values, formError: null }, { status: 400 });
  const { courseId, quantity, method, coupon } = parsed.data;
  try {
    const result = await checkout({ userId: user.id, courseId, method, couponCode: coupon || null, company: { id: company.id, quantity } });
    switch (result.kind) {
      case "couponError":
        return data<BuySeatsActionData>({ fieldErrors: { coupon: result.message }, values: parsed.values, formError: null }, { status: 400 });
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
  const { company, courses, defaultCourse } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {company.name}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Comprar cupos</h1>
      <p className="mt-1 text-sm text-slate-700">
        Un pedido por el total (cupos × precio). Pagado por Webpay, los cupos quedan disponibles al instante; por transferencia, cuando confirmemos el pago.
      </p>
      <BuySeatsForm courses={courses} actionData={actionData} defaultCourse={defaultCourse} />
    </section>
  );
}
