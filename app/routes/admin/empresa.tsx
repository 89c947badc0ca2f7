// /admin/empresas/:id — one company: its managers (an account, or an invitation by e-mail), its seats per
// course with the grants' history (who and why), and its orders.
import { data, Link } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/empresa";
import { GRANT_FIELDS, MANAGER_FIELDS, SEAT_KIND_LABELS, grantSchema, managerSchema, companyMessages, type SeatKind } from "~/domain/companies";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/commerce";
import { parseForm, type FormValues } from "~/domain/form-parse";
import { formatClp, formatDate, formatDateTime } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { addManager, getCompanyDetail, grantSeats, removeManager, revokeManagerInvitation } from "~/server/companies/companies.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { CompanyDetail, type CompanyActionData } from "~/ui/company/admin-companies";
import { Notice } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import type { ActionResult } from "~/domain/action-result";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`${loaderData && "view" in loaderData ? loaderData.view.company.name : "Empresa"} | Empresas | Administración`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const detail = id === null ? null : await getCompanyDetail(id);
  if (!detail) return data({ notFound: true as const }, { status: 404 });
  const c = detail.company;
  return {
    view: {
      company: { id: c.id, name: c.name, rut: formatRut(c.rut), giro: c.giro, address: c.address, comuna: c.comuna, contactName: c.contactName, contactEmail: c.contactEmail, contactPhone: c.contactPhone, createdAt: formatDate(c.createdAt) },
      managers: detail.managers.map((m) => ({ ...m, since: formatDate(m.since) })),
      invitations: detail.invitations.map((i) => ({ ...i, expiresAt: formatDate(i.expiresAt) })),
      seats: detail.seats,
      ledger: detail.ledger.map((l) => ({ ...l, kindLabel: SEAT_KIND_LABELS[l.kind as SeatKind] ?? l.kind, createdAt: formatDateTime(l.createdAt) })),
      orders: detail.orders.map((o) => ({
        number: o.number,
        courseTitle: o.courseTitle,
        quantity: o.quantity,
        amount: formatClp(o.amountClp),
        statusLabel: ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
        createdAt: formatDateTime(o.createdAt),
      })),
      courses: detail.courses,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const intent = String(form.get("intent") ?? "");
  const reply = (body: Omit<CompanyActionData, "intent">, status = 200) => data<CompanyActionData>({ ...body, intent }, { status });
  const id = parseId(params.id);
  if (id === null) return reply({ ok: false, message: companyMessages.companyNotFound, fieldErrors: {}, values: {} }, 404);
  const outcome = (r: ActionResult, values: FormValues = {}) =>
    r.ok
      ? reply({ ok: true, message: r.message, fieldErrors: {}, values: {} })
      : r.field
        ? reply({ ok: false, message: null, fieldErrors: { [r.field]: r.message }, values }, 400)
        : reply({ ok: false, message: r.message, fieldErrors: {}, values }, 409);
  if (intent === "add-manager") {
    const parsed = parseForm(managerSchema, form, MANAGER_FIELDS);
    if (!parsed.ok) return reply({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
    return outcome(await addManager(id, parsed.data, admin.id), parsed.values);
  }
  if (intent === "grant") {
    const parsed = parseForm(grantSchema, form, GRANT_FIELDS);
    if (!parsed.ok) return reply({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
    return outcome(await grantSeats(id, parsed.data, admin.id), parsed.values);
  }
  if (intent === "remove-manager") {
    const userId = form.get("userId");
    if (typeof userId !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(userId)) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    return outcome(await removeManager(id, userId, admin.id));
  }
  if (intent === "revoke-manager-invitation") {
    const invitationId = parseId(form.get("invitationId"));
    if (invitationId === null) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    return outcome(await revokeManagerInvitation(id, invitationId));
  }
  return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
}

export default function AdminCompany({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <section className={`${container} py-8`}>
        <h1 className="text-2xl font-bold text-ink">Empresa no encontrada</h1>
        <Link to="/admin/empresas" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Volver a empresas
        </Link>
      </section>
    );
  }
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to="/admin/empresas" className="font-semibold text-brand-700 underline underline-offset-4">
          ← Empresas
        </Link>
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <CompanyDetail key={actionData?.ok ? `${actionData.intent}:${actionData.message}` : "detail"} view={loaderData.view} actionData={actionData} />
    </section>
  );
}
