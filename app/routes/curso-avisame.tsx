// /cursos/:id/avisame — a course that is not open yet ('Próximamente') takes an e-mail to tell when it opens.
import { data, redirect, Form, Link, useNavigation } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/curso-avisame";
import { WAITLIST_FIELDS, commerceMessages, waitlistSchema } from "~/domain/commerce";
import { parseForm } from "~/domain/form-parse";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { parseId } from "~/domain/ids";
import { getSaleModes } from "~/server/catalogue/sale-mode.server";
import { getUser } from "~/server/accounts/session.server";
import { joinWaitlist } from "~/server/catalogue/waitlist.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Avísame cuando abra: ${loaderData?.course.title ?? "curso"}`) },
  { name: "robots", content: "noindex" },
];

async function soonCourse(param: string | undefined) {
  const id = parseId(param);
  if (id === null) throw redirect("/cursos");
  const [found, modes] = await Promise.all([getPublishedCourse(id), getSaleModes([id])]);
  if (!found) throw redirect("/cursos");
  if (modes.get(id) !== "soon") throw redirect(`/cursos/${id}`);
  return found.course;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const [c, user] = await Promise.all([soonCourse(params.id), getUser(request)]);
  return { course: { id: c.id, title: c.title }, email: user?.email ?? "" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const [c, user] = await Promise.all([soonCourse(params.id), getUser(request)]);
  const form = await readFormOrThrow(request);
  const parsed = parseForm(waitlistSchema, form, WAITLIST_FIELDS);
  if (!parsed.ok) return data({ ok: false as const, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const joined = await joinWaitlist({ courseId: c.id, email: parsed.data.email, userId: user?.id ?? null, ip: clientIp(request) });
  if (joined === "tooMany") return data({ ok: false as const, fieldErrors: { email: commerceMessages.tooManyRequests }, values: parsed.values }, { status: 429 });
  return { ok: true as const, fieldErrors: {} as Record<string, string>, values: parsed.values };
}

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData && !actionData.ok ? actionData.fieldErrors.email : undefined;
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Próximamente</p>
        <h1 className="mt-1 text-2xl font-bold text-ink">{loaderData.course.title}</h1>
        <p className="mt-3 text-slate-700">Este curso aún no abre sus inscripciones. Déjanos tu correo y te avisaremos cuando puedas inscribirte.</p>
        {actionData?.ok ? (
          <p role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-800">
            {commerceMessages.waitlistDone}
          </p>
        ) : (
          <Form method="post" className="mt-6" noValidate>
            <label htmlFor="email" className="block text-sm font-semibold text-slate-800">
              Correo electrónico
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.values.email ?? loaderData.email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "email-error" : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-500 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700"
            />
            {error ? (
              <p id="email-error" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <button type="submit" disabled={busy} className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
              {busy ? "Procesando..." : "Avisarme"}
            </button>
          </Form>
        )}
        <p className="mt-6 text-sm">
          <Link to={`/cursos/${loaderData.course.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
            Volver al curso
          </Link>
        </p>
      </div>
    </section>
  );
}
