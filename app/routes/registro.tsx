import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/registro";
import { site } from "~/config/site";
import { registerSchema, safeRedirectPath } from "~/domain/account-forms";
import { parseForm } from "~/domain/form-parse";
import { MAX_NAME_LENGTH } from "~/domain/account-limits";
import { accountMessages as M } from "~/domain/account-messages";
import { registerAccount } from "~/server/accounts/accounts.server";
import { PASSWORD_BUSY_RETRY_AFTER_S } from "~/server/accounts/password-gate.server";
import { getUser } from "~/server/accounts/session.server";
import { AuthCard, FormAlert, linkClass, NewPasswordFields, ownFieldErrors } from "~/ui/account/form-parts";
import { MarketingConsentField } from "~/ui/account/marketing-consent";
import { SignUpSent } from "~/ui/account/sign-up-sent";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;

// A buyer sent to sign in on the way to a checkout may sign up instead: the way back travels with them
// (?redirectTo= on the page, a hidden field in the form), so a new account lands where the purchase was going.
export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getUser(request)) throw redirect(safeRedirectPath(redirectTo));
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  // Only these four fields and the marketing box are read: a `role` (or anything else) in the request is ignored.
  const parsed = parseForm(registerSchema, formData, FIELDS, { required: FIELDS, secret: ["password", "confirmPassword"] });
  const marketing = formData.get("marketing") === "on";
  if (!parsed.ok) {
    const { formError, fieldErrors, values } = parsed;
    return data({ formError, fieldErrors, values: { ...values, marketing } }, { status: 400 });
  }
  const { name, email, password } = parsed.data;
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const outcome = await registerAccount({ name, email, password }, request, { marketing });
  if (outcome.ok) return redirect(redirectTo, { headers: outcome.headers });
  const values = { name, email, marketing };
  switch (outcome.reason) {
    // The same page for an address that already has an account as for a new one whose sign-in did not go
    // through (docs/decisions.md B12): a mail went out either way.
    case "checkMail": {
      const wayBack = formData.get("redirectTo") ? redirectTo : null;
      return { sentTo: email.trim().toLowerCase(), loginPath: loginPath(wayBack), registerPath: withWayBack("/registro", wayBack) };
    }
    case "invalidEmail":
      return data({ formError: undefined, fieldErrors: { email: M.invalidEmail }, values }, { status: 400 });
    case "weakPassword":
      return data({ formError: undefined, fieldErrors: { password: M.weakPassword }, values }, { status: 400 });
    case "tooMany":
      return data({ formError: M.tooManySignUps, fieldErrors: {}, values }, { status: 429 });
    case "busy":
      return data({ formError: M.busy, fieldErrors: {}, values }, { status: 503, headers: { "Retry-After": String(PASSWORD_BUSY_RETRY_AFTER_S) } });
    default:
      return data({ formError: M.registerOther, fieldErrors: {}, values }, { status: 500 });
  }
}

const withWayBack = (path: string, redirectTo: string | null) => (redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path);
const loginPath = (redirectTo: string | null) => withWayBack("/login", redirectTo);

type Field = (typeof FIELDS)[number];

export default function Register({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/registro";

  if (actionData && "sentTo" in actionData) {
    return (
      <AuthCard title="Revisa tu correo">
        <title>{pageTitle("Revisa tu correo")}</title>
        <SignUpSent email={actionData.sentTo} loginPath={actionData.loginPath} registerPath={actionData.registerPath} />
      </AuthCard>
    );
  }

  const fieldErrors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  const formError = actionData?.formError;
  const own = ownFieldErrors(fieldErrors, formError);

  return (
    <AuthCard
      title="Crear una cuenta"
      intro="Regístrate para inscribirte en nuestros cursos y seguir tu progreso."
      footer={
        <>
          ¿Ya tienes una cuenta?{" "}
          <Link to={loginPath(loaderData.redirectTo)} className={linkClass}>
            Inicia sesión
          </Link>
        </>
      }
    >
      <title>{pageTitle("Registrarse")}</title>
      <meta name="description" content={`Crea tu cuenta en ${site.name} e inscríbete en cursos de RCP, primeros auxilios y seguridad privada.`} />
      <Form method="post" noValidate className="space-y-5">
        {formError ? (
          <FormAlert tone="error" id="registro-error">
            {formError}
          </FormAlert>
        ) : null}
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <TextField
          size="large"
          label="Nombre"
          name="name"
          autoComplete="name"
          required
          maxLength={MAX_NAME_LENGTH}
          defaultValue={actionData?.values.name ?? ""}
          error={own("name")}
          invalid={!!fieldErrors.name}
          errorRef="registro-error"
        />
        <TextField
          size="large"
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email ?? ""}
          error={own("email")}
          invalid={!!fieldErrors.email}
          errorRef="registro-error"
        />
        <NewPasswordFields
          names={["password", "confirmPassword"]}
          labels={["Contraseña", "Confirmar contraseña"]}
          errorFor={(f) => ({ message: own(f), invalid: !!fieldErrors[f] })}
          errorRef="registro-error"
        />
        <MarketingConsentField defaultChecked={actionData?.values.marketing ?? false} />
        <p className="text-sm text-slate-700">
          Al registrarte aceptas que tratemos tus datos como explica nuestra{" "}
          <Link to="/privacidad" className="font-semibold text-brand-700 underline underline-offset-4">
            política de privacidad
          </Link>
          .
        </p>
        <SubmitButton size="block" pending={pending} label="Registrarse" pendingLabel="Creando cuenta..." />
      </Form>
    </AuthCard>
  );
}
