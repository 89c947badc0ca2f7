// /empresa/:companyId/cursos/:courseId/carga — enrol many workers from a CSV or XLSX file (nombre, correo, RUT):
// a preview names every row's problems before anything is written; the manager fixes rows in place and checks
// again; then every valid row is enrolled or invited in one transaction.
import { data, Link } from "react-router";
import { readForm, type ReadForm } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/carga";
import { MAX_ROSTER_ROWS, rosterMessages, type RosterInput, type RosterRow } from "~/domain/company-roster";
import { companyMessages } from "~/domain/companies";
import { parseId } from "~/domain/ids";
import { withoutControlChars } from "~/domain/plain-text";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { importRoster, previewRoster, readRosterFile } from "~/server/companies/roster.server";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { SPREADSHEET_MAX_BYTES } from "~/server/platform/spreadsheets/spreadsheets.server";
import { RosterPreview, UploadForm, type PreviewRow, type RosterActionData } from "~/ui/company/roster";
import { Notice } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { formatCount } from "~/domain/format";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(`Carga masiva | ${loaderData?.course.title ?? "Curso"}`) }, { name: "robots", content: "noindex" }];

async function courseOf(params: { courseId?: string }) {
  const id = parseId(params.courseId);
  const found = id === null ? null : await getPublishedCourse(id);
  if (!found) throw data(companyMessages.courseNotFound, { status: 404 });
  return found.course;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const c = await courseOf(params);
  return { company: { id: company.id, name: company.name }, course: { id: c.id, title: c.title }, maxMb: SPREADSHEET_MAX_BYTES / (1024 * 1024) };
}

const shown = (rows: RosterRow[]): PreviewRow[] =>
  rows.map((r) => ({ line: r.line, name: r.name, email: r.email, rut: r.rut, sucursal: r.sucursal ?? "", faena: r.faena ?? "", centroCosto: r.centroCosto ?? "", problems: r.problems }));

/** The rows the preview form posts back (as edited): parallel lists of line, name, email and RUT. */
function rowsFromForm(form: FormData): RosterInput[] | null {
  const text = (k: string) => form.getAll(k).map((v) => (typeof v === "string" ? withoutControlChars(v).trim().slice(0, 300) : ""));
  const [lines, names, emails, ruts] = [text("line"), text("name"), text("email"), text("rut")];
  const [sucursales, faenas, centros] = [text("sucursal"), text("faena"), text("centroCosto")];
  if (lines.length === 0 || lines.length > MAX_ROSTER_ROWS || names.length !== lines.length || emails.length !== lines.length || ruts.length !== lines.length) return null;
  // The group columns travel with every row, or not at all (a form from before they existed).
  if ([sucursales, faenas, centros].some((g) => g.length !== 0 && g.length !== lines.length)) return null;
  return lines.map((l, i) => ({
    line: /^\d{1,6}$/.test(l) ? Number(l) : i + 2,
    name: names[i]!,
    email: emails[i]!,
    rut: ruts[i]!,
    sucursal: sucursales[i] ?? "",
    faena: faenas[i] ?? "",
    centroCosto: centros[i] ?? "",
  }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const c = await courseOf(params);
  const body = await readForm(request, "spreadsheet");
  if (!body.ok) return data<RosterActionData>({ kind: "error", message: body.message }, { status: body.status });
  try {
    return await answer(body, company.id, c.id, user.id);
  } finally {
    // The uploaded list's temporary file goes with the request, whatever the answer.
    await body.cleanup();
  }
}

async function answer({ form, files }: ReadForm, companyId: number, courseId: number, userId: string) {
  const intent = form.get("intent");
  if (intent === "preview") {
    const read = await readRosterFile(files.get("file"));
    if (!read.ok) return data<RosterActionData>({ kind: "error", message: read.message }, { status: 400 });
    const preview = await previewRoster(companyId, courseId, read.rows);
    return { kind: "preview", rows: shown(preview.rows), valid: preview.rows.filter((r) => !r.problems.length).length, free: preview.free, message: null } satisfies RosterActionData;
  }
  if (intent === "recheck" || intent === "import") {
    const rows = rowsFromForm(form);
    if (!rows) return data<RosterActionData>({ kind: "error", message: rosterMessages.empty }, { status: 400 });
    if (intent === "recheck") {
      const preview = await previewRoster(companyId, courseId, rows);
      return { kind: "preview", rows: shown(preview.rows), valid: preview.rows.filter((r) => !r.problems.length).length, free: preview.free, message: null } satisfies RosterActionData;
    }
    const result = await importRoster(companyId, courseId, rows, userId);
    if (!result.ok) {
      const preview = await previewRoster(companyId, courseId, rows);
      return data<RosterActionData>(
        { kind: "preview", rows: shown(preview.rows), valid: preview.rows.filter((r) => !r.problems.length).length, free: preview.free, message: result.message },
        { status: 409 },
      );
    }
    return { kind: "done", message: rosterMessages.imported(result.invited), rows: shown(result.rows) } satisfies RosterActionData;
  }
  return data<RosterActionData>({ kind: "error", message: "La solicitud no es válida." }, { status: 400 });
}

export default function CompanyRoster({ loaderData, actionData }: Route.ComponentProps) {
  const { company, course, maxMb } = loaderData;
  const back = `/empresa/${company.id}/cursos/${course.id}`;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={back} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {course.title}
        </Link>
      </p>
      <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{company.name}</p>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Carga masiva de trabajadores</h1>
      <p className="mt-1 text-sm text-slate-700">Curso: {course.title}</p>
      {actionData?.kind === "done" ? (
        <>
          <Notice ok message={actionData.message} />
          {actionData.rows.length > 0 ? (
            <p className="mt-3 text-sm text-slate-700">{actionData.rows.length === 1 ? "1 fila con problemas no se inscribió." : `${formatCount(actionData.rows.length)} filas con problemas no se inscribieron.`}</p>
          ) : null}
          <p className="mt-4">
            <Link to={back} className="font-semibold text-brand-700 underline underline-offset-4">
              Ver trabajadores del curso
            </Link>
          </p>
        </>
      ) : null}
      {actionData?.kind === "preview" ? (
        <>
          {actionData.message ? <Notice ok={false} message={actionData.message} /> : null}
          <RosterPreview rows={actionData.rows} valid={actionData.valid} free={actionData.free} />
        </>
      ) : null}
      <UploadForm error={actionData?.kind === "error" ? actionData.message : undefined} maxMb={maxMb} templateHref={`${back}/descargas/plantilla.csv`} />
    </section>
  );
}
