// A skills session sold on its own (docs/skills-sessions.md, "Priced sessions"), in Chromium through the real
// server and the local Webpay server it starts: a learner who passed the theory buys a seat from the course's
// dates, pays at Webpay and finds the seat booked — on the order's receipt and on the session's page — with the
// booking mail and its calendar file. The session is days ahead: the server's clock, shared by every spec, is
// never moved.
import { expect, test, type Browser, type Page } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { answerAtWebpay, buyCourse } from "./support/commerce";
import { completeCourseOneLessonsThenExam } from "./support/course-one";
import { waitForMail } from "./support/mail";
import { REVIEW_SCREENSHOTS, reviewShot } from "./support/screenshots";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-CL", timezoneId: "America/Santiago", viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Review screenshots at 1280 and 375 px (E2E_SCREENSHOTS=1). */
async function atBothWidths(page: Page, name: string) {
  if (!REVIEW_SCREENSHOTS) return;
  await reviewShot(page, `${name}-1280.png`);
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, `${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** `days` from now at 10:00 in Santiago, as the admin's datetime-local field takes it. */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", year: "numeric", month: "2-digit", day: "2-digit" }).format(d)}T10:00`;
}

test("sesión práctica con valor: el alumno compra su cupo con Webpay y lo ve reservado", { tag: "@escritorio" }, async ({ page, browser }) => {
  test.setTimeout(240_000);
  const street = `Av. Apoquindo ${1000 + (Date.now() % 9000)}`;
  const relator = await newPage(browser);
  const relatorEmail = uniqueEmail("relator");
  await relator.goto("/");
  await signUpAs(relator, { name: "Carla Soto", email: relatorEmail });
  const learner = await newPage(browser);
  const learnerEmail = uniqueEmail("compra-cupo");
  await learner.goto("/");
  await signUpAs(learner, { name: "Paula Compradora", email: learnerEmail });
  const theory = (async () => {
    await buyCourse(learner, 1);
    await completeCourseOneLessonsThenExam(learner);
  })();
  theory.catch(() => undefined);

  await page.goto("/");
  await signInAsAdmin(page);
  await page.goto("/admin/relatores");
  await page.getByLabel("Correo de su cuenta").fill(relatorEmail);
  await page.getByLabel("Nombre en los certificados").fill("Carla Soto");
  await page.getByLabel("Título o profesión").fill("Enfermera universitaria");
  await page.getByLabel("Credencial de instructor").fill("Instructora BLS AHA n.º 4521");
  await page.getByLabel("Vigencia de la credencial").fill("2035-06-30");
  await page.getByRole("button", { name: "Guardar relator" }).click();
  await expect(page.getByText("Relator guardado.")).toBeVisible();
  await page.goto("/admin/sesiones");
  await page.getByLabel("Curso").selectOption({ label: "Reanimación Cardiopulmonar solo Compresiones" });
  await page.getByLabel("Fecha y hora (hora de Chile)").fill(dayAhead(9));
  await page.getByLabel("Dirección").fill(street);
  await page.getByLabel("Comuna").fill("Las Condes");
  await page.getByLabel("Cupo").fill("4");
  await page.getByLabel("Relator").selectOption({ label: `Carla Soto (${relatorEmail})` });
  await page.getByLabel("Precio aparte (CLP)").fill("15.000");
  await page.getByRole("button", { name: "Programar sesión" }).click();
  await expect(page.getByText("Sesión programada.")).toBeVisible();

  await theory;
  // From the course's dates: the priced date says its price and sells its seat.
  await learner.goto("/cursos/1/fechas");
  const card = learner.getByRole("listitem").filter({ hasText: street });
  await expect(card).toContainText("Valor $15.000");
  await card.getByRole("link", { name: "Comprar cupo" }).click();
  await expect(learner).toHaveURL(/\/sesiones\/\d+$/);
  const sessionPath = new URL(learner.url()).pathname;
  await learner.getByRole("link", { name: "Comprar mi cupo ($15.000)" }).click();
  await expect(learner.getByRole("heading", { level: 1, name: "Comprar cupo en sesión práctica" })).toBeVisible();
  await expect(learner.getByText(street).first()).toBeVisible();
  // The terms first: the message next to the box.
  await learner.getByRole("button", { name: "Confirmar compra" }).click();
  await expect(learner.getByText("Debes aceptar los términos de compra para continuar.")).toBeVisible();
  await atBothWidths(learner, "/tmp/sesion-comprar");
  await learner.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
  await learner.getByRole("button", { name: "Confirmar compra" }).click();
  await expect(learner.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
  const number = await answerAtWebpay(learner, "Pagar");

  await expect(learner.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  await expect(learner.getByText("Tu pago está confirmado y tu cupo en la sesión práctica quedó reservado.")).toBeVisible();
  await expect(learner.getByText(street).first()).toBeVisible();
  await atBothWidths(learner, "/tmp/sesion-compra-pagada");
  await learner.getByRole("link", { name: "Ver mi reserva" }).click();
  await expect(learner).toHaveURL(new RegExp(`${sessionPath}$`));
  await expect(learner.getByText("Tienes un cupo reservado.")).toBeVisible();
  await expect(learner.getByText(/te devolvemos lo que pagaste/)).toBeVisible();
  await atBothWidths(learner, "/tmp/sesion-cupo-pagado");

  // The receipt is the one mail that names the order.
  const receipt = await waitForMail(learnerEmail, new RegExp(number));
  expect(receipt).toContain("Sesión práctica");
  expect(receipt).toContain(`${street}, Las Condes`);
  expect(await waitForMail(learnerEmail, /Reserva confirmada/)).toContain("sesion-practica.ics");
});
