// The three journeys of real people, end to end as they go (docs/decisions.md E4 amendments): a buyer who signs
// up in the middle of a purchase, a worker whose company paid, and the exam on a phone.
import type { Browser, Page } from "@playwright/test";
import { expect, test, BASE_URL } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { waitForMail } from "./support/mail";
import { createCompanyWithManager, freshRut } from "./support/companies";
import fs from "node:fs";
import path from "node:path";
import { answerAtWebpay, buyCourse } from "./support/commerce";
import { isMobile, modulesPanel } from "./support/course-content";
import { reviewShot } from "./support/screenshots";

test("un comprador que se registra a mitad de la compra vuelve a pagar su curso", async ({ page }, info) => {
  const email = uniqueEmail("comprador");
  await page.goto("/cursos/1");
  await page.getByRole("complementary", { name: "Inscripción" }).getByRole("link", { name: "Comprar curso" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcursos%2F1%2Fcomprar$/);

  // No account yet: 'Regístrate' keeps the way back to the checkout.
  await page.getByRole("link", { name: "Regístrate" }).click();
  await expect(page).toHaveURL(/\/registro\?redirectTo=%2Fcursos%2F1%2Fcomprar$/);
  await expect(page.getByRole("link", { name: "Inicia sesión" })).toHaveAttribute("href", "/login?redirectTo=%2Fcursos%2F1%2Fcomprar");
  await page.getByLabel("Nombre").fill("Comprador Pruebas");
  await page.getByLabel("Correo electrónico").fill(email);
  // A mistake first: the form answers next to the field and the way back stays.
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-segura-1");
  await page.getByLabel("Confirmar contraseña").fill("otra-clave-22");
  await page.getByRole("button", { name: "Registrarse" }).click();
  await expect(page.getByText(/no coinciden/)).toBeVisible();
  await reviewShot(page, `/work/team/shots/journeys/after-registro-compra-${info.project.name}.png`);
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-segura-1");
  await page.getByLabel("Confirmar contraseña").fill("clave-segura-1");
  await page.getByRole("button", { name: "Registrarse" }).click();

  // Back at the checkout of the course being bought, signed in as the new account.
  await expect(page).toHaveURL(/\/cursos\/1\/comprar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Comprar curso" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await reviewShot(page, `/work/team/shots/journeys/after-checkout-tras-registro-${info.project.name}.png`);
  await page.getByRole("radio", { name: /Webpay Plus/ }).check();
  await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
  await page.getByRole("button", { name: "Confirmar compra" }).click();
  await expect(page.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
  await answerAtWebpay(page, "Pagar");
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  // The receipt says what Transbank's voucher says: the card's kind and its cuotas.
  await expect(page.getByText("Tipo de pago", { exact: true })).toBeVisible();
  await expect(page.getByText("Crédito", { exact: true })).toBeVisible();
  await expect(page.getByText("Sin cuotas", { exact: true })).toBeVisible();
});

test("la vuelta solo lleva a una página del sitio", { tag: "@escritorio" }, async ({ page }) => {
  // Another site in the return path is dropped: a new account lands on its dashboard.
  await page.goto("/registro?redirectTo=https%3A%2F%2Fevil.example%2F");
  await page.getByLabel("Nombre").fill("Alumna Pruebas");
  await page.getByLabel("Correo electrónico").fill(uniqueEmail());
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-segura-1");
  await page.getByLabel("Confirmar contraseña").fill("clave-segura-1");
  await page.getByRole("button", { name: "Registrarse" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in, the sign-up page sends on to the local return path.
  await page.goto("/registro?redirectTo=%2Fcursos%2F1%2Fcomprar");
  await expect(page).toHaveURL(/\/cursos\/1\/comprar$/);
});

async function newPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport: viewport ?? { width: 1280, height: 800 } });
  return context.newPage();
}

test("una trabajadora cuya empresa pagó estudia desde su tarjeta, sin pasar por la página de venta", async ({ page, browser }, info) => {
  test.slow();
  const tag = Date.now().toString(36);
  const companyName = `Transportes Quilicura ${tag} SpA`;
  // The company's manager has an account; the admin creates the company, names her and grants a seat.
  const managerPage = await newPage(browser);
  const manager = await signUpAs(managerPage, { name: "Encargada Pruebas" });
  const admin = await newPage(browser);
  await signInAsAdmin(admin);
  const companyId = await createCompanyWithManager(admin, companyName, manager.email, 1);

  // The manager enrols the worker, who has no account yet: she gets an invitation.
  const worker = { name: `Trabajadora ${tag}`, email: uniqueEmail("trabajadora"), rut: freshRut(15_000_000) };
  await managerPage.goto(`/empresa/${companyId}/cursos/1`);
  const enrol = managerPage.getByRole("form", { name: "Inscribir a un trabajador" });
  await enrol.getByLabel("Nombre").fill(worker.name);
  await enrol.getByLabel("Correo electrónico").fill(worker.email);
  await enrol.getByLabel("RUT").fill(worker.rut);
  await enrol.getByRole("button", { name: "Inscribir" }).click();
  await expect(managerPage.getByRole("status").filter({ hasText: /invitaci/ })).toBeVisible();
  await admin.context().close();
  await managerPage.context().close();

  const mail = await waitForMail(worker.email, /\/invitacion\//);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/invitacion\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, mail).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-trabajadora-1");
  await page.getByLabel("Confirmar contraseña").fill("clave-trabajadora-1");
  await page.getByRole("button", { name: "Crear mi cuenta y empezar" }).click();
  await expect(page).toHaveURL(/\/cursos\/1\/contenido/);

  // Her dashboard card: one primary action, and it studies; 'Acceder ahora' opens the course, not its sales page.
  await page.goto("/dashboard");
  const card = page.getByRole("article").filter({ hasText: "Reanimación Cardiopulmonar solo Compresiones" });
  const actions = card.getByRole("link");
  await expect(actions.first()).toHaveAccessibleName(/^Continuar: /);
  await expect(card.getByRole("link", { name: /Acceder ahora/ })).toHaveAttribute("href", "/cursos/1/contenido");
  await expect(card.getByText("$", { exact: false })).toHaveCount(0);
  // The primary action is on screen without scrolling past the card's end, on a phone too.
  await card.getByRole("link", { name: /^Continuar: / }).scrollIntoViewIfNeeded();
  await reviewShot(page, `/work/team/shots/journeys/after-3-tarjeta-trabajadora-${info.project.name}.png`, { fullPage: false });
  await card.getByRole("link", { name: /^Continuar: / }).click();
  await expect(page).toHaveURL(/\/cursos\/1\/contenido\?leccion=\d+$/);

  // Her manager follows up: a reminder to her, once a day; the bulk reminder then finds nobody left for today.
  const follow = await newPage(browser);
  await follow.request.post("/api/auth/sign-in/email", { data: { email: manager.email, password: manager.password }, headers: { origin: BASE_URL } });
  await follow.goto(`/empresa/${companyId}/cursos/1`);
  const row = follow.getByRole("row").filter({ hasText: worker.email });
  await row.getByRole("button", { name: "Recordar" }).click();
  await expect(follow.getByRole("status").filter({ hasText: "Enviamos el recordatorio a 1 trabajador." })).toBeVisible();
  expect(await waitForMail(worker.email, /te recuerda/)).toContain("/cursos/1/contenido");
  await follow.getByRole("button", { name: "Recordar a quien no ha terminado" }).click();
  await expect(follow.getByRole("alert").filter({ hasText: "No hay trabajadores a quienes recordar" })).toBeVisible();
  await follow.context().close();
});

const bank = JSON.parse(fs.readFileSync(path.resolve(process.env.CONTENT_DIR ?? "content", "courses/rcp-solo-compresiones/questions.json"), "utf8")) as {
  prompt: string;
  options: string[];
  correctIndex: number;
}[];

test("la evaluación en el teléfono: una barra compacta, la opción elegida bien marcada, y qué falta para el certificado", async ({ page }, info) => {
  test.slow();
  await signUpAs(page);
  await buyCourse(page, 1);
  const panel = await modulesPanel(page);
  const examHref = new URL((await panel.getByRole("link", { name: /^Evaluación final/ }).getAttribute("href"))!, page.url()).toString();
  await page.goto(examHref);

  // Before the exam: it is open, and the certificate still needs the lessons, each one a link.
  const before = page.getByRole("region", { name: "Para obtener tu certificado" });
  await expect(before).toContainText(/te faltan \d+ lecciones/);
  await expect(before.getByRole("link")).toHaveCount(5);
  await page.getByRole("button", { name: "Comenzar Evaluación" }).click();
  const groups = page.getByRole("group");
  await expect(groups).toHaveCount(10);

  // The count once, whole, in one bar at the bottom of the screen.
  const count = page.getByText("0 de 10 respondidas");
  await expect(count).toHaveCount(1);
  expect(await count.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await groups.nth(4).scrollIntoViewIfNeeded();
  const bar = count.locator("xpath=../..");
  const box = (await bar.boundingBox())!;
  const screen = page.viewportSize()!;
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height + 1);
  expect(box.height, "la barra ocupa poco").toBeLessThanOrEqual(isMobile(page) ? 90 : 80);
  const stickyBars = await page.locator("form *").evaluateAll((els) => els.filter((el) => getComputedStyle(el).position === "sticky").length);
  expect(stickyBars).toBe(1);

  for (let i = 0; i < 10; i++) {
    const group = groups.nth(i);
    const legend = (await group.locator("legend").innerText()).replace(/^Pregunta \d+ de \d+\.\s*/, "").trim();
    const q = bank.find((b) => b.prompt.trim() === legend);
    expect(q, legend).toBeTruthy();
    const label = group.locator("label").filter({ hasText: q!.options[q!.correctIndex]! });
    await label.click();
    if (i === 0) {
      // Chosen: a check beside it and its letter filled, not only a pale fill.
      await expect(label.locator("svg")).toBeVisible();
      await expect(group.locator("label").filter({ hasNotText: q!.options[q!.correctIndex]! }).locator("svg")).toHaveCount(3);
      for (const other of await group.locator("label").filter({ hasNotText: q!.options[q!.correctIndex]! }).locator("svg").all()) await expect(other).toBeHidden();
      await group.scrollIntoViewIfNeeded();
      await reviewShot(page, `/work/team/shots/journeys/after-5-examen-opcion-${info.project.name}.png`, { fullPage: false });
    }
  }
  await expect(page.getByText("10 de 10 respondidas")).toHaveCount(1);
  await page.getByRole("button", { name: "Enviar respuestas" }).click();
  await expect(page.getByText("Aprobado", { exact: true })).toBeVisible();

  // Passed, lessons left: no "¡Felicitaciones!", but what the certificate still needs, with the way there.
  await expect(page.getByText(/¡Felicitaciones!/)).toHaveCount(0);
  const after = page.getByRole("region", { name: "Tu certificado aún no está listo" });
  await expect(after).toContainText("Aprobaste la evaluación");
  await reviewShot(page, `/work/team/shots/journeys/after-2-resultado-${info.project.name}.png`, { fullPage: false });
  const first = after.getByRole("link").first();
  const title = await first.innerText();
  await first.click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
});
