// The buyer's proof of transfer on their order (docs/payments.md, "Proof of transfer"): the file field while the
// transfer is awaited, and what was sent. Works as a plain form without JavaScript; with it, a file over the limit
// or of another kind is refused before it is sent (the server checks the bytes anyway).
import { useState } from "react";
import { Form } from "react-router";
import { PROOF_ACCEPT, TRANSFER_PROOF_MAX_BYTES, transferProofMessages as M } from "~/domain/transfer-proof";
import { SubmitButton } from "~/ui/primitives/submit-button";

export interface ProofSection {
  canUpload: boolean;
  uploaded: { href: string; filename: string; at: string }[];
}

export type ProofReply = { proofError: string } | { proofSaved: string } | undefined;

const ACCEPTED_NAME = /\.(pdf|png|jpe?g|webp|heic)$/i;

export function TransferProofForm({ proof, reply }: { proof: ProofSection; reply: ProofReply }) {
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = reply && "proofError" in reply ? reply.proofError : null;
  const saved = reply && "proofSaved" in reply ? reply.proofSaved : null;
  const error = clientError ?? serverError;
  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const chosen = (event.currentTarget.elements.namedItem("comprobante") as HTMLInputElement | null)?.files?.[0];
    const problem = !chosen ? M.missing : chosen.size > TRANSFER_PROOF_MAX_BYTES ? M.tooLarge : !ACCEPTED_NAME.test(chosen.name) ? M.wrongType : null;
    setClientError(problem);
    if (problem) event.preventDefault();
  };
  if (!proof.canUpload && proof.uploaded.length === 0) return null;
  return (
    <section aria-labelledby="comprobante-titulo" className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="comprobante-titulo" className="text-lg font-bold text-ink">
        Comprobante de la transferencia
      </h2>
      {saved ? (
        <p role="status" className="mt-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {saved}
        </p>
      ) : null}
      {proof.canUpload ? (
        <Form method="post" encType="multipart/form-data" noValidate onSubmit={check} className="mt-3 grid gap-3">
          <p className="text-sm text-slate-700">Súbelo aquí y confirmaremos tu pago más rápido. También puedes enviarlo por correo.</p>
          <div>
            <label htmlFor="comprobante" className="block text-sm font-semibold text-slate-800">
              Archivo del comprobante
            </label>
            <input
              id="comprobante"
              name="comprobante"
              type="file"
              accept={PROOF_ACCEPT}
              aria-invalid={error ? true : undefined}
              aria-describedby={`comprobante-ayuda${error ? " comprobante-error" : ""}`}
              onChange={() => setClientError(null)}
              className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800 aria-[invalid=true]:border-red-700"
            />
            <p id="comprobante-ayuda" className="mt-1 text-xs text-slate-600">
              PDF o imagen (JPG, PNG, WebP o HEIC), hasta 10 MB. Una captura de pantalla de tu banco sirve.
            </p>
            {error ? (
              <p id="comprobante-error" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <SubmitButton intent="upload-proof" label="Enviar comprobante" pendingLabel="Enviando..." />
          </div>
        </Form>
      ) : null}
      {proof.uploaded.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-bold text-ink">Comprobantes enviados</h3>
          <ul className="mt-2 space-y-1.5 text-sm">
            {proof.uploaded.map((p) => (
              <li key={p.href} className="flex flex-wrap gap-x-2">
                <a href={p.href} download className="font-semibold text-brand-700 underline underline-offset-4 [overflow-wrap:anywhere]">
                  {p.filename}
                </a>
                <span className="text-slate-600">· {p.at}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
