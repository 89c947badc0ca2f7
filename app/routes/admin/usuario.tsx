// /admin/usuarios/:id — one person's file: profile, enrolments and lessons, exam attempts with
// their answers, certificates and orders; the role and disable actions of the users list work here too.
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/usuario";
import { userIdSchema } from "~/domain/admin-user-forms";
import { getLearnerDetail } from "~/server/learning/admin-learner.server";
import { runUserAction } from "~/server/accounts/admin-users.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { logAdminView } from "~/server/privacy/requests.server";
import { LearnerView } from "~/ui/admin/insight/learner-view";
import { Notice } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${d && "profile" in d ? d.profile.name : "Usuario"} | Usuarios | Administración`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = userIdSchema.safeParse(params.id);
  const detail = id.success ? await getLearnerDetail(id.data) : null;
  if (!detail) return data({ notFound: true as const }, { status: 404 });
  // The person's file shows their personal data: who opened it goes to the access log (/admin/privacidad).
  await logAdminView(admin, "admin.view_user", detail.profile.id);
  return { ...detail, currentUserId: admin.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  // The page acts on its own person, whatever the form says.
  const result = await runUserAction(admin.id, { ...Object.fromEntries(await readFormOrThrow(request)), userId: params.id });
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function AdminLearner({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if ("notFound" in loaderData) {
    return (
      <section className={`${container} py-8`}>
        <h1 className="text-2xl font-bold text-ink">Usuario no encontrado</h1>
        <p className="mt-2 text-slate-700">No existe una cuenta con ese identificador.</p>
      </section>
    );
  }
  return (
    <section className={`${container} py-8`}>
      {actionData ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <LearnerView data={loaderData} self={loaderData.currentUserId === loaderData.profile.id} busy={navigation.state === "submitting"} />
    </section>
  );
}
