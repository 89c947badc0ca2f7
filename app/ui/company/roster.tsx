// Uploading many workers: the file form, then the preview with every row's problems, editable in place,
// and the buttons to check again or to enrol every valid row.
import { groupsLine } from "~/domain/company-groups";
import { Form } from "react-router";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, fieldError, input, label, primaryButton, secondaryButton } from "../admin/styles";
import { formatCount, plural } from "~/domain/format";

export interface PreviewRow {
  line: number;
  name: string;
  email: string;
  rut: string;
  sucursal: string;
  faena: string;
  centroCosto: string;
  problems: string[];
}

/** The optional group columns, carried by every row of the preview form. */
function GroupFields({ row }: { row: PreviewRow }) {
  return (
    <>
      <input type="hidden" name="sucursal" value={row.sucursal} />
      <input type="hidden" name="faena" value={row.faena} />
      <input type="hidden" name="centroCosto" value={row.centroCosto} />
    </>
  );
}

export type RosterActionData =
  | { kind: "error"; message: string }
  | { kind: "preview"; rows: PreviewRow[]; valid: number; free: number; message: string | null }
  | { kind: "done"; message: string; rows: PreviewRow[] };

export function UploadForm({ error, maxMb, templateHref }: { error?: string; maxMb: number; templateHref: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className={`${card} mt-6 p-5`} aria-label="Subir archivo de trabajadores">
      <label htmlFor="roster-file" className={label}>
        Archivo CSV o Excel (.xlsx)
      </label>
      <input
        id="roster-file"
        name="file"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className={`${input} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold`}
        aria-describedby="roster-file-hint"
        aria-invalid={error ? true : undefined}
      />
      <p id="roster-file-hint" className="mt-1 text-xs text-slate-600">
        La primera fila debe tener las columnas <strong>nombre</strong>, <strong>correo</strong> y <strong>RUT</strong>; las columnas <strong>sucursal</strong>,{" "}
        <strong>faena</strong> y <strong>centro de costo</strong> son opcionales. Máximo {maxMb} MB. Nada se guarda
        hasta que confirmes la vista previa.{" "}
        <a href={templateHref} className="font-semibold text-brand-700 underline underline-offset-4" download>
          Descargar plantilla CSV
        </a>
      </p>
      {error ? (
        <p className={fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-4">
        <SubmitButton intent="preview" label="Ver vista previa" pendingLabel="Revisando..." />
      </div>
    </Form>
  );
}

/** Valid rows shown one by one; past this, they travel as hidden fields and are counted (a file of 1 000 rows). */
const VALID_ROWS_SHOWN = 20;

export function RosterPreview({ rows, valid, free }: { rows: PreviewRow[]; valid: number; free: number }) {
  const withProblems = rows.filter((r) => r.problems.length > 0).length;
  const validIndexes = rows.flatMap((r, i) => (r.problems.length === 0 ? [i] : []));
  const collapsed = new Set(validIndexes.slice(VALID_ROWS_SHOWN));
  const hiddenValid = Math.max(0, valid - VALID_ROWS_SHOWN);
  return (
    <Form method="post" className="mt-6" aria-label="Vista previa de la carga">
      <h2 className="text-lg font-bold text-ink">Vista previa</h2>
      <p className="mt-1 text-sm text-slate-700" role="status">
        {plural(rows.length, "fila", "filas")}: <strong>{plural(valid, "válida", "válidas")}</strong>
        {withProblems ? (
          <>
            {" "}
            y <strong className="text-red-800">{formatCount(withProblems)} con problemas</strong>
          </>
        ) : null}
        . Cupos disponibles: {formatCount(free)}. Corrige las filas marcadas y vuelve a revisar, o inscribe solo las válidas.
      </p>
      <ol className="mt-4 space-y-3">
        {rows.map((r, i) => {
          const bad = r.problems.length > 0;
          if (collapsed.has(i)) {
            return (
              <li key={`${r.line}-${i}`} hidden>
                <input type="hidden" name="line" value={r.line} />
                <input type="hidden" name="name" value={r.name} />
                <input type="hidden" name="email" value={r.email} />
                <input type="hidden" name="rut" value={r.rut} />
                <GroupFields row={r} />
              </li>
            );
          }
          return (
            <li key={`${r.line}-${i}`} className={`rounded-xl border px-4 py-3 ${bad ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`} aria-label={`Fila ${r.line}`}>
              <input type="hidden" name="line" value={r.line} />
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                Fila {r.line} · {bad ? "Con problemas" : "Válida"}
              </p>
              {bad ? (
                <>
                  <div className="mt-2 grid gap-3 sm:grid-cols-3">
                    <RowInput row={r.line} field="name" text="Nombre" value={r.name} />
                    <RowInput row={r.line} field="email" text="Correo" value={r.email} />
                    <RowInput row={r.line} field="rut" text="RUT" value={r.rut} />
                  </div>
                  {r.sucursal || r.faena || r.centroCosto ? (
                    <div className="mt-2 grid gap-3 sm:grid-cols-3">
                      <RowInput row={r.line} field="sucursal" text="Sucursal" value={r.sucursal} />
                      <RowInput row={r.line} field="faena" text="Faena" value={r.faena} />
                      <RowInput row={r.line} field="centroCosto" text="Centro de costo" value={r.centroCosto} />
                    </div>
                  ) : (
                    <GroupFields row={r} />
                  )}
                  <ul className="mt-2 list-disc pl-5 text-sm font-medium text-red-800">
                    {r.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <>
                  <input type="hidden" name="name" value={r.name} />
                  <input type="hidden" name="email" value={r.email} />
                  <input type="hidden" name="rut" value={r.rut} />
                  <GroupFields row={r} />
                  <p className="mt-1 break-all text-sm text-slate-800">
                    <span className="font-semibold">{r.name}</span> · {r.email} · {r.rut}
                    {groupsLine(r) ? <span className="block text-xs text-slate-600">{groupsLine(r)}</span> : null}
                  </p>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {hiddenValid > 0 ? (
        <p className="mt-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          … y {formatCount(hiddenValid)} {hiddenValid === 1 ? "fila válida más" : "filas válidas más"}, sin problemas.
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SubmitButton intent="recheck" label="Revisar de nuevo" pendingLabel="Revisando..." className={secondaryButton} />
        {valid > 0 ? (
          <SubmitButton intent="import" label={`Inscribir ${formatCount(valid)} ${valid === 1 ? "fila válida" : "filas válidas"}`} pendingLabel="Inscribiendo..." className={primaryButton} />
        ) : null}
      </div>
    </Form>
  );
}

function RowInput({ row, field, text, value }: { row: number; field: string; text: string; value: string }) {
  const id = `row-${row}-${field}`;
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text} (fila {row})
      </label>
      <input id={id} name={field} defaultValue={value} className={input} autoComplete="off" />
    </div>
  );
}
