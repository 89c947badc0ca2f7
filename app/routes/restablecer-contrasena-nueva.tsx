import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/restablecer-contrasena-nueva";
import { newPasswordSchema } from "~/domain/account-forms";
import { parseForm } from "~/domain/form-parse";
import { accountMessages as M } from "~/domain/account-messages";
import { isResetTokenUsable, resetPassword } from "~/server/accounts/accounts.server";
import { AuthCard, FormAlert, linkClass, NewPasswordFields, ownFieldErrors } from "~/ui/account/form-parts";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

const FIELDS = ["token", "password", "confirmPassword"] as const;

// The e-mail's link passes through /api/auth/reset-password/:token, which lands here with ?token=… (or ?error=…).
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: (await isResetTokenUsable(token)) ? token : null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const parsed = parseForm(newPasswordSchema, formData, FIELDS, { required: ["password", "confirmPassword"], secret: ["password", "confirmPassword"] });
  if (!parsed.ok) {
    if (parsed.fieldErrors.token) return data({ state: "invalid" as const }, { status: 400 });
    return data({ state: "error" as const, formError: parsed.formError, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  const outcome = await resetPassword({ token: parsed.data.token, password: parsed.data.password });
  if (outcome.ok) return { state: "done" as const };
  if (outcome.reason === "invalidToken") return data({ state: "invalid" as const }, { status: 400 });
  if (outcome.reason === "busy") return data({ state: "error" as const, formError: M.busy, fieldErrors: {} }, { status: 503 });
  return data({ state: "error" as const, formError: M.resetFailed, fieldErrors: {} }, { status: 500 });
}

export default function NewPassword({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const title = "Elige una nueva contraseña";
  const head = <title>{pageTitle(title)}</title>;

  if (actionData?.state === "done") {
    return (
      <AuthCard title={title}>
        {head}
        <div className="space-y-5">
          <FormAlert tone="success">{M.resetDone}</FormAlert>
          <Link
            to="/login"
            className="block w-full rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            Iniciar Sesión
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (!loaderData.token || actionData?.state === "invalid") {
    return (
      <AuthCard title={title}>
        {head}
        <div className="space-y-5">
          <FormAlert tone="error">{M.resetLinkInvalid}</FormAlert>
          <p className="text-sm text-slate-700">
            Los enlaces para restablecer la contraseña sirven una sola vez y vencen después de 1 hora.
          </p>
          <Link to="/restablecer-contrasena" className={linkClass}>
            Solicitar un nuevo enlace
          </Link>
        </div>
      </AuthCard>
    );
  }

  const failure = actionData?.state === "error" ? actionData : undefined;
  const fieldErrors: Partial<Record<"password" | "confirmPassword", string>> = failure?.fieldErrors ?? {};
  const own = ownFieldErrors(fieldErrors, failure?.formError);

  return (
    <AuthCard title={title} intro="Escribe tu nueva contraseña dos veces. Al guardarla se cerrarán las sesiones abiertas de tu cuenta.">
      {head}
      <Form method="post" noValidate className="space-y-5">
        {failure?.formError ? (
          <FormAlert tone="error" id="nueva-error">
            {failure.formError}
          </FormAlert>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          names={["password", "confirmPassword"]}
          labels={["Nueva contraseña", "Confirmar nueva contraseña"]}
          errorFor={(f) => ({ message: own(f), invalid: !!fieldErrors[f] })}
          errorRef="nueva-error"
        />
        <SubmitButton size="block" pending={pending} label="Guardar nueva contraseña" pendingLabel="Guardando..." />
      </Form>
    </AuthCard>
  );
}
