// The code look-up form: a plain GET to /certificados, so it works without JavaScript.
import { Form, useNavigation } from "react-router";

export const CODE_FIELD = "codigo";
export const EMPTY_CODE = "Ingresa el código del certificado.";

export function CertificateVerifyForm({ defaultValue = "", error }: { defaultValue?: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname.startsWith("/certificados");
  return (
    <Form method="get" action="/certificados" className="space-y-2" noValidate>
      <label htmlFor="codigo-certificado" className="block text-sm font-semibold text-ink">
        Código del certificado
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id="codigo-certificado"
          name={CODE_FIELD}
          type="text"
          defaultValue={defaultValue}
          placeholder="Ej.: ABCD-EFGH-JK12"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "codigo-certificado-error" : "codigo-certificado-ayuda"}
          className="w-full rounded-lg border border-slate-500 px-4 py-3 font-mono text-lg uppercase tracking-wider text-ink placeholder:font-sans placeholder:normal-case placeholder:tracking-normal placeholder:text-slate-500 focus:border-brand-700 aria-[invalid]:border-brand-700"
        />
        <button
          type="submit"
          className="shrink-0 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          disabled={busy}
        >
          {busy ? "Verificando..." : "Verificar"}
        </button>
      </div>
      {error ? (
        <p id="codigo-certificado-error" className="text-sm font-medium text-brand-700" role="alert">
          {error}
        </p>
      ) : (
        <p id="codigo-certificado-ayuda" className="text-sm text-slate-600">
          Está impreso en el certificado, junto al código QR. Puedes escribirlo con o sin guiones.
        </p>
      )}
    </Form>
  );
}
