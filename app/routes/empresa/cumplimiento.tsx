// /empresa/:companyId/cumplimiento — the company's compliance matrix (docs/certificate-validity.md): who of its
// workers holds a current certificate of each of its courses today, counts per course and state, filters by
// course and state, the matrix as Excel and each course's nómina de personal capacitado as PDF; and renewing the
// selected workers of a course with the company's free seats (docs/certificate-validity.md, "Renewal"). `?mes=`
// shows a past month's snapshot instead, read-only ("Monthly snapshots").
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/cumplimiento";
import { pageParam } from "~/domain/admin-forms";
import {
  COMPLIANCE_LABELS,
  COMPLIANCE_PAGE_SIZE,
  COMPLIANCE_STATES,
  parseComplianceFilters,
  parseSnapshotMonth,
  snapshotMonthParam,
  type ComplianceState,
} from "~/domain/compliance";
import { GROUP_KINDS, GROUP_LABELS, GROUP_PARAMS, groupsLine } from "~/domain/company-groups";
import { formatCount, formatDate, formatShortDay, formatTime } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { cellOf, companyCourses, companyGroupOptions, complianceMatrixPage, pageOfMatrix } from "~/server/companies/compliance.server";
import { loadSnapshot, snapshotMonths } from "~/server/companies/compliance-snapshots.server";
import { now } from "~/server/platform/clock.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { renewWorkers } from "~/server/renewal/renewal.server";
import { ComplianceCounts, ComplianceTable, type ComplianceCellView } from "~/ui/company/compliance";
import { PortalHeader } from "~/ui/company/portal";
import { FilterSelect } from "~/ui/admin/filter-select";
import { Pagination } from "~/ui/admin/pagination";
import { container, input, label, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Cumplimiento | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const at = now();
  const search = new URL(request.url).searchParams;
  const asked = search.get("mes") ?? "";
  const month = parseSnapshotMonth(asked);
  if (asked !== "" && month === null) throw data("Ese mes no es válido: usa el formato año-mes, por ejemplo 2026-12.", { status: 404 });
  const [courses, snapshot, months, groups] = await Promise.all([
    month === null ? companyCourses(company.id) : null,
    month === null ? null : loadSnapshot(company.id, month),
    snapshotMonths(company.id),
    companyGroupOptions(company.id, at),
  ]);
  if (month !== null && !snapshot) throw data("No hay una foto de la matriz de ese mes.", { status: 404 });
  // A snapshot keeps no groups: its filters are course and state only.
  const filters = parseComplianceFilters(search, (snapshot?.courses ?? courses!).map((c) => c.id), snapshot ? undefined : groups);
  const page = pageParam(search.get("pagina"));
  // Today's matrix: the page and the counts from one statement; a snapshot is held whole and paged here.
  const matrix = snapshot ? pageOfMatrix(snapshot, filters, page) : await complianceMatrixPage(company.id, courses!, filters, page, at);
  const offset = (page - 1) * COMPLIANCE_PAGE_SIZE;
  const columns = filters.courseId === null ? matrix.courses : matrix.courses.filter((c) => c.id === filters.courseId);
  const base = `/empresa/${company.id}/cumplimiento`;
  const xlsxSearch = new URLSearchParams([...search].filter(([k]) => k !== "pagina")).toString();
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    today: formatDate(at),
    snapshot: snapshot ? { mes: snapshotMonthParam(snapshot.month), day: formatDate(snapshot.takenAt), time: formatTime(snapshot.takenAt) } : null,
    // "Ver cómo estaba el …": each month's snapshot by the day it was taken.
    months: months.map((m) => ({ mes: snapshotMonthParam(m.month), day: formatDate(m.takenAt) })),
    filters,
    // The group filters' options (a kind without values has no select); on a snapshot, whether the company has any.
    groupOptions: groups,
    hasGroups: GROUP_KINDS.some((k) => groups[k].length > 0),
    groupScope: filters.groups ? groupsLine(filters.groups) : null,
    courses: matrix.courses,
    columns,
    totalWorkers: matrix.totalWorkers,
    shownWorkers: matrix.shownWorkers,
    truncated: matrix.truncated,
    counts: matrix.courses.map((c) => {
      const counts = matrix.counts.get(c.id)!;
      // The nómina is today's document: a snapshot has none.
      return { id: c.id, title: c.title, counts, current: counts.vigente + counts["por-vencer"], nominaHref: snapshot ? null : `${base}/${c.id}/nomina.pdf` };
    }),
    rows: matrix.workers.map((w, i) => ({
      key: String(offset + i),
      name: w.name,
      rut: w.rut ? formatRut(w.rut) : "—",
      cells: columns.map((c): ComplianceCellView => {
        const cell = cellOf(w, c.id);
        // The checkbox's value: which worker, in which course.
        return [cell.state, formatShortDay(cell.validUntil), cell.renewable ? `${c.id}:${w.userId}` : null, cell.renewing];
      }),
    })),
    page,
    hasNext: matrix.hasNext,
    xlsxHref: `/empresa/${company.id}/cumplimiento.xlsx${xlsxSearch ? `?${xlsxSearch}` : ""}`,
  };
}

