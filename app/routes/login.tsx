import { useEffect } from "react";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { data, Form, Link, redirect, useActionData, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/login";
import { site } from "~/config/site";
import { loginSchema, safeRedirectPath } from "~/domain/account-forms";
import { type FieldErrors, parseForm } from "~/domain/form-parse";
import { accountMessages as M, loginOtherMessage } from "~/domain/account-messages";
import { signInWithPassword } from "~/server/accounts/accounts.server";
import { PASSWORD_BUSY_RETRY_AFTER_S } from "~/server/accounts/password-gate.server";
import { getUser } from "~/server/accounts/session.server";
import { AuthCard, FormAlert, linkClass, ownFieldErrors } from "~/ui/account/form-parts";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { useHydrated } from "~/ui/account/use-hydrated";
import { pageTitle } from "~/ui/seo";

const FIELDS = ["email", "password"] as const;
type Field = (typeof FIELDS)[number];
const SUCCESS_DELAY_MS = 1500; // spec §9: login redirect after about 1.5 s

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getUser(request)) throw redirect(safeRedirectPath(redirectTo));
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const parsed = parseForm(loginSchema, formData, FIELDS, { required: FIELDS, secret: ["password"] });
  if (!parsed.ok) {
    const { formError, fieldErrors, values } = parsed;
    return data({ success: false as const, formError: formError ?? fieldErrors.email, fieldErrors, values }, { status: 400 });
  }
  const outcome = await signInWithPassword(parsed.data, request);
  const values = { email: parsed.data.email };
  if (!outcome.ok) {
    const fail = (formError: string, status: number) =>
      data({ success: false as const, formError, fieldErrors: {} as FieldErrors<Field>, values }, { status });
    switch (outcome.reason) {
      case "invalidCredentials":
        return fail(M.invalidCredentials, 401);
      case "disabled":
        return fail(M.userDisabled, 403);
      case "tooMany":
        return fail(M.tooManyRequests, 429);
      case "invalidEmail":
        return fail(M.invalidEmail, 400);
      case "busy":
        return data({ success: false as const, formError: M.busy, fieldErrors: {} as FieldErrors<Field>, values }, { status: 503, headers: { "Retry-After": String(PASSWORD_BUSY_RETRY_AFTER_S) } });
      default:
        return fail(loginOtherMessage("message" in outcome ? outcome.message : undefined), 500);
    }
  }
  const to = safeRedirectPath(formData.get("redirectTo"));
  // With JavaScript the page shows its confirmation and moves on after 1.5 s; without it, go straight there.
  if (formData.get("js") === "1") return data({ success: true as const, redirectTo: to }, { headers: outcome.headers });
  return redirect(to, { headers: outcome.headers });
}

// After signing in, this page's loader would bounce to /dashboard at once; the confirmation must stay 1.5 s.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const succeeded = actionData?.success === true;
  const pending = navigation.state === "submitting" || succeeded;

  useEffect(() => {
    if (actionData?.success !== true) return;
    const timer = window.setTimeout(() => navigate(actionData.redirectTo, { replace: true }), SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [actionData, navigate]);

  const failure = actionData && !actionData.success ? actionData : undefined;
  const fieldErrors: FieldErrors<Field> = failure?.fieldErrors ?? {};
  const own = ownFieldErrors(fieldErrors, failure?.formError);

  return (
    <AuthCard
      title="Iniciar Sesión"
      intro="Ingresa con tu correo electrónico y contraseña para continuar con tus cursos."
      footer={
        <>
          ¿No tienes una cuenta?{" "}
          <Link to={loaderData.redirectTo ? `/registro?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "/registro"} className={linkClass}>
            Regístrate
          </Link>
        </>
      }
    >
      <title>{pageTitle("Iniciar Sesión")}</title>
      <meta name="description" content={`Ingresa a tu cuenta de ${site.name} para continuar tus cursos de RCP, primeros auxilios y seguridad.`} />
      <Form method="post" noValidate className="space-y-5">
        {succeeded ? <FormAlert tone="success">{M.loginSuccess}</FormAlert> : null}
        {failure?.formError ? (
          <FormAlert tone="error" id="login-error">
            {failure.formError}
          </FormAlert>
        ) : null}
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <TextField
          size="large"
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email ?? ""}
          error={own("email")}
          invalid={!!fieldErrors.email}
          errorRef="login-error"
        />
        <TextField
          size="large"
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={own("password")}
          invalid={!!fieldErrors.password}
          errorRef="login-error"
        />
        <div className="flex justify-end">
          <Link to="/restablecer-contrasena" className={`text-sm ${linkClass}`}>
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <SubmitButton size="block" pending={pending} label="Iniciar Sesión" pendingLabel={succeeded ? "Redirigiendo..." : "Iniciando sesión..."} />
      </Form>
    </AuthCard>
  );
}
