// The admin's company pages: the list with the create form, and one company's managers, seats and orders.
import type { FieldErrors, FormValues } from "~/domain/form-parse";
import { Form, Link } from "react-router";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "../admin/responsive-table";
import { card, smallButton } from "../admin/styles";
import { SeatsTable, type SeatRow } from "./seats-table";
import type { FormReply } from "~/domain/action-result";
import { formatCount } from "~/domain/format";
import { Email } from "~/ui/primitives/email";

export type CompanyActionData = FormReply & { intent: string };

const empty = "mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700";

export function CompanyForm({ errors = {}, values = {} }: { errors?: FieldErrors; values?: FormValues }) {
  return (
    <Form method="post" className={`${card} mt-6 grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-3`} aria-label="Crear empresa" noValidate>
      <TextField label="Razón social" name="name" required defaultValue={values.name} error={errors.name} />
      <TextField label="RUT" name="rut" required defaultValue={values.rut} error={errors.rut} hint="Por ejemplo 76.543.210-3." />
      <TextField label="Giro (opcional)" name="giro" defaultValue={values.giro} error={errors.giro} />
      <TextField label="Dirección (opcional)" name="address" defaultValue={values.address} error={errors.address} hint="Para sus facturas; el encargado puede completarla al comprar." />
      <TextField label="Comuna (opcional)" name="comuna" defaultValue={values.comuna} error={errors.comuna} />
      <TextField label="Nombre del contacto" name="contactName" required defaultValue={values.contactName} error={errors.contactName} />
      <TextField label="Correo del contacto" name="contactEmail" type="email" inputMode="email" required defaultValue={values.contactEmail} error={errors.contactEmail} />
      <TextField label="Teléfono del contacto" name="contactPhone" type="tel" required defaultValue={values.contactPhone} error={errors.contactPhone} />
      <div className="sm:col-span-2 lg:col-span-3">
        <SubmitButton intent="create" label="Crear empresa" pendingLabel="Creando..." />
      </div>
    </Form>
  );
}

export interface CompanyListRow {
  id: number;
  name: string;
  rut: string;
  contactName: string;
  contactEmail: string;
  managers: number;
  workers: number;
  freeSeats: number;
}

