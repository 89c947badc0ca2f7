// Apart from the box itself (marketing-consent.tsx), which /registro ships: this form, its dates and its button
// are /perfil's alone.
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "~/domain/format";
import { FormAlert } from "./form-parts";
import { MarketingConsentField } from "./marketing-consent";
import { SubmitButton } from "~/ui/primitives/submit-button";

export interface MarketingActionData {
  intent: "marketing";
  success?: string;
  formError?: string;
}

/** /perfil's section: the same box, saved on its own, with when the choice was made. */
export function MarketingForm({ consent, actionData }: { consent: { given: boolean; at: string | null }; actionData?: MarketingActionData }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "marketing";
  return (
    <section aria-labelledby="perfil-correos" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="perfil-correos" className="text-xl font-bold text-ink">
        Novedades por correo
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Los correos de tus cursos, compras y certificados te llegan siempre; este permiso es solo para promociones.
      </p>
      {/* A new key after each save re-reads the saved choice into the box. */}
      <Form method="post" noValidate className="mt-5 space-y-5" key={`${consent.given}|${consent.at}`}>
        <input type="hidden" name="intent" value="marketing" />
        {actionData?.success ? <FormAlert tone="success">{actionData.success}</FormAlert> : null}
        {actionData?.formError ? <FormAlert tone="error">{actionData.formError}</FormAlert> : null}
        <MarketingConsentField defaultChecked={consent.given} />
        {consent.at ? (
          <p className="text-sm text-slate-600">
            {consent.given ? "Lo autorizaste el " : "Sin autorización desde el "}
            {formatDateTime(consent.at)}.
          </p>
        ) : null}
        <div className="sm:w-60">
          <SubmitButton size="block" pending={pending} label="Guardar preferencia" pendingLabel="Guardando..." />
        </div>
      </Form>
    </section>
  );
}
