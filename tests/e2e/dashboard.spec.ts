// The dashboard (docs/product-spec.md §2 Dashboard, docs/decisions.md B3/B9) as a learner and as an admin sees it.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { buyCourse } from "./support/commerce";
import { signInAsAdmin, signUpAs } from "./support/auth";
import { isMobile, openLesson, studyLessonOnScreen } from "./support/course-content";

const rcp = JSON.parse(fs.readFileSync(path.resolve("content/courses/rcp-solo-compresiones/course.json"), "utf8")) as {
  title: string;
  modules: { title: string; lessons: { title: string; type: string }[] }[];
};
const rcpModules = rcp.modules.length;
const rcpLessons = rcp.modules.reduce((n, m) => n + m.lessons.length, 0);

/** Clicks the header's dashboard link (user menu on desktop, mobile menu on a phone): a client-side navigation. */
async function clickHeaderDashboard(page: Page) {
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú móvil" }).getByRole("link", { name: "Mi Dashboard" }).click();
  } else {
    await page.getByRole("button", { name: /Menú de usuario/ }).click();
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  }
}

test.describe("dashboard de usuario", { tag: "@ambos" }, () => {
  test("sin cursos: bienvenida, Panel de Usuario, estadísticas en 0 y 'Explorar Cursos'", async ({ page }) => {
    const learner = await signUpAs(page, { name: "Valentina Rojas" });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Te damos la bienvenida, Valentina Rojas" })).toBeVisible();
    // The menu keeps the spec's "Dashboard"; the tab's title is Spanish.
    await expect(page).toHaveTitle(/^Mi panel \| /);
    await expect(page.getByText("Panel de Usuario", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar Perfil" })).toHaveAttribute("href", "/perfil");
    const stats = page.getByRole("region", { name: "Resumen" });
    for (const label of ["Cursos Completados", "Cursos en Progreso", "Certificados"]) await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await expect(stats.getByText("0% de tus cursos")).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 2, name: "Mis Cursos" })).toBeVisible();
    await expect(page.getByText("No estás inscrito en ningún curso actualmente.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explorar Cursos" })).toHaveAttribute("href", "/cursos");
    await expect(page.getByText("Panel de Administración", { exact: true })).toHaveCount(0);
    await expectNoA11yViolations(page);
    expect(learner.email).toContain("@");
  });

  test("inscrito: tarjeta con categoría, módulos y lecciones, progreso y 'Acceder ahora'; 'Cargando cursos...' al navegar", async ({ page }) => {
    await signUpAs(page, { name: "Tomás Pérez" });
    await buyCourse(page, 1);
    await page.goto("/dashboard");
    const card = page.getByRole("article").filter({ hasText: rcp.title });
    await expect(card.getByRole("heading", { level: 3, name: rcp.title })).toBeVisible();
    await expect(card.getByText("Salud", { exact: true })).toBeVisible();
    await expect(card.getByText(`${rcpModules} módulos · ${rcpLessons} lecciones`)).toBeVisible();
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^\d+$/);
    await expect(card.getByRole("link", { name: /Acceder ahora/ })).toHaveAttribute("href", "/cursos/1/contenido");
    await expect(card.getByText("Completado", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Resumen" }).getByText("100% de tus cursos")).toBeVisible(); // 1 of 1 in progress

    // While a client-side navigation loads the dashboard, the course list says 'Cargando cursos...'.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/dashboard\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await clickHeaderDashboard(page);
    await expect(page.getByRole("status").filter({ hasText: "Cargando cursos..." })).toBeVisible();
    release();
    await expect(page.getByText("Cargando cursos...")).toHaveCount(0);
    await expect(card).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });

    // The progress ribbon appears once the learner has completed a module.
    const firstModule = rcp.modules[0]!;
    // (The content page without ?leccion opens the next unfinished lesson, which is inside the first module
    // here, so nothing beyond it is completed.)
    await page.goto("/cursos/1/contenido");
    for (const lesson of firstModule.lessons) {
      await openLesson(page, lesson.title);
      await studyLessonOnScreen(page);
    }
    await page.goto("/dashboard");
    await expect(card.getByText("En progreso", { exact: true })).toBeVisible();
    await expect(card.getByText(`1 de ${rcpModules} módulos · ${Math.floor(100 / rcpModules)} %`, { exact: true })).toBeVisible();
    const published = rcp.modules.flatMap((m) => m.lessons).filter((l) => (l as { status?: string }).status === "published");
    await expect(card.getByText(`${firstModule.lessons.length} de ${published.length} lecciones`, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    // Resume in one tap: 'Continuar: ‹next lesson›' opens it directly; so does the content page without ?leccion.
    const next = rcp.modules[1]!.lessons[0]!;
    await card.getByRole("link", { name: `Continuar: ${next.title} (${rcp.title})` }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/contenido\?leccion=\d+$/);
    await expect(page.getByRole("heading", { level: 2, name: next.title })).toBeVisible();
    // Opening it does not complete it (docs/decisions.md F8); studying it does, and the count says so.
    await expect(page.getByRole("article").getByText("Completada", { exact: true })).toHaveCount(0);
    await studyLessonOnScreen(page);
    await expect(page.getByText(`${firstModule.lessons.length + 1} de ${published.length} lecciones`, { exact: true })).toBeVisible();
  });
});

