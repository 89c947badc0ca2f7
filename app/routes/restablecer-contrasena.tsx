import { useEffect, useRef } from "react";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/restablecer-contrasena";
import { site } from "~/config/site";
import { resetRequestSchema } from "~/domain/account-forms";
import { parseForm } from "~/domain/form-parse";
import { accountMessages as M } from "~/domain/account-messages";
import { requestPasswordReset } from "~/server/accounts/accounts.server";
import { AuthCard, FormAlert, linkClass } from "~/ui/account/form-parts";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const parsed = parseForm(resetRequestSchema, formData, ["email"], { required: ["email"], requiredMessage: M.emailRequired });
  if (!parsed.ok) {
    return data({ sent: false as const, error: parsed.formError ?? parsed.fieldErrors.email ?? M.invalidEmail, email: parsed.values.email ?? "" }, { status: 400 });
  }
  // Same answer whether or not the account exists (docs/decisions.md B10).
  const { ok } = await requestPasswordReset(parsed.data.email, request);
  if (!ok) return data({ sent: false as const, error: M.resetOther, email: parsed.data.email }, { status: 500 });
  return { sent: true as const };
}

export default function PasswordResetRequest() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);

  // The spec clears the field after a successful request.
  useEffect(() => {
    if (actionData?.sent) formRef.current?.reset();
  }, [actionData]);

  const error = actionData && !actionData.sent ? actionData.error : undefined;

  return (
    <AuthCard
      title="Restablecer contraseña"
      intro="Ingresa el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña."
      footer={
        <>
          ¿Recordaste tu contraseña?{" "}
          <Link to="/login" className={linkClass}>
            Volver a Iniciar Sesión
          </Link>
        </>
      }
    >
      <title>{pageTitle("Restablecer contraseña")}</title>
      <meta name="description" content={`Recupera el acceso a tu cuenta de ${site.name}.`} />
      <Form method="post" noValidate ref={formRef} className="space-y-5">
        {actionData?.sent ? <FormAlert tone="success">{M.resetSent}</FormAlert> : null}
        {error ? (
          <FormAlert tone="error" id="reset-error">
            {error}
          </FormAlert>
        ) : null}
        <TextField
          size="large"
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData && !actionData.sent ? actionData.email : ""}
          invalid={!!error}
          errorRef="reset-error"
        />
        <SubmitButton size="block" pending={pending} label="Enviar instrucciones" pendingLabel="Enviando..." />
      </Form>
    </AuthCard>
  );
}
