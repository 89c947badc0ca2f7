// /invitacion/:token — a company's invitation: a worker (or a manager) without an account sets a password
// and lands enrolled (or in the portal); one who already has an account signs in and accepts it.
import { data, Form, Link, redirect } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/invitacion";
import { ACCEPT_FIELDS, INVITATION_TOKEN_PATTERN, acceptSchema, companyMessages as M } from "~/domain/companies";
import { parseForm } from "~/domain/form-parse";
import { formatDate } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { acceptInvitationFor, acceptWithNewAccount, accountExists, findInvitation, stateMessage } from "~/server/companies/invitations.server";
import { getUser } from "~/server/accounts/session.server";
import { AuthCard, FormAlert, linkClass } from "~/ui/account/form-parts";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { site } from "~/config/site";
import { pageTitle } from "~/ui/seo";

type ActionData = { message: string | null; fieldErrors: Record<string, string> };

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Invitación") }, { name: "robots", content: "noindex" }];

async function load(token: string | undefined) {
  if (!token || !INVITATION_TOKEN_PATTERN.test(token)) return null;
  return findInvitation(token);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const inv = await load(params.token);
  if (!inv) return data({ kind: "invalid" as const, message: M.invitationInvalid }, { status: 404 });
  const refusal = stateMessage(inv.state);
  if (refusal) return data({ kind: "closed" as const, message: refusal }, { status: 410 });
  const viewer = await getUser(request);
  const common = {
    name: inv.name,
    email: inv.email,
    companyName: inv.companyName,
    courseTitle: inv.courseTitle,
    rut: inv.kind === "worker" && inv.rut ? formatRut(inv.rut) : null,
    isManager: inv.kind === "manager",
    expiresAt: formatDate(inv.expiresAt),
    loginPath: `/login?redirectTo=${encodeURIComponent(`/invitacion/${params.token}`)}`,
  };
  if (viewer) {
    return { kind: "signedIn" as const, ...common, sameAccount: viewer.email.toLowerCase() === inv.email };
  }
  return { kind: (await accountExists(inv.email)) ? ("hasAccount" as const) : ("newAccount" as const), ...common, sameAccount: false };
}

export async function action({ request, params }: Route.ActionArgs) {
  const token = params.token ?? "";
  const form = await readFormOrThrow(request);
  if (!INVITATION_TOKEN_PATTERN.test(token) || !(await findInvitation(token))) return data<ActionData>({ message: M.invitationInvalid, fieldErrors: {} }, { status: 404 });
  const viewer = await getUser(request);
  if (form.get("intent") === "accept") {
    if (!viewer) return redirect(`/login?redirectTo=${encodeURIComponent(`/invitacion/${token}`)}`);
    const result = await acceptInvitationFor(token, viewer);
    if (!result.ok) return data<ActionData>({ message: result.message, fieldErrors: {} }, { status: 409 });
    return redirect(result.redirectTo);
  }
  if (viewer) return data<ActionData>({ message: M.invitationOtherAccount, fieldErrors: {} }, { status: 409 });
  const parsed = parseForm(acceptSchema, form, ACCEPT_FIELDS);
  if (!parsed.ok) return data<ActionData>({ message: null, fieldErrors: parsed.fieldErrors }, { status: 400 });
  const result = await acceptWithNewAccount(token, parsed.data.password, request);
  if (!result.ok) return data<ActionData>({ message: result.message, fieldErrors: {} }, { status: 409 });
  return redirect(result.redirectTo, { headers: result.headers });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "invalid" || loaderData.kind === "closed") {
    return (
      <AuthCard title="Invitación no disponible">
        <FormAlert tone="error">{loaderData.message}</FormAlert>
        <p className="mt-6 text-sm">
          <Link to="/login" className={linkClass}>
            Iniciar sesión
          </Link>
        </p>
      </AuthCard>
    );
  }
  const v = loaderData;
  const intro = v.isManager ? (
    <>
      {site.name} te invita a administrar la capacitación de <strong>{v.companyName}</strong>.
    </>
  ) : (
    <>
      <strong>{v.companyName}</strong> te invita al curso <strong>{v.courseTitle}</strong>.
    </>
  );
  return (
    <AuthCard title={`Hola, ${v.name}`} intro={intro}>
      {actionData?.message ? <FormAlert tone="error">{actionData.message}</FormAlert> : null}
      <p className="text-sm text-slate-700">
        Invitación para <strong className="break-all">{v.email}</strong>, vigente hasta el {v.expiresAt}.
      </p>
      {v.rut ? (
        <p className="mt-2 text-sm text-slate-700">
          La empresa indicó el RUT <strong>{v.rut}</strong>. Al aceptar confirmas que es tuyo: quedará en tu cuenta si aún no tiene uno.
        </p>
      ) : null}
      {v.kind === "newAccount" ? (
        <Form method="post" noValidate className="mt-5 space-y-5" aria-label="Crear mi contraseña">
          <TextField label="Contraseña" name="password" type="password" autoComplete="new-password" required error={actionData?.fieldErrors.password} hint="Al menos 6 caracteres." />
          <TextField label="Confirmar contraseña" name="confirmPassword" type="password" autoComplete="new-password" required error={actionData?.fieldErrors.confirmPassword} />
          <p className="text-sm text-slate-700">
            Al crear tu cuenta aceptas que tratemos tus datos como explica nuestra{" "}
            <a href="/privacidad" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-4">
              política de privacidad
            </a>
            .
          </p>
          <SubmitButton intent="create" label={v.isManager ? "Crear mi cuenta" : "Crear mi cuenta y empezar"} pendingLabel="Creando cuenta..." />
        </Form>
      ) : v.kind === "hasAccount" ? (
        <div className="mt-5">
          <p className="text-sm text-slate-700">{M.invitationAccountExists}</p>
          <Link to={v.loginPath} className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            Iniciar sesión para aceptar
          </Link>
        </div>
      ) : v.sameAccount ? (
        <Form method="post" className="mt-5">
          <SubmitButton intent="accept" label="Aceptar invitación" pendingLabel="Aceptando..." />
        </Form>
      ) : (
        <FormAlert tone="error">{M.invitationOtherAccount}</FormAlert>
      )}
    </AuthCard>
  );
}