test.describe("dashboard de administrador", () => {
  test("Panel de Administrador con contadores reales, 'Todos los Cursos' y tarjetas 'Gestionar'", async ({ page }) => {
    const admin = await signInAsAdmin(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Te damos la bienvenida, ${admin.name}` })).toBeVisible();
    await expect(page.getByText("Panel de Administrador", { exact: true })).toBeVisible();
    const panel = page.getByRole("region", { name: "Panel de Administración" });
    for (const [name, href] of [
      ["Gestionar Usuarios", "/admin/usuarios"],
      ["Gestionar Cursos", "/admin/cursos"],
      ["Gestionar Inscripciones", "/admin/inscripciones"],
    ] as const) {
      const link = panel.getByRole("link", { name: new RegExp(`^${name} \\d`) });
      await expect(link).toHaveAttribute("href", href);
    }
    // Real counts, not the spec's placeholders: at least the admin itself is a user.
    const users = Number((await panel.getByRole("link", { name: /Gestionar Usuarios/ }).innerText()).replace(/\D/g, ""));
    expect(users).toBeGreaterThanOrEqual(1);
    const published = Number((await panel.getByRole("link", { name: /Gestionar Cursos/ }).innerText()).replace(/\D/g, ""));
    expect(published).toBeGreaterThanOrEqual(1);

    await expect(page.getByRole("heading", { level: 2, name: "Todos los Cursos" })).toBeVisible();
    await expect(page.getByText("Vista de Administrador")).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: rcp.title });
    await expect(card.getByText("Gestionar", { exact: true })).toBeVisible();
    await expect(card.getByText("Estudiantes")).toBeVisible();
    await expect(card.getByText("Certificados")).toBeVisible();
    await expect(card.getByRole("link", { name: /^Editar/ })).toHaveAttribute("href", "/admin/cursos/1");
    await expect(card.getByRole("link", { name: /^Acceder/ })).toHaveAttribute("href", "/cursos/1/contenido");
    await expectNoA11yViolations(page);

    // /admin shows the same admin view, with the administration sub-navigation.
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "Administración" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Todos los Cursos" })).toBeVisible();
    await card.getByRole("link", { name: /^Editar/ }).click();
    await expect(page).toHaveURL(/\/admin\/cursos\/1$/);
  });

  test("un usuario que abre /admin vuelve a /dashboard; un anónimo va a /login", { tag: "@escritorio" }, async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await signUpAs(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Panel de Usuario", { exact: true })).toBeVisible();
  });
});
