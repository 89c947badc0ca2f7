// /admin/relatores — the instructors (relatores): a user becomes one with a profile whose name, title and
// credential are printed on the teórico-práctico certificates they sign.
import { data, Link } from "react-router";
import type { Route } from "./+types/relatores";
import type { FormReply } from "~/domain/action-result";
import { parseForm } from "~/domain/form-parse";
import { formatDate } from "~/domain/format";
import { credentialExpired, INSTRUCTOR_FIELDS, instructorSchema } from "~/domain/skills-sessions";
import { requireAdmin } from "~/server/accounts/session.server";
import { now } from "~/server/platform/clock.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { listInstructors, saveInstructor } from "~/server/sessions/sessions.server";
import { InstructorForm } from "~/ui/sessions/admin-forms";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container, table, tableWrap, td, th } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Relatores | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const instructors = await listInstructors();
  const at = now();
  return {
    instructors: instructors.map((i) => ({
      ...i,
      expires: i.credentialExpiresOn ? formatDate(i.credentialExpiresOn) : "Sin fecha",
      expired: credentialExpired(i.credentialExpiresOn, at),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  if (form.get("intent") !== "instructor") return data<FormReply>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  const parsed = parseForm(instructorSchema, form, INSTRUCTOR_FIELDS);
  if (!parsed.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const saved = await saveInstructor(parsed.data, admin.id);
  if (!saved.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: { [saved.field ?? "form"]: saved.message }, values: parsed.values }, { status: 400 });
  return data<FormReply>({ ok: true, message: saved.message, fieldErrors: {}, values: {} });
}

export default function AdminInstructors({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Relatores">
        <Link to="/admin/sesiones" className="font-semibold text-brand-700 underline underline-offset-4">
          Sesiones prácticas
        </Link>
      </PageHeader>
      <p className="mt-3 max-w-3xl text-slate-700">
        Cada relator ve solo sus propias sesiones en <strong>/relator</strong>. Su nombre, título y credencial aparecen en los certificados teórico-prácticos que firma.
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <InstructorForm reply={actionData} />
      {loaderData.instructors.length > 0 ? (
        <div className={`${tableWrap} mt-6`}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Nombre</th>
                <th className={th}>Correo</th>
                <th className={th}>Título</th>
                <th className={th}>Credencial</th>
                <th className={th}>Vigente hasta</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.instructors.map((i) => (
                <tr key={i.userId}>
                  <td className={td}>{i.displayName}</td>
                  <td className={td}>{i.email}</td>
                  <td className={td}>{i.title}</td>
                  <td className={td}>{i.credential}</td>
                  <td className={td}>
                    {i.expires}
                    {i.expired ? <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Vencida</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
