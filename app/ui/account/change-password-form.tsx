import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, linkClass, NewPasswordFields, ownFieldErrors } from "./form-parts";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";

type Field = "currentPassword" | "newPassword" | "confirmNewPassword";

export interface PasswordActionData {
  intent: "password";
  success?: string;
  formError?: string;
  fieldErrors: Partial<Record<Field, string>>;
}

/** docs/decisions.md B6: the spec's hint stays, and a signed-in user can also change the password here. */
export function ChangePasswordForm({ actionData }: { actionData?: PasswordActionData }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData?.success) formRef.current?.reset();
  }, [actionData]);
  const errors = actionData?.fieldErrors ?? {};
  const own = ownFieldErrors(errors, actionData?.formError);
  return (
    <section aria-labelledby="perfil-clave" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="perfil-clave" className="text-xl font-bold text-ink">
        Cambiar Contraseña
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Para cambiar tu contraseña, cierra sesión y usa la opción{" "}
        <Link to="/restablecer-contrasena" className={linkClass}>
          ¿Olvidaste tu contraseña?
        </Link>{" "}
        en la página de inicio de sesión. También puedes cambiarla aquí si recuerdas tu contraseña actual.
      </p>
      <Form method="post" noValidate ref={formRef} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="password" />
        {actionData?.success ? <FormAlert tone="success">{actionData.success}</FormAlert> : null}
        {actionData?.formError ? (
          <FormAlert tone="error" id="clave-error">
            {actionData.formError}
          </FormAlert>
        ) : null}
        <TextField
          size="large"
          label="Contraseña actual"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={own("currentPassword")}
          invalid={!!errors.currentPassword}
          errorRef="clave-error"
        />
        <NewPasswordFields
          names={["newPassword", "confirmNewPassword"]}
          labels={["Nueva contraseña", "Confirmar nueva contraseña"]}
          errorFor={(f) => ({ message: own(f), invalid: !!errors[f] })}
          errorRef="clave-error"
        />
        <div className="sm:w-60">
          <SubmitButton size="block" pending={pending} label="Cambiar Contraseña" pendingLabel="Cambiando contraseña..." />
        </div>
      </Form>
    </section>
  );
}
