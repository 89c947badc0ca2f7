// Skills sessions for companies and the admin's tools (docs/skills-sessions.md), in Chromium through the real
// server: a company's manager books a seat for a worker who passed the theory and asks for a session at the
// company; another company's manager, a learner and an anonymous visitor reach none of it; the admin schedules
// the in-company session from the request, moves the worker to another date (mailed with the new .ics) and reads
// the reports. Sessions are 10+ days ahead: the server's clock, shared by every spec, is never moved.
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { BASE_URL, expect, test } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { createCompanyWithManager, freshRut } from "./support/companies";
import { completeCourseOne } from "./support/course-one";
import { waitForMail } from "./support/mail";

// Review screenshots at 1280 and 375 px, written when E2E_SHOTS_DIR names a folder.
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function person(browser: Browser, name: string, prefix: string) {
  const page = await newPage(browser);
  const email = uniqueEmail(prefix);
  await page.goto("/");
  await signUpAs(page, { name, email });
  return { page, email };
}

/** `days` from now at 10:00 in Santiago, as the admin's datetime-local field takes it. */
function dayAhead(days: number, hour = "10:00"): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  return `${parts}T${hour}`;
}

async function schedule(admin: Page, fields: { startsAt: string; street?: string; capacity: string; relator: string; company?: string }) {
  await admin.getByLabel("Curso").selectOption({ label: "Reanimación Cardiopulmonar solo Compresiones" });
  await admin.getByLabel("Fecha y hora (hora de Chile)").fill(fields.startsAt);
  if (fields.street) {
    await admin.getByLabel("Dirección").fill(fields.street);
    await admin.getByLabel("Comuna").fill("Santiago");
  }
  await admin.getByLabel("Cupo").fill(fields.capacity);
  await admin.getByLabel("Relator").selectOption({ label: fields.relator });
  await admin.getByRole("button", { name: "Programar sesión" }).click();
  await expect(admin.getByText("Sesión programada.")).toBeVisible();
}

