import { useState } from "react";
import { Form } from "react-router";
import type { EditorReply } from "~/domain/action-result";
import type { CoverView } from "~/domain/course-cover";
import { imageMessages, imageTooLarge, IMAGE_MAX_MB } from "~/domain/image-upload";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { CoverPicture } from "~/ui/public/cover-picture";
import { resultFor } from "./editor-result";
import { Notice } from "./notice";
import { card, fieldError, input, label as labelClass } from "./styles";

/** The course's cover, uploaded as a file; it wins over the URL field of the course form while it is set. */
export function CoverForm({ cover, result }: { cover: CoverView | null; result: EditorReply | undefined }) {
  const r = resultFor(result, "cover");
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? r.errors.cover ?? null;
  const checkSize = (event: React.FormEvent<HTMLFormElement>) => {
    const chosen = (event.currentTarget.elements.namedItem("cover") as HTMLInputElement | null)?.files?.[0];
    if (chosen && imageTooLarge(chosen.size)) {
      event.preventDefault();
      setClientError(imageMessages.tooLarge);
    } else setClientError(null);
  };
  return (
    <Form method="post" action="?portada" encType="multipart/form-data" key={r.nonce} onSubmit={checkSize} className={`${card} grid gap-3 p-5 sm:p-6`} aria-labelledby="portada-curso">
      <h2 id="portada-curso" className="text-lg font-bold text-ink">
        Imagen de portada
      </h2>
      {r.message ? <Notice ok={r.ok} message={r.message} /> : null}
      {cover ? (
        <CoverPicture cover={cover} sizes="(min-width: 1024px) 20rem, 100vw" className="aspect-[16/9] w-full rounded-lg bg-slate-100 object-cover" />
      ) : (
        <p className="text-sm text-slate-700">Sin imagen subida: el catálogo muestra la imagen por URL de «Datos del curso».</p>
      )}
      <div>
        <label htmlFor="portada" className={labelClass}>
          {cover ? "Imagen nueva (reemplaza la actual)" : "Imagen"}
        </label>
        <input
          id="portada"
          name="cover"
          type="file"
          // A hint for the file picker only: the server decides by the content.
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={`portada-ayuda${error ? " portada-error" : ""}`}
          className={`${input} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
        />
        <p id="portada-ayuda" className="mt-1 text-xs text-slate-600">
          JPEG, PNG o WebP, hasta {IMAGE_MAX_MB} MB. Se recorta a 16:9 (mejor de 1200 × 675 px o más) y se guarda sin metadatos.
        </p>
        {error ? (
          <p id="portada-error" className={fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton intent="upload-cover" label="Subir imagen" pendingLabel="Subiendo..." />
      </div>
      {cover ? (
        <div>
          <button type="submit" name="intent" value="remove-cover" className="text-sm font-semibold text-red-800 underline-offset-2 hover:underline">
            Quitar imagen de portada
          </button>
        </div>
      ) : null}
    </Form>
  );
}