export function CompaniesTable({ companies }: { companies: CompanyListRow[] }) {
  if (companies.length === 0) return <p className={empty}>Aún no hay empresas.</p>;
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Empresas</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh}>Razón social</th>
            <th className={rtTh}>RUT</th>
            <th className={rtTh}>Contacto</th>
            <th className={rtTh}>Encargados</th>
            <th className={rtTh}>Trabajadores</th>
            <th className={rtTh}>Cupos libres</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {companies.map((c) => (
            <tr key={c.id} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Razón social</span>
                <Link to={`/admin/empresas/${c.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                  {c.name}
                </Link>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>RUT</span>
                {c.rut}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Contacto</span>
                <span>
                  {c.contactName} · <Email address={c.contactEmail} />
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Encargados</span>
                {c.managers}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Trabajadores</span>
                {formatCount(c.workers)}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Cupos libres</span>
                {formatCount(c.freeSeats)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface CompanyDetailView {
  company: { id: number; name: string; rut: string; giro: string | null; address: string | null; comuna: string | null; contactName: string; contactEmail: string; contactPhone: string; createdAt: string };
  managers: { userId: string; name: string; email: string; since: string }[];
  invitations: { id: number; email: string; name: string; expiresAt: string }[];
  seats: SeatRow[];
  ledger: { id: number; courseTitle: string; delta: number; kindLabel: string; reason: string | null; byName: string | null; orderNumber: string | null; createdAt: string }[];
  orders: { number: string; courseTitle: string; quantity: number; amount: string; statusLabel: string; createdAt: string }[];
  courses: { id: number; title: string }[];
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={`${card} mt-6 p-5`} aria-label={title}>
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

export function CompanyDetail({ view, actionData }: { view: CompanyDetailView; actionData?: CompanyActionData }) {
  const c = view.company;
  const errorsFor = (intent: string) => (actionData?.intent === intent ? actionData.fieldErrors : {});
  const valuesFor = (intent: string) => (actionData?.intent === intent && !actionData.ok ? actionData.values : {});
  return (
    <>
      <div className="mt-2">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{c.name}</h1>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">RUT: </dt>
            <dd className="inline">{c.rut}</dd>
          </div>
          {c.giro ? (
            <div>
              <dt className="inline font-semibold">Giro: </dt>
              <dd className="inline">{c.giro}</dd>
            </div>
          ) : null}
          {c.address || c.comuna ? (
            <div>
              <dt className="inline font-semibold">Dirección: </dt>
              <dd className="inline">{[c.address, c.comuna].filter(Boolean).join(", ")}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-semibold">Contacto: </dt>
            <dd className="inline">
              {c.contactName} · <Email address={c.contactEmail} /> · <span className="whitespace-nowrap">{c.contactPhone}</span>
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Creada: </dt>
            <dd className="inline">{c.createdAt}</dd>
          </div>
        </dl>
      </div>

      <Section title="Encargados">
        {view.managers.length === 0 && view.invitations.length === 0 ? <p className={empty}>Esta empresa aún no tiene encargados.</p> : null}
        {view.managers.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-200">
            {view.managers.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-semibold text-ink">{m.name}</span> <Email address={m.email} className="text-slate-600" />
                </span>
                <Form method="post">
                  <input type="hidden" name="userId" value={m.userId} />
                  <SubmitButton intent="remove-manager" label="Quitar" pendingLabel="Quitando..." className={smallButton} match={["userId", m.userId]} />
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        {view.invitations.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-200">
            {view.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-semibold text-ink">{i.name}</span> <Email address={i.email} className="text-slate-600" />{" "}
                  <span className="text-slate-600">· invitación enviada, vence el {i.expiresAt}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="invitationId" value={i.id} />
                  <SubmitButton intent="revoke-manager-invitation" label="Revocar" pendingLabel="Revocando..." className={smallButton} match={["invitationId", String(i.id)]} />
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end" aria-label="Agregar encargado" noValidate>
          <TextField
            label="Correo del encargado"
            name="email"
            type="email"
            inputMode="email"
            required
            defaultValue={valuesFor("add-manager").email}
            error={errorsFor("add-manager").email}
            hint="Si no tiene cuenta, le enviamos una invitación."
          />
          <TextField label="Nombre (si no tiene cuenta)" name="name" defaultValue={valuesFor("add-manager").name} error={errorsFor("add-manager").name} />
          <div>
            <SubmitButton intent="add-manager" label="Agregar encargado" pendingLabel="Agregando..." />
          </div>
        </Form>
      </Section>

      <Section title="Cupos por curso">
        <SeatsTable seats={view.seats} />
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start" aria-label="Asignar cupos" noValidate>
          <SelectField
            label="Curso"
            name="courseId"
            required
            defaultValue={valuesFor("grant").courseId ?? ""}
            error={errorsFor("grant").courseId}
            options={[{ value: "", label: "Elige un curso" }, ...view.courses.map((x) => ({ value: String(x.id), label: x.title }))]}
          />
          <TextField label="Cupos" name="seats" inputMode="numeric" required defaultValue={valuesFor("grant").seats} error={errorsFor("grant").seats} />
          <TextArea label="Motivo" name="reason" rows={2} required defaultValue={valuesFor("grant").reason} error={errorsFor("grant").reason} hint="Contrato, orden de compra o convenio." />
          <div className="lg:pt-6">
            <SubmitButton intent="grant" label="Asignar cupos" pendingLabel="Asignando..." />
          </div>
        </Form>
        {view.ledger.length > 0 ? (
          <>
            <h3 className="mt-6 text-base font-bold text-ink">Historial de cupos</h3>
            <ul className="mt-2 divide-y divide-slate-200 text-sm">
              {view.ledger.map((l) => (
                <li key={l.id} className="py-2">
                  <span className="font-semibold text-ink">
                    {l.delta > 0 ? "+" : ""}
                    {formatCount(l.delta)} · {l.courseTitle}
                  </span>{" "}
                  <span className="text-slate-700">
                    — {l.kindLabel}
                    {l.orderNumber ? ` (pedido ${l.orderNumber})` : ""}
                    {l.reason ? `: ${l.reason}` : ""}
                    {l.byName ? ` · por ${l.byName}` : ""} · {l.createdAt}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>

      <Section title="Pedidos de la empresa">
        {view.orders.length === 0 ? (
          <p className={empty}>La empresa aún no compra cupos.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 text-sm">
            {view.orders.map((o) => (
              <li key={o.number} className="py-2">
                <Link to={`/admin/ventas/${o.number}`} className="font-semibold text-brand-700 underline underline-offset-4">
                  {o.number}
                </Link>{" "}
                · {o.courseTitle} · {o.quantity} cupos · {o.amount} · {o.statusLabel} · {o.createdAt}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <p className="mt-6 text-sm">
        <Link to={`/empresa/${c.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          Ver el portal de la empresa (trabajadores y avance)
        </Link>
      </p>
    </>
  );
}