export type RenewActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; buy?: { href: string; missing: number } };

/** "Renovar": the selected workers of one course, with its free seats, in one step. */
export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const form = await readFormOrThrow(request);
  const picked = form.getAll("renovar").map(String);
  const parsed = picked.map((v) => /^(\d{1,9}):([A-Za-z0-9_-]{1,64})$/.exec(v)).filter((m) => m !== null);
  if (picked.length === 0) return data<RenewActionData>({ ok: false, message: "Selecciona al menos un trabajador para renovar." }, { status: 400 });
  if (parsed.length !== picked.length) return data<RenewActionData>({ ok: false, message: "La selección no es válida. Recarga la página e inténtalo de nuevo." }, { status: 400 });
  const courseIds = new Set(parsed.map((m) => Number(m[1])));
  if (courseIds.size > 1) return data<RenewActionData>({ ok: false, message: "Renueva un curso a la vez: selecciona trabajadores de un solo curso." }, { status: 400 });
  const courseId = [...courseIds][0]!;
  const result = await renewWorkers({ companyId: company.id, courseId, userIds: parsed.map((m) => m[2]!), byUserId: user.id });
  if (result.ok) {
    const n = result.renewed;
    const skipped = result.skipped > 0 ? ` ${result.skipped === 1 ? "Uno de los seleccionados no podía renovar todavía" : `${result.skipped} de los seleccionados no podían renovar todavía`} y no se usó su cupo.` : "";
    return data<RenewActionData>({
      ok: true,
      message: `${n === 1 ? "Renovaste a 1 trabajador: usó 1 cupo" : `Renovaste a ${n} trabajadores: usaron ${n} cupos`}. Les avisamos por correo para que empiecen el curso.${skipped}`,
    });
  }
  if (result.reason === "seats") {
    return data<RenewActionData>(
      {
        ok: false,
        message: `Faltan ${result.missing === 1 ? "1 cupo" : `${result.missing} cupos`} de este curso: seleccionaste ${result.needed} ${result.needed === 1 ? "trabajador que puede" : "trabajadores que pueden"} renovar y ${result.free === 1 ? "queda 1 libre" : `quedan ${result.free} libres`}. No se renovó a nadie.`,
        buy: { href: `/empresa/${company.id}/comprar?curso=${courseId}`, missing: result.missing },
      },
      { status: 409 },
    );
  }
  return data<RenewActionData>({ ok: false, message: result.message }, { status: 400 });
}

