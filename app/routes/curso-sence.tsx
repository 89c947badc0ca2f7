// POST /cursos/:courseId/sence — "Iniciar sesión SENCE" (intent=iniciar) and "Cerrar sesión SENCE" (intent=cerrar)
// for a worker under a SENCE action (docs/decisions.md F3, docs/sence.md). The action records what the academy sends and
// answers the form the browser posts to SENCE; the page submits it at once (or offers a button without
// JavaScript). SENCE's answer comes back to /sence/retorno or /sence/error, then to the course.
import { useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/curso-sence";
import { parseId } from "~/domain/ids";
import { senceMessages as M } from "~/domain/sence-messages";
import { getUser } from "~/server/accounts/session.server";
import { readForm } from "~/server/platform/http/request-body.server";
import { beginSenceClose, beginSenceStart } from "~/server/sence/sessions.server";
import { pageTitle } from "~/ui/seo";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/**
 * A GET (a reload of this page, a shared link) shows a way back to the course. It cannot redirect: React Router
 * runs this loader after the action too, and a redirect would take the learner away from the form to SENCE.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.courseId);
  if (id === null) throw redirect("/cursos");
  return { courseId: id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const courseId = parseId(params.courseId);
  if (courseId === null) return redirect("/cursos");
  const user = await getUser(request);
  if (!user) return redirect(`/cursos/${courseId}`);
  const read = await readForm(request);
  const intent = read.ok ? read.form.get("intent") : null;
  const result =
    intent === "iniciar" ? await beginSenceStart({ userId: user.id, courseId })
    : intent === "cerrar" ? await beginSenceClose({ userId: user.id, courseId })
    : ({ ok: false, status: 400, message: M.invalidRequest } as const);
  if (!result.ok) return data({ ok: false as const, courseId, message: result.message }, { status: result.status });
  return { ok: true as const, courseId, endpoint: result.endpoint, fields: result.fields };
}

export default function SenceRedirect({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const target = actionData?.ok ? actionData.endpoint : null;
  useEffect(() => {
    if (target) formRef.current?.submit();
  }, [target]);

  if (!actionData) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <title>{pageTitle("Sesión SENCE")}</title>
        <h1 className="text-2xl font-bold text-ink">Sesión SENCE</h1>
        <Link to={`/cursos/${loaderData.courseId}/contenido`} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {M.backToCourse}
        </Link>
      </section>
    );
  }
  const back = `/cursos/${actionData.courseId}/contenido`;
  if (!actionData.ok) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <title>{pageTitle("Sesión SENCE")}</title>
        <h1 className="text-2xl font-bold text-ink">Sesión SENCE</h1>
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
          {actionData.message}
        </p>
        <Link to={back} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {M.backToCourse}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{pageTitle(M.redirectTitle)}</title>
      <h1 className="text-2xl font-bold text-ink">{M.redirectTitle}</h1>
      <p className="mt-4 text-slate-700">{M.redirectBody}</p>
      <form ref={formRef} method="post" action={actionData.endpoint} className="mt-6">
        {Object.entries(actionData.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {M.redirectButton}
        </button>
      </form>
      <Link to={back} className="mt-6 inline-block text-sm font-semibold text-brand-700 underline">
        {M.backToCourse}
      </Link>
    </section>
  );
}
