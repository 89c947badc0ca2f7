import type { FieldErrors, FormValues } from "~/domain/form-parse";
import { Form } from "react-router";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { TAX_TREATMENTS, TAX_TREATMENT_LABELS } from "~/domain/tax-documents";
import { card } from "./styles";

/** Every course field (docs/decisions.md B4); the slug is derived from the title on the server. */
export function CourseForm({
  values,
  errors,
  submitLabel,
  hoursLabel,
  categories,
}: {
  /** The owner's list (admin/categorias), with the course's own category when the list lacks it. */
  categories: string[];
  values: FormValues;
  errors: FieldErrors;
  submitLabel: string;
  /** The course's hours as computed from its lessons; absent for a course not created yet. */
  hoursLabel?: string;
}) {
  const v = (k: string) => values[k] ?? "";
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" noValidate className={`${card} p-5 sm:p-6`} aria-labelledby="datos-curso">
      <h2 id="datos-curso" className="text-lg font-bold text-ink">
        Datos del curso
      </h2>
      {hasErrors ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          Revisa los campos marcados: hay datos que faltan o no son válidos.
        </p>
      ) : null}
      <fieldset className="mt-4 grid gap-4 md:grid-cols-2">
        <legend className="sr-only">Información general</legend>
        <TextField className="md:col-span-2" label="Título" name="title" required defaultValue={v("title")} error={errors.title} />
        <SelectField
          label="Categoría"
          name="category"
          required
          defaultValue={v("category")}
          error={errors.category}
          options={[{ value: "", label: "Elige una categoría" }, ...categories.map((c) => ({ value: c, label: c }))]}
          hint="La lista se administra en Cursos → Categorías."
        />
        <TextField label="Nivel" name="level" required defaultValue={v("level")} error={errors.level} hint="Por ejemplo Básico, Intermedio o Avanzado." />
        <div className="text-sm">
          <p className="font-medium text-slate-800">Duración</p>
          <p className="mt-1 text-slate-700">
            {hoursLabel ? <strong>{hoursLabel}. </strong> : null}
            Se calcula sola: la suma de la duración de las lecciones publicadas, redondeada a la media hora. Ajústala en cada lección.
          </p>
        </div>
        <TextField label="Precio (CLP)" name="priceClp" inputMode="numeric" defaultValue={v("priceClp")} error={errors.priceClp} hint="En pesos, sin decimales. Déjalo vacío para mostrar «Precio por confirmar»." />
        <TextField
          label="Precio de renovación (CLP)"
          name="renewalPriceClp"
          inputMode="numeric"
          defaultValue={v("renewalPriceClp")}
          error={errors.renewalPriceClp}
          hint="Lo que paga quien renueva su certificado. Vacío: el mismo precio del curso."
        />
        <TextField label="Modalidad" name="modality" defaultValue={v("modality")} error={errors.modality} hint="Por ejemplo 100% online asincrónico." />
        <TextField label="Próxima fecha" name="nextDate" type="date" defaultValue={v("nextDate")} error={errors.nextDate} />
        <TextField label="Lugar" name="location" defaultValue={v("location")} error={errors.location} />
        <TextField label="Imagen (URL)" name="imageUrl" defaultValue={v("imageUrl")} error={errors.imageUrl} hint="Una ruta del sitio como /images/cursos/rcp.svg o una dirección https://. Una imagen de portada subida la reemplaza." />
        <TextField
          label="Vigencia del certificado (meses)"
          name="validityMonths"
          inputMode="numeric"
          defaultValue={v("validityMonths")}
          error={errors.validityMonths}
          hint="Cuenta desde el fin del mes de emisión (24: hasta el fin del mismo mes, dos años después). Vacío: el certificado no vence."
        />
        <SelectField
          className="md:col-span-2"
          label="Documento tributario de sus ventas"
          name="taxTreatment"
          defaultValue={v("taxTreatment") || "exempt"}
          error={errors.taxTreatment}
          options={TAX_TREATMENTS.map((t) => ({ value: t, label: TAX_TREATMENT_LABELS[t] }))}
          hint="La capacitación suele estar exenta de IVA (boleta exenta 41, factura exenta 34); confírmalo con tu contador. Afecto: boleta 39, factura 33."
        />
      </fieldset>
      <fieldset className="mt-6 grid gap-4">
        <legend className="text-base font-bold text-ink">Descripción</legend>
        <TextArea label="Descripción breve" name="description" required rows={3} defaultValue={v("description")} error={errors.description} />
        <TextArea label="Descripción larga" name="longDescription" rows={6} defaultValue={v("longDescription")} error={errors.longDescription} />
        <TextArea label="Dirigido a" name="audience" rows={3} defaultValue={v("audience")} error={errors.audience} />
        <TextArea label="Temas (uno por línea)" name="topics" rows={5} defaultValue={v("topics")} error={errors.topics} />
        <TextArea label="Materiales" name="materials" rows={3} defaultValue={v("materials")} error={errors.materials} />
        <TextArea label="Certificación" name="certification" rows={3} defaultValue={v("certification")} error={errors.certification} />
        <TextArea label="Requisitos (uno por línea)" name="requirements" rows={3} defaultValue={v("requirements")} error={errors.requirements} />
      </fieldset>
      <fieldset className="mt-6 grid gap-4 md:grid-cols-2">
        <legend className="text-base font-bold text-ink">Instructor</legend>
        <TextField label="Nombre del instructor" name="instructorName" defaultValue={v("instructorName")} error={errors.instructorName} />
        <TextField label="Título o cargo del instructor" name="instructorTitle" defaultValue={v("instructorTitle")} error={errors.instructorTitle} />
      </fieldset>
      <div className="mt-6">
        <SubmitButton intent="save-course" label={submitLabel} />
      </div>
    </Form>
  );
}
