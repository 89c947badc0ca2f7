// The buyer's tax document at checkout: boleta (RUT optional) or factura with the data the SII asks for. The
// factura's fields show when "Factura" is chosen — by CSS alone (:has), so the form works without JavaScript.
import type { FieldErrors, FormValues } from "~/domain/form-parse";
import { MAX_GIRO_LENGTH } from "~/domain/tax-document-forms";
import { SII_LIMITS } from "~/domain/tax-documents";
import { TextField } from "~/ui/primitives/field";
import { ChoiceCard } from "~/ui/primitives/choice-card";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-500 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700";
const errorText = "mt-1 text-sm font-medium text-red-700";

function Field(props: { name: string; label: string; hint?: string; error?: string; value?: string; maxLength: number; autoComplete?: string; className?: string }) {
  const id = `tax-${props.name}`;
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        defaultValue={props.value ?? ""}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete ?? "off"}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        className={inputClass}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className={errorText}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** For a person's checkout: boleta or factura, and what each needs. */
export function TaxDataFields({ values, errors }: { values: FormValues; errors: FieldErrors }) {
  const receipt = values.receipt === "factura" ? "factura" : "boleta";
  return (
    <fieldset className="group mt-5">
      <legend className="text-sm font-semibold text-slate-800">Documento tributario</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {(
          [
            ["boleta", "Boleta", "Para personas. Puedes agregar tu RUT."],
            ["factura", "Factura", "Para empresas, o si necesitas factura a tu nombre."],
          ] as const
        ).map(([value, title, text]) => (
          <ChoiceCard key={value} id={`receipt-${value}`} name="receipt" value={value} title={title} text={text} defaultChecked={receipt === value} />
        ))}
      </div>
      {errors.receipt ? <p className={errorText}>{errors.receipt}</p> : null}
      <Field name="rut" label="RUT" hint="Opcional con boleta; obligatorio con factura." error={errors.rut} value={values.rut} maxLength={14} className="mt-4 sm:max-w-xs" />
      <div className="mt-4 hidden gap-4 group-has-[#receipt-factura:checked]:grid sm:grid-cols-2">
        <Field name="businessName" label="Razón social" error={errors.businessName} value={values.businessName} maxLength={SII_LIMITS.receiverName} autoComplete="organization" className="sm:col-span-2" />
        <Field name="giro" label="Giro" error={errors.giro} value={values.giro} maxLength={MAX_GIRO_LENGTH} className="sm:col-span-2" />
        <Field name="address" label="Dirección" error={errors.address} value={values.address} maxLength={SII_LIMITS.address} autoComplete="street-address" />
        <Field name="comuna" label="Comuna" error={errors.comuna} value={values.comuna} maxLength={SII_LIMITS.comuna} autoComplete="address-level3" />
        <Field name="purchaseOrder" label="N° de orden de compra (opcional)" error={errors.purchaseOrder} value={values.purchaseOrder} maxLength={SII_LIMITS.referenceFolio} />
        <Field name="senceActionId" label="ID de acción SENCE (opcional)" hint="Solo si la capacitación usa franquicia SENCE." error={errors.senceActionId} value={values.senceActionId} maxLength={50} />
      </div>
    </fieldset>
  );
}

/** For a company's seats (the portal's admin-styled form): its stored data (razón social and RUT fixed), the rest
 *  confirmed or completed. */
export function CompanyTaxFields({ company, values, errors }: { company: { name: string; rut: string; giro: string; address: string; comuna: string }; values: FormValues; errors: FieldErrors }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="text-sm font-semibold text-slate-800">Datos para la factura</legend>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Factura a nombre de <strong>{company.name}</strong>, RUT <strong>{company.rut}</strong>. Confirma o completa el resto: quedará guardado para las próximas compras.
      </p>
      <TextField className="sm:col-span-2" label="Giro" name="giro" required defaultValue={values.giro ?? company.giro} error={errors.giro} />
      <TextField label="Dirección" name="address" required autoComplete="street-address" defaultValue={values.address ?? company.address} error={errors.address} />
      <TextField label="Comuna" name="comuna" required autoComplete="address-level3" defaultValue={values.comuna ?? company.comuna} error={errors.comuna} />
      <TextField label="N° de orden de compra (opcional)" name="purchaseOrder" defaultValue={values.purchaseOrder} error={errors.purchaseOrder} />
      <TextField label="ID de acción SENCE (opcional)" name="senceActionId" hint="Solo si la capacitación usa franquicia SENCE." defaultValue={values.senceActionId} error={errors.senceActionId} />
    </fieldset>
  );
}
