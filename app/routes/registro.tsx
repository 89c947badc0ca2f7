import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { readFormOrThrow } from "~/server/request-body.server";
import type { Route } from "./+types/registro";
import { site } from "~/config/site";
import { registerSchema } from "~/domain/account-forms";
import { parseForm } from "~/domain/form-parse";
import { MAX_NAME_LENGTH } from "~/domain/account-limits";
import { accountMessages as M } from "~/domain/account-messages";
import { registerAccount } from "~/server/accounts.server";
import { getUser } from "~/server/session.server";
import { AuthCard, FormAlert, linkClass, NewPasswordFields, ownFieldErrors, SubmitButton, TextField } from "~/ui/account/form-parts";
import { pageTitle } from "~/ui/seo";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/dashboard");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  // Only these four fields are read: a `role` (or anything else) in the request is ignored.
  const parsed = parseForm(registerSchema, formData, FIELDS, { required: FIELDS, secret: ["password", "confirmPassword"] });
  if (!parsed.ok) {
    const { formError, fieldErrors, values } = parsed;
    return data({ formError, fieldErrors, values }, { status: 400 });
  }
  const { name, email, password } = parsed.data;
  const outcome = await registerAccount({ name, email, password }, request);
  if (outcome.ok) return redirect("/dashboard", { headers: outcome.headers });
  const values = { name, email };
  switch (outcome.reason) {
    case "emailInUse":
      return data({ formError: undefined, fieldErrors: { email: M.emailInUse }, values }, { status: 409 });
    case "invalidEmail":
      return data({ formError: undefined, fieldErrors: { email: M.invalidEmail }, values }, { status: 400 });
    case "weakPassword":
      return data({ formError: undefined, fieldErrors: { password: M.weakPassword }, values }, { status: 400 });
    case "tooMany":
      return data({ formError: M.tooManySignUps, fieldErrors: {}, values }, { status: 429 });
    default:
      return data({ formError: M.registerOther, fieldErrors: {}, values }, { status: 500 });
  }
}

type Field = (typeof FIELDS)[number];

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/registro";
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
          <Link to="/login" className={linkClass}>
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
        <TextField
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
        <SubmitButton pending={pending} label="Registrarse" pendingLabel="Creando cuenta..." />
      </Form>
    </AuthCard>
  );
}
