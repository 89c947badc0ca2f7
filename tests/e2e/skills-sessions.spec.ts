// The blended course's in-person part (docs/skills-sessions.md), the journey in Chromium: an admin names a
// relator and schedules a session; a learner who passed the theory books the last seat; a second one lands on the
// waiting list and is promoted when the first cancels; the relator, on a 375 px phone, marks attendance and the
// checklist (a save lost on the network says so and keeps the marks) and signs off; the learner's certificate
// becomes teórico-práctico and its verification page says so.
//
// The server's clock is shared by every spec of the run (two workers, one server), so this one never moves it: the
// session starts in 45 minutes, when the relator's attendance (open from an hour before) is already open and
// bookings still are, with no cancellation deadline before the start.
import fs from "node:fs";
import { expect, test, type Browser, type Page } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { buyCourse } from "./support/commerce";
import { completeCourseOneLessonsThenExam } from "./support/course-one";
import { waitForMail } from "./support/mail";
import { REVIEW_SCREENSHOTS, reviewShot } from "./support/screenshots";

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

async function newPage(browser: Browser, options = {}): Promise<Page> {
  const context = await browser.newContext({ locale: "es-CL", timezoneId: "America/Santiago", ...options });
  return context.newPage();
}

/** `minutes` from now in Santiago: the form's datetime-local value and the same minute as pages write it. */
function startingIn(minutes: number): { value: string; shown: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Santiago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { value: `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`, shown: `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}` };
}

