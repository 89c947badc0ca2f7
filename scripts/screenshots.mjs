// `npm run screenshots`: full-page PNGs of every screen at 1280 px and 375 px, to look at what we build.
//
// Against a running academy: BASE (default http://127.0.0.1:3000) and an admin's ADMIN_EMAIL / ADMIN_PASSWORD
// (the same variables the server takes). A fresh learner is registered and enrolled in course 1 on the way.
// Output: OUT (default ./screenshots/<date>/), one `<name>-<width>.png` per screen and width.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const BASE = (process.env.BASE || "http://127.0.0.1:3000").replace(/\/+$/, "");
const ADMIN_EMAIL = process.env.ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD;
const OUT = process.env.OUT || path.join("screenshots", new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-"));
const WIDTHS = [1280, 375];

if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
  console.error("Set ADMIN_EMAIL and ADMIN_PASSWORD (an admin of the academy at BASE).");
  process.exit(1);
}
fs.mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });

async function signIn(page, email, password) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
}

async function shoot(page, name, url, width, prepare) {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  await page.goto(`${BASE}${url}`, { waitUntil: "networkidle" });
  if (prepare) await prepare(page);
  await page.waitForTimeout(300);
  const file = path.join(OUT, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

const learnerEmail = `capturas.${Date.now()}@academia.test`;
const learnerPassword = "capturas-123";
{
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/registro`);
  await page.getByLabel("Nombre").fill("Valentina Capturas");
  await page.getByLabel("Correo electrónico").fill(learnerEmail);
  await page.getByLabel("Contraseña", { exact: true }).fill(learnerPassword);
  await page.getByLabel("Confirmar contraseña").fill(learnerPassword);
  await page.getByRole("button", { name: "Registrarse" }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
  await context.close();
}

const anonymous = [
  ["inicio", "/"],
  ["nosotros", "/nosotros"],
  ["cursos", "/cursos"],
  ["curso-1", "/cursos/1"],
  ["curso-2", "/cursos/2"],
  ["contacto", "/contacto"],
  ["login", "/login"],
  ["registro", "/registro"],
  ["restablecer", "/restablecer-contrasena"],
  ["certificados", "/certificados"],
  ["no-encontrada", "/no-existe"],
];
const learner = [
  ["dashboard-vacio", "/dashboard"],
  ["curso-1-inscribir", "/cursos/1"],
  [
    "contenido",
    "/cursos/1/contenido",
    async (page) => {
      await page.getByRole("toolbar", { name: "Controles del documento" }).waitFor({ timeout: 20_000 }).catch(() => {});
    },
  ],
  ["perfil", "/perfil"],
];
const admin = [
  ["admin", "/admin"],
  ["admin-usuarios", "/admin/usuarios"],
  ["admin-inscripciones", "/admin/inscripciones"],
  ["admin-cursos", "/admin/cursos"],
  ["admin-curso-1", "/admin/cursos/1"],
  ["admin-curso-1-contenido", "/admin/cursos/1?vista=contenido"],
  ["admin-mensajes", "/admin/mensajes"],
];

for (const width of WIDTHS) {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [name, url, prepare] of anonymous) await shoot(page, name, url, width, prepare);
  await context.close();

  const learnerContext = await browser.newContext();
  const lpage = await learnerContext.newPage();
  await signIn(lpage, learnerEmail, learnerPassword);
  for (const [name, url, prepare] of learner) {
    await shoot(lpage, name, url, width, prepare);
    if (name === "curso-1-inscribir" && width === WIDTHS[0]) {
      // Enrol once, so the dashboard and the course content show a learner's view.
      const enrol = lpage.getByRole("button", { name: "Comprar curso" }).first();
      if (await enrol.isVisible().catch(() => false)) {
        await enrol.click();
        await lpage.waitForURL(/\/contenido/, { timeout: 15_000 });
      }
    }
  }
  await shoot(lpage, "dashboard-inscrito", "/dashboard", width);
  await learnerContext.close();

  const adminContext = await browser.newContext();
  const apage = await adminContext.newPage();
  await signIn(apage, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const [name, url, prepare] of admin) await shoot(apage, name, url, width, prepare);
  await adminContext.close();
}

await browser.close();
console.log(`screenshots in ${OUT}`);