test("empresa: cupos para un trabajador, solicitud de sesión en la empresa; el admin la programa, cambia de fecha y ve los reportes", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const tag = Date.now() % 100_000;
  const streetA = `Huérfanos ${1000 + (tag % 9000)}`;
  const streetB = `Agustinas ${1000 + (tag % 9000)}`;

  const relator = await person(browser, "Carla Soto", "relator");
  const manager = await person(browser, "Marta Encargada", "encargada");
  const otherManager = await person(browser, "Otro Encargado", "otro");
  const learner = await person(browser, "Lucía Alumna", "alumna");
  await page.goto("/");
  await signInAsAdmin(page);
  await page.goto("/admin/relatores");
  await page.getByLabel("Correo de su cuenta").fill(relator.email);
  await page.getByLabel("Nombre en los certificados").fill("Carla Soto");
  await page.getByLabel("Título o profesión").fill("Enfermera universitaria");
  await page.getByLabel("Credencial de instructor").fill("Instructora BLS AHA n.º 4521");
  await page.getByLabel("Vigencia de la credencial").fill("2035-06-30");
  await page.getByRole("button", { name: "Guardar relator" }).click();
  await expect(page.getByText("Relator guardado.")).toBeVisible();
  const companyId = await createCompanyWithManager(page, `Constructora Sur ${tag}`, manager.email, 2);
  const otherId = await createCompanyWithManager(page, `Transportes Norte ${tag}`, otherManager.email, 0);

  // A worker the company enrols, who passes the theory.
  const workerEmail = uniqueEmail("trabajador");
  await manager.page.goto(`/empresa/${companyId}/cursos/1`);
  const form = manager.page.getByRole("form", { name: "Inscribir a un trabajador" });
  await form.getByLabel("Nombre").fill("Pedro Obrero");
  await form.getByLabel("Correo electrónico").fill(workerEmail);
  await form.getByLabel("RUT").fill(freshRut());
  await form.getByRole("button", { name: "Inscribir" }).click();
  const invitation = await waitForMail(workerEmail, /\/invitacion\//);
  const link = invitation.match(/https?:\/\/[^\s"<>]+\/invitacion\/[A-Za-z0-9_-]{43}/)![0];
  const worker = await newPage(browser);
  await worker.goto(new URL(link).pathname);
  await worker.getByLabel("Contraseña", { exact: true }).fill("clave-trabajador-1");
  await worker.getByLabel("Confirmar contraseña").fill("clave-trabajador-1");
  await worker.getByRole("button", { name: "Crear mi cuenta y empezar" }).click();
  await expect(worker).toHaveURL(/\/cursos\/1\/contenido/);
  await completeCourseOne(worker);

  // Two dates of the course.
  await page.goto("/admin/sesiones");
  const relatorOption = `Carla Soto (${relator.email})`;
  await schedule(page, { startsAt: dayAhead(10), street: streetA, capacity: "1", relator: relatorOption });
  await schedule(page, { startsAt: dayAhead(12), street: streetB, capacity: "3", relator: relatorOption });

  // The manager books the worker's seat.
  await manager.page.goto(`/empresa/${companyId}`);
  await manager.page.getByRole("link", { name: "Sesiones prácticas" }).click();
  await expect(manager.page.getByRole("heading", { name: "Próximas fechas" })).toBeVisible();
  const card = manager.page.getByRole("listitem").filter({ hasText: streetA });
  await expect(card).toContainText("1 cupo disponible");
  await card.getByRole("link", { name: "Reservar cupos" }).click();
  await expect(manager.page).toHaveURL(/\/sesiones\/\d+$/);
  const bookingUrl = new URL(manager.page.url()).pathname;
  const sessionA = Number(/\/sesiones\/(\d+)$/.exec(bookingUrl)![1]);
  await manager.page.getByRole("button", { name: "Reservar cupos" }).click();
  await expect(manager.page.getByText("Elige al menos a una persona.")).toBeVisible();
  await manager.page.getByRole("checkbox", { name: /Pedro Obrero/ }).check();
  await manager.page.getByRole("button", { name: "Reservar cupos" }).click();
  await expect(manager.page.getByText("Reservamos 1 cupo. Cada persona recibe un correo con la fecha.")).toBeVisible();
  // The worker's place is listed under the company's reservations too, with a button to cancel it.
  await expect(manager.page.getByRole("region", { name: "Reservas de tu empresa en esta sesión" }).getByText("Cupo reservado en esta sesión")).toBeVisible();
  await shots(manager.page, "empresa-reservar-cupos");
  // The date is now full: its card offers the waiting list.
  await manager.page.goto(`/empresa/${companyId}/sesiones`);
  await expect(manager.page.getByRole("listitem").filter({ hasText: streetA }).getByRole("link", { name: "Anotar en la lista de espera" })).toBeVisible();
  expect(await waitForMail(workerEmail, /Reserva confirmada/)).toContain("sesion-practica.ics");

  // Through the real server: another company's manager and a learner are refused, an anonymous visitor sent to sign in.
  for (const outsider of [otherManager.page, learner.page]) {
    expect((await outsider.request.get(bookingUrl, { maxRedirects: 0 })).status()).toBe(403);
    expect((await outsider.request.get(`/empresa/${companyId}/sesiones`, { maxRedirects: 0 })).status()).toBe(403);
    // A post from their own signed-in page (same origin, so past the CSRF check): refused by the portal's guard.
    const status = await outsider.evaluate(async (url) => {
      const body = new URLSearchParams({ intent: "book", workers: "x" });
      return (await fetch(url, { method: "POST", body, redirect: "manual" })).status;
    }, bookingUrl);
    expect(status).toBe(403);
  }
  const anonymous = await newPage(browser);
  const anon = await anonymous.request.get(bookingUrl, { maxRedirects: 0 });
  expect(anon.status()).toBe(302);
  expect(anon.headers().location).toMatch(/^\/login/);
  // The other company's own portal does not list this company's private dates, and this session is not theirs to book.
  await otherManager.page.goto(`/empresa/${otherId}/sesiones`);
  await expect(otherManager.page.getByRole("heading", { name: "Próximas fechas" })).toBeVisible();

  // The manager asks for a session at the company: a mistake first, shown next to its field.
  await manager.page.goto(`/empresa/${companyId}/sesiones`);
  await manager.page.getByLabel("Curso").selectOption({ label: "Reanimación Cardiopulmonar solo Compresiones" });
  await manager.page.getByLabel("Número de personas").fill("0");
  await manager.page.getByLabel("Fechas que les acomodan").fill("Martes o jueves en la mañana");
  await manager.page.getByLabel("Dirección").fill(`Camino Lo Boza ${tag}`);
  await manager.page.getByLabel("Comuna").fill("Pudahuel");
  await manager.page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(manager.page.getByText("Indica cuántas personas participarían (entre 1 y 60).")).toBeVisible();
  await expect(manager.page.getByLabel("Dirección")).toHaveValue(`Camino Lo Boza ${tag}`);
  await manager.page.getByLabel("Número de personas").fill("8");
  await manager.page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(manager.page.getByText("Recibimos tu solicitud. Te escribiremos para coordinar la fecha.")).toBeVisible();
  await shots(manager.page, "empresa-sesiones");

  // The admin schedules it from the request: the form comes filled for the company.
  await page.goto("/admin/sesiones");
  const request = page.getByRole("listitem").filter({ hasText: `Camino Lo Boza ${tag}` });
  await request.getByRole("link", { name: "Programar la sesión en la empresa" }).click();
  await expect(page.getByLabel("Lugar")).toHaveValue("company");
  await expect(page.getByLabel("Cupo")).toHaveValue("8");
  await page.getByLabel("Fecha y hora (hora de Chile)").fill(dayAhead(14));
  await page.getByLabel("Relator").selectOption({ label: relatorOption });
  await page.getByRole("button", { name: "Programar sesión" }).click();
  await expect(page.getByText("Sesión programada.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `Camino Lo Boza ${tag}` })).toHaveCount(0);
  await manager.page.goto(`/empresa/${companyId}/sesiones`);
  await expect(manager.page.getByRole("listitem").filter({ hasText: "Sesión privada de tu empresa" }).first()).toBeVisible();
  await expect(manager.page.getByRole("cell", { name: "Sesión programada" })).toBeVisible();

  // The admin moves the worker to the other date: the new date is mailed with its calendar file.
  await page.goto(`/admin/sesiones/${sessionA}`);
  await page.getByLabel("Persona").selectOption({ label: "Pedro Obrero" });
  const target = page.getByLabel("Nueva fecha").locator("option").filter({ hasText: streetB });
  await page.getByLabel("Nueva fecha").selectOption({ label: (await target.textContent())! });
  await page.getByRole("button", { name: "Cambiar de fecha" }).click();
  await expect(page.getByText("Cambiamos la fecha y le enviamos un correo con la nueva fecha.")).toBeVisible();
  await expect(page.getByText("Nadie ha reservado todavía.")).toBeVisible();
  const moved = await waitForMail(workerEmail, /Cambio de fecha/);
  expect(moved).toContain("sesion-practica.ics");
  expect(moved).toContain("sesion-practica-fecha-anterior.ics");
  // The move form, shown with someone to move (the worker, now on the other date).
  await page.goto("/admin/sesiones");
  await page.getByRole("row").filter({ hasText: streetB }).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Cambiar de fecha" })).toBeVisible();
  await shots(page, "admin-cambiar-fecha");
  const sessionB = Number(/\/sesiones\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

  // The manager gives up the worker's seat on the new date: another company's manager is refused through the
  // real server first, then the worker is told who cancelled.
  const seatUrl = `/empresa/${companyId}/sesiones/${sessionB}`;
  const refused = await otherManager.page.evaluate(async (url) => {
    const body = new URLSearchParams({ intent: "cancel", worker: "x" });
    return (await fetch(url, { method: "POST", body, redirect: "manual" })).status;
  }, seatUrl);
  expect(refused).toBe(403);
  await manager.page.goto(seatUrl);
  const reservations = manager.page.getByRole("region", { name: "Reservas de tu empresa en esta sesión" });
  await expect(reservations.getByText("Pedro Obrero")).toBeVisible();
  await shots(manager.page, "empresa-cancelar-cupo");
  await reservations.getByRole("button", { name: "Cancelar reserva" }).click();
  await expect(manager.page.getByText("Cancelamos la reserva y le avisamos por correo.", { exact: false })).toBeVisible();
  await expect(manager.page.getByRole("region", { name: "Reservas de tu empresa en esta sesión" })).toHaveCount(0);
  await waitForMail(workerEmail, /Tu empresa canceló tu reserva/);

  // The reports, and one as CSV.
  await page.goto("/admin/sesiones/reportes");
  await expect(page.getByRole("heading", { name: "Ocupación por sesión" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Carla Soto" }).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).last().click()]);
  expect(download.suggestedFilename()).toMatch(/^sesiones-practicas-sesiones-12m-\d{4}-\d{2}-\d{2}\.csv$/);
  await shots(page, "admin-reportes");
  // Another period: the page and its CSV follow it (the coming dates count in every period).
  await page.getByLabel("Periodo").selectOption({ label: "Últimos 30 días" });
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/periodo=30d/);
  await expect(page.getByText(/^Sesiones desde el /)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Carla Soto" }).first()).toBeVisible();
  const [last30] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).last().click()]);
  expect(last30.suggestedFilename()).toMatch(/^sesiones-practicas-sesiones-30d-\d{4}-\d{2}-\d{2}\.csv$/);
});
