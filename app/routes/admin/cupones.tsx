// /admin/cupones — create coupons (percentage or fixed amount, optional course, expiry and maximum uses),
// see their uses, and switch them off.
import { data } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/cupones";
import { COUPON_FIELDS, couponSchema } from "~/domain/commerce";
import { parseForm } from "~/domain/form-parse";
import { listCourseOptions } from "~/server/learning/admin-enrolments.server";
import { createCoupon, listCoupons, setCouponActive } from "~/server/commerce/admin-sales.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { CouponForm, CouponsTable, type CouponActionData } from "~/ui/admin/coupons-view";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { idSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Cupones | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [coupons, courses] = await Promise.all([listCoupons(), listCourseOptions()]);
  return { coupons, courses };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const intent = form.get("intent");
  if (intent === "create") {
    const parsed = parseForm(couponSchema, form, COUPON_FIELDS);
    if (!parsed.ok) return data<CouponActionData>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    const created = await createCoupon({ ...parsed.data, adminId: admin.id });
    if (!created.ok) return data<CouponActionData>({ ok: false, message: null, fieldErrors: { [created.field]: created.message }, values: parsed.values }, { status: 400 });
    return data<CouponActionData>({ ok: true, message: `Cupón ${parsed.data.code} creado.`, fieldErrors: {}, values: {} });
  }
  if (intent === "activate" || intent === "deactivate") {
    const id = idSchema.safeParse(form.get("couponId"));
    if (!id.success || !(await setCouponActive(id.data, intent === "activate", admin.id))) {
      return data<CouponActionData>({ ok: false, message: "El cupón no existe.", fieldErrors: {}, values: {} }, { status: 404 });
    }
    return data<CouponActionData>({ ok: true, message: intent === "activate" ? "Cupón activado." : "Cupón desactivado.", fieldErrors: {}, values: {} });
  }
  return data<CouponActionData>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Cupones" />
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <CouponForm key={actionData?.ok ? actionData.message : "form"} courses={loaderData.courses} errors={actionData?.fieldErrors} values={actionData?.values} />
      <CouponsTable coupons={loaderData.coupons} />
    </section>
  );
}
