import { Form, useNavigation } from "react-router";
import { MAX_ADDRESS_LENGTH, MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from "~/domain/account-limits";
import { FormAlert } from "./form-parts";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";

type Field = "name" | "phone" | "address" | "rut";

export interface ProfileActionData {
  intent: "profile";
  success?: string;
  formError?: string;
  fieldErrors: Partial<Record<Field, string>>;
  values?: Partial<Record<Field, string>>;
}

export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Display form ('12.345.678-5') or ''. */
  rut: string;
}

export function ProfileForm({ profile, actionData }: { profile: ProfileValues; actionData?: ProfileActionData }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const values = actionData?.values ?? profile;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <section aria-labelledby="perfil-datos" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="perfil-datos" className="text-xl font-bold text-ink">
        Información personal
      </h2>
      {/* A new key after each save re-reads the saved values into the fields. */}
      <Form method="post" noValidate className="mt-6 space-y-5" key={`${profile.name}|${profile.phone}|${profile.address}|${profile.rut}`}>
        <input type="hidden" name="intent" value="profile" />
        {actionData?.success ? <FormAlert tone="success">{actionData.success}</FormAlert> : null}
        {actionData?.formError ? <FormAlert tone="error">{actionData.formError}</FormAlert> : null}
        <TextField
          size="large"
          label="Nombre Completo"
          name="name"
          autoComplete="name"
          required
          maxLength={MAX_NAME_LENGTH}
          defaultValue={values.name ?? ""}
          error={errors.name}
        />
        <TextField
          size="large"
          label="Correo Electrónico"
          name="email"
          type="email"
          disabled
          defaultValue={profile.email}
          hint="El correo electrónico no se puede cambiar."
        />
        <TextField
          size="large"
          label="RUT"
          name="rut"
          autoComplete="off"
          maxLength={20}
          defaultValue={values.rut ?? ""}
          error={errors.rut}
          hint="Opcional. Aparece en tus certificados. Ejemplo: 12.345.678-5"
        />
        <TextField
          size="large"
          label="Teléfono"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={MAX_PHONE_LENGTH}
          defaultValue={values.phone ?? ""}
          error={errors.phone}
        />
        <TextField
          size="large"
          label="Dirección"
          name="address"
          autoComplete="street-address"
          maxLength={MAX_ADDRESS_LENGTH}
          defaultValue={values.address ?? ""}
          error={errors.address}
        />
        <div className="sm:w-60">
          <SubmitButton size="block" pending={pending} label="Guardar Cambios" pendingLabel="Actualizando perfil..." />
        </div>
      </Form>
    </section>
  );
}