/** Review screenshots of a page at 1280 and at 375 px (`${name}-1280.png`, `${name}-375.png`). */
async function atBothWidths(page: Page, name: string) {
  if (!REVIEW_SCREENSHOTS) return;
  await reviewShot(page, `${name}-1280.png`);
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, `${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Until React owns the page, a tap on a fetcher's button would post the whole page instead (no card message). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
}

/** A learner's account, signed in on a page of their own. Sign-ups go one at a time: each is a password's hashing. */
async function learner(browser: Browser, name: string) {
  const page = await newPage(browser);
  const email = uniqueEmail("practica");
  await page.goto("/");
  await signUpAs(page, { name, email });
  return { page, email };
}

/** Buys course 1 and passes its theory (the walk through every lesson is certificates.spec.ts's). */
async function passTheory(who: { page: Page }) {
  await buyCourse(who.page, 1);
  await completeCourseOneLessonsThenExam(who.page);
}

test.describe.configure({ mode: "serial" });

test("sesión práctica: programar, reservar, lista de espera, asistencia y evaluación en el teléfono, certificado teórico-práctico", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // This run's own session, told from any other (a run in parallel, or one left over) by its address.
  const start = startingIn(45);
  const street = `Av. Providencia ${1000 + (Date.now() % 9000)}`;

  const relator = await newPage(browser, PHONE);
  const relatorEmail = uniqueEmail("relator");
  await relator.goto("/");
  await signUpAs(relator, { name: "Carla Soto", email: relatorEmail });
  const ana = await learner(browser, "Ana Pérez");
  const beto = await learner(browser, "Beto Díaz");
  await page.goto("/");
  await signInAsAdmin(page);
  // Both pass the theory while the admin sets the session up.
  const theory = Promise.all([passTheory(ana), passTheory(beto)]);
  theory.catch(() => undefined);

  // A relator: an account with a profile.
  await page.goto("/admin/relatores");
  await page.getByLabel("Correo de su cuenta").fill(relatorEmail);
  await page.getByLabel("Nombre en los certificados").fill("Carla Soto");
  await page.getByLabel("Título o profesión").fill("Enfermera universitaria");
  await page.getByLabel("Credencial de instructor").fill("Instructora BLS AHA n.º 4521");
  await page.getByLabel("Vigencia de la credencial").fill("2028-06-30");
  await page.getByRole("button", { name: "Guardar relator" }).click();
  await expect(page.getByText("Relator guardado.")).toBeVisible();

  // The admin schedules a session for one person; a mistake first, shown next to its field with the rest kept.
  await page.goto("/admin/sesiones");
  await page.getByLabel("Curso").selectOption({ label: "Reanimación Cardiopulmonar solo Compresiones" });
  await page.getByLabel("Fecha y hora (hora de Chile)").fill(start.value);
  await page.getByLabel("Dirección").fill(street);
  await page.getByLabel("Cupo").fill("1");
  await page.getByLabel("Relator").selectOption({ label: `Carla Soto (${relatorEmail})` });
  await page.getByLabel("Plazo para cancelar (horas antes)").fill("0");
  await page.getByRole("button", { name: "Programar sesión" }).click();
  await expect(page.getByText("Indica la comuna.")).toBeVisible();
  await expect(page.getByLabel("Dirección")).toHaveValue(street);
  await expect(page.getByLabel("Fecha y hora (hora de Chile)")).toHaveValue(start.value);
  await page.getByLabel("Comuna").fill("Providencia");
  await page.getByLabel("Indicaciones").fill("Piso 3, sala 2");
  await page.getByRole("button", { name: "Programar sesión" }).click();
  await expect(page.getByText("Sesión programada.")).toBeVisible();
  const adminRow = page.getByRole("row").filter({ hasText: street });
  await expect(adminRow.getByRole("cell", { name: "0 de 1" })).toBeVisible();
  await atBothWidths(page, "/tmp/sesiones-admin");

  // The course page shows the next open session's place (this one, unless another run's comes first) and links to
  // every date.
  await theory;
  await ana.page.goto("/cursos/1");
  const place = ana.page.locator("dt", { hasText: "Ubicación" }).locator("xpath=following-sibling::dd[1]");
  await expect(place).toHaveText(/^Av\. Providencia \d+, Providencia$/);
  const nextPlace = await place.innerText();
  await ana.page.getByRole("link", { name: "Ver todas las fechas" }).click();
  await expect(ana.page.getByRole("heading", { name: "Fechas de la sesión práctica presencial" })).toBeVisible();
  await expect(ana.page.getByRole("main").getByRole("listitem").first()).toContainText(nextPlace);
  const ours = ana.page.getByRole("listitem").filter({ hasText: street });
  await expect(ours).toContainText(start.shown);
  await expect(ours.getByText("1 cupo disponible", { exact: true })).toBeVisible();
  await atBothWidths(ana.page, "/tmp/sesiones-fechas");
  await ours.getByRole("link", { name: "Reservar" }).click();
  await ana.page.getByRole("button", { name: "Reservar mi cupo" }).click();
  await expect(ana.page.getByText("Reserva confirmada.")).toBeVisible();
  await expectNoA11yViolations(ana.page);
  const sessionUrl = ana.page.url();
  const confirmation = await waitForMail(ana.email, /Reserva confirmada/);
  expect(confirmation).toContain("sesion-practica.ics");
  expect(confirmation).toContain("text/calendar");
  await ana.page.goto("/dashboard");
  await expect(ana.page.getByText("Cupo reservado")).toBeVisible();
  await atBothWidths(ana.page, "/tmp/sesiones-panel");

  // A second learner finds it full and joins the waiting list; the first cancels; the second is promoted.
  await beto.page.goto(sessionUrl);
  await beto.page.getByRole("button", { name: "Unirme a la lista de espera" }).click();
  await expect(beto.page.getByText(/quedaste en la lista de espera/)).toBeVisible();
  await ana.page.goto(sessionUrl);
  await ana.page.getByRole("button", { name: "Cancelar mi reserva" }).click();
  await expect(ana.page.getByText("Cancelaste tu reserva.")).toBeVisible();
  await expect(ana.page.getByText("Tu reserva está cancelada.")).toBeVisible();
  const promoted = await waitForMail(beto.email, /Se liberó un cupo para ti/);
  expect(promoted).toContain("Confírmalo antes del");
  await beto.page.goto("/dashboard");
  await beto.page.getByRole("link", { name: "Confirmar mi cupo" }).click();
  await beto.page.getByRole("button", { name: "Confirmar mi cupo" }).click();
  await expect(beto.page.getByText("Confirmaste tu cupo.")).toBeVisible();
  await atBothWidths(beto.page, "/tmp/sesiones-reserva");

  // The relator's phone, with the session about to start.
  await relator.goto("/relator");
  await relator.getByRole("link", { name: start.shown }).click();
  await expect(relator.getByRole("heading", { level: 1, name: "Reanimación Cardiopulmonar solo Compresiones" })).toBeVisible();
  await hydrated(relator);
  const card = relator.getByRole("listitem").filter({ has: relator.getByRole("heading", { name: "Beto Díaz" }) });
  await card.getByRole("button", { name: "Presente" }).click();
  await expect(card.getByText("Asistencia guardada.")).toBeVisible();
  const items = card.getByRole("group");
  await expect(items).toHaveCount(9);
  for (const item of await items.all()) await item.getByText("Logrado", { exact: true }).click();
  await card.getByLabel("Nota (opcional)").nth(4).fill("Profundidad correcta");
  // The connection drops on the first save: the card says so and keeps every mark.
  await relator.route("**/relator/sesiones/**", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()), { times: 1 });
  await card.getByRole("button", { name: "Guardar evaluación" }).click();
  await expect(card.getByText(/No se pudo guardar: revisa tu conexión/)).toBeVisible();
  await expect(card.getByLabel("Nota (opcional)").nth(4)).toHaveValue("Profundidad correcta");
  await expect(card.getByRole("radio", { name: "Logrado" }).first()).toBeChecked();
  await reviewShot(relator, "/tmp/sesiones-relator-375.png");
  await card.getByRole("button", { name: "Guardar evaluación" }).click();
  await expect(card.getByText("Evaluación guardada.")).toBeVisible();
  await expectNoA11yViolations(relator);
  const width = await relator.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await relator.getByRole("button", { name: "Firmar y cerrar la sesión" }).click();
  await expect(relator.getByText(/Sesión firmada/)).toBeVisible();

  // The printable roster has a signature column.
  await relator.goto(relator.url().replace(/\/?$/, "/lista"));
  await expect(relator.getByRole("columnheader", { name: "Firma" })).toBeVisible();
  await reviewShot(relator, "/tmp/sesiones-lista-375.png");

  // The learner's certificate is now teórico-práctico, and its verification page says so.
  const signed = await waitForMail(beto.email, /teórico-práctico/);
  const link = signed.match(/https?:\/\/[^\s"<>]+\/certificados\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}(?![\w/-])/)?.[0];
  expect(link, signed).toBeTruthy();
  await beto.page.goto(link!);
  const main = beto.page.getByRole("main");
  await expect(main.getByText("Teórico-práctico", { exact: true })).toBeVisible();
  await expect(main.getByText(/Instructora BLS AHA n\.º 4521/)).toBeVisible();
  await expect(main.getByText("Comprime con una profundidad de 5 a 6 cm")).toBeVisible();
  await atBothWidths(beto.page, "/tmp/sesiones-certificado");
  const downloading = beto.page.waitForEvent("download");
  await main.getByRole("link", { name: "Descargar certificado" }).click();
  const bytes = fs.readFileSync((await (await downloading).path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});
