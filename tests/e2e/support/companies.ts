// A company and its manager, set up through the admin's own pages, for the specs that need a company portal.
import type { Page } from "@playwright/test";
import { expect } from "./test";

/** The built-in course companies buy seats of in these specs (course 1). */
export const COMPANY_COURSE_TITLE = "Reanimación Cardiopulmonar solo Compresiones";

function checkDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let n = body; n > 0; n = Math.floor(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? "0" : rest === 10 ? "K" : String(rest);
}

let rutSeq = 0;
/** A valid RUN as SENCE writes it ('15123456-7', no dots), unlikely to be used by another test of the same run. */
export function freshRun(base = 15_000_000) {
  const body = base + ((Date.now() % 1_000_000) * 37 + rutSeq++ * 7919) % 9_000_000;
  return `${body}-${checkDigit(body)}`;
}

/** The same, as a person types it ('15.123.456-7'). */
export function freshRut(base = 15_000_000) {
  const [body, dv] = freshRun(base).split("-");
  return `${Number(body).toLocaleString("es-CL")}-${dv}`;
}

/** Admin: creates a company through the form and names an existing account its manager; returns the company's id. */
export async function createCompanyWithManager(admin: Page, name: string, managerEmail: string, seats: number) {
  await admin.goto("/admin/empresas");
  await admin.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Empresas" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Empresas" })).toBeVisible();
  const form = admin.getByRole("form", { name: "Crear empresa" });
  await form.getByLabel("Razón social").fill(name);
  await form.getByLabel("RUT", { exact: true }).fill(freshRut(76_000_000));
  await form.getByLabel("Nombre del contacto").fill("Marta Rojas");
  await form.getByLabel("Correo del contacto").fill("contacto@empresa.test");
  await form.getByLabel("Teléfono del contacto").fill("+56 2 2345 6789");
  await form.getByRole("button", { name: "Crear empresa" }).click();
  await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
  const id = Number(/\/admin\/empresas\/(\d+)$/.exec(admin.url())![1]);
  const managers = admin.getByRole("form", { name: "Agregar encargado" });
  await managers.getByLabel("Correo del encargado").fill(managerEmail);
  await managers.getByRole("button", { name: "Agregar encargado" }).click();
  await expect(admin.getByRole("status")).toHaveText("La persona ya es encargada de la empresa. Le avisamos por correo.");
  if (seats === 0) return id;
  const grant = admin.getByRole("form", { name: "Asignar cupos" });
  await grant.getByLabel("Curso").selectOption({ label: COMPANY_COURSE_TITLE });
  await grant.getByLabel("Cupos").fill(String(seats));
  await grant.getByLabel("Motivo").fill("Contrato de capacitación 2026");
  await grant.getByRole("button", { name: "Asignar cupos" }).click();
  await expect(admin.getByRole("status")).toHaveText(seats === 1 ? "Se asignó 1 cupo." : `Se asignaron ${seats} cupos.`);
  await expect(admin.getByText(/Contrato de capacitación 2026 · por Administradora Pruebas/)).toBeVisible();
  return id;
}