export default function CompanyCompliance({ loaderData, actionData }: Route.ComponentProps) {
  const { company, today, snapshot, months, filters, groupOptions, hasGroups, groupScope, courses, columns, totalWorkers, shownWorkers, truncated, counts, rows, page, hasNext, xlsxHref } = loaderData;
  const base = `/empresa/${company.id}/cumplimiento`;
  // A snapshot's filters and pages stay on that snapshot.
  const monthParam: [string, string][] = snapshot ? [["mes", snapshot.mes]] : [];
  // The group a page is scoped to stays with its counts' links and its pages.
  const groupParams: [string, string][] = GROUP_KINDS.flatMap((k) => (filters.groups?.[k] ? [[GROUP_PARAMS[k], filters.groups[k]] as [string, string]] : []));
  const filterHref = (courseId: number, state: ComplianceState) =>
    `${base}?${new URLSearchParams([...monthParam, ...groupParams, ["curso", String(courseId)], ["estado", state]]).toString()}`;
  const filtered = filters.courseId !== null || filters.state !== null || groupParams.length > 0;
  const listSearch = new URLSearchParams([
    ...monthParam,
    ...(filters.courseId !== null ? [["curso", String(filters.courseId)]] : []),
    ...(filters.state ? [["estado", filters.state]] : []),
    ...groupParams,
  ]).toString();
  const unfiltered = snapshot ? `${base}?mes=${snapshot.mes}` : base;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {company.name}
        </Link>
      </p>
      <div className="mt-2">
        <PortalHeader companyName="Cumplimiento" companyRut={`${company.rut} · ${company.name}`}>
          <a href={xlsxHref} className={secondaryButton} download>
            {snapshot ? "Descargar Excel de esta foto" : "Descargar Excel"}
          </a>
        </PortalHeader>
      </div>
      {snapshot ? (
        <div role="note" aria-label="Foto mensual" className="mt-4 max-w-3xl rounded-lg border border-violet-300 bg-violet-50 px-4 py-3 text-sm text-violet-950">
          <p className="font-semibold">
            Foto mensual: así estaba la matriz el {snapshot.day} a las {snapshot.time} (hora de Chile).
          </p>
          <p className="mt-1">
            Es un registro de solo lectura: los estados son los de ese día y no cambian. Para renovar o descargar la nómina, usa la matriz de hoy.
            {hasGroups ? " Las fotos no guardan sucursal, faena ni centro de costo: para ver un grupo, usa la matriz de hoy." : null}
          </p>
          <p className="mt-2">
            <Link to={base} className="font-semibold underline underline-offset-4">
              Ver la matriz de hoy
            </Link>
          </p>
        </div>
      ) : (
        <p className="mt-3 max-w-3xl text-sm text-slate-700">
          Estado al {today} de los certificados de tus trabajadores en los cursos de la empresa. «Por vencer»: vence dentro de 60 días.
          «Invitación pendiente»: la persona fue invitada al curso y aún no acepta. Solo cuentan las inscripciones hechas por la empresa. La
          nómina en PDF lista a quienes tienen el certificado vigente, para adjuntarla, por ejemplo, a lo que informas a la SEREMI de Salud por
          la Ley 21.156 (desfibriladores).
        </p>
      )}
      {months.length > 0 ? (
        <Form method="get" action={base} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" aria-label="Fotos mensuales">
          <div className="sm:w-80">
            <label htmlFor="mes" className={label}>
              Ver cómo estaba el…
            </label>
            <select id="mes" name="mes" defaultValue={snapshot?.mes ?? ""} className={input}>
              <option value="">Hoy (matriz actual)</option>
              {months.map((m) => (
                <option key={m.mes} value={m.mes}>
                  {m.day}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButton}>
            Ver
          </button>
        </Form>
      ) : null}
      {courses.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
          {snapshot ? "La empresa no tenía cursos cuando se tomó esta foto." : "Tu empresa aún no tiene cursos. Cuando compres cupos e inscribas trabajadores, aquí verás quién está al día."}
        </p>
      ) : (
        <>
          <h2 className="mt-8 text-lg font-bold text-ink">Resumen por curso</h2>
          {groupScope ? <p className="mt-1 text-sm text-slate-700">Grupo: {groupScope}. Las cifras y la lista son solo de sus personas.</p> : null}
          <ComplianceCounts rows={counts} filterHref={filterHref} />

          <div className="mt-8 flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
            <h2 className="text-lg font-bold text-ink">
              Trabajadores ({filters.courseId !== null || filters.state !== null ? `${formatCount(shownWorkers)} de ${formatCount(totalWorkers)}` : formatCount(totalWorkers)})
            </h2>
          </div>
          <Form method="get" className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" aria-label="Filtrar la matriz">
            {snapshot ? <input type="hidden" name="mes" value={snapshot.mes} /> : null}
            <div className="sm:w-80">
              <label htmlFor="curso" className={label}>
                Curso
              </label>
              <select id="curso" name="curso" defaultValue={filters.courseId ?? ""} className={input}>
                <option value="">Todos los cursos</option>
                {courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:w-48">
              <label htmlFor="estado" className={label}>
                Estado
              </label>
              <select id="estado" name="estado" defaultValue={filters.state ?? ""} className={input}>
                <option value="">Todos</option>
                {COMPLIANCE_STATES.map((s) => (
                  <option key={s} value={s}>
                    {COMPLIANCE_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            {snapshot
              ? null
              : GROUP_KINDS.filter((k) => groupOptions[k].length > 0).map((k) => (
                  <div key={k} className="sm:w-44">
                    <FilterSelect id={`grupo-${k}`} name={GROUP_PARAMS[k]} label={GROUP_LABELS[k]} value={filters.groups?.[k]} allLabel="Todas" options={groupOptions[k].map((v) => ({ value: v, label: v }))} />
                  </div>
                ))}
            <button type="submit" className={secondaryButton}>
              Filtrar
            </button>
            {filtered ? (
              <Link to={unfiltered} className="self-center text-sm font-semibold text-brand-700 underline underline-offset-4">
                Quitar filtros
              </Link>
            ) : null}
          </Form>
          {truncated ? <p className="mt-3 text-sm text-amber-900">La empresa tiene más inscripciones de las que esta página muestra; escríbenos para un informe completo.</p> : null}
          {snapshot ? (
            <ComplianceTable columns={columns} rows={rows} />
          ) : (
            <Form method="post" aria-label="Renovar trabajadores">
              {actionData ? (
                <div role={actionData.ok ? "status" : "alert"} className={`mt-4 rounded-lg border px-4 py-3 text-sm ${actionData.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-amber-300 bg-amber-50 text-amber-950"}`}>
                  <p>{actionData.message}</p>
                  {!actionData.ok && actionData.buy ? (
                    <p className="mt-2">
                      <Link to={actionData.buy.href} className="font-semibold underline underline-offset-4">
                        Comprar {actionData.buy.missing === 1 ? "1 cupo" : `${actionData.buy.missing} cupos`}
                      </Link>
                    </p>
                  ) : null}
                </div>
              ) : null}
              <ComplianceTable columns={columns} rows={rows} />
              {rows.some((r) => r.cells.some((c) => c[2] !== null)) ? (
                <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
                  {/* Beside its explanation on a wide screen, the button keeps its label on one line. */}
                  <button type="submit" className={`${secondaryButton} shrink-0 whitespace-nowrap`}>
                    Renovar seleccionados
                  </button>
                  <p className="text-sm text-slate-700">
                    Cada trabajador usa un cupo libre del curso y empieza de nuevo; su certificado actual sigue contando hasta su vencimiento. Se
                    puede renovar desde 90 días antes del vencimiento.
                  </p>
                </div>
              ) : null}
            </Form>
          )}
          {page > 1 || hasNext ? <Pagination page={page} hasNext={hasNext} search={listSearch} label="Páginas de trabajadores" /> : null}
        </>
      )}
    </section>
  );
}
