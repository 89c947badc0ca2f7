import { BASE_URL, expect, test, type Page } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { waitForMail } from "./support/mail";
import { reviewShot } from "./support/screenshots";

const M = {
  required: "Por favor, completa todos los campos.",
  mismatch: "Las contraseñas no coinciden.",
  short: "La contraseña debe tener al menos 6 caracteres.",
  invalidEmail: "El correo electrónico no es válido.",
  wrong: "Correo electrónico o contraseña incorrectos.",
  tooMany: "Demasiados intentos fallidos. Por favor, intenta más tarde.",
  resetEmpty: "Por favor, ingresa tu correo electrónico.",
  resetSent: "Se ha enviado un correo electrónico con instrucciones para restablecer tu contraseña.",
  nameEmpty: "El nombre no puede estar vacío.",
  saved: "Perfil actualizado correctamente.",
  currentWrong: "La contraseña actual es incorrecta.",
};

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Opens the signed-in menu of this viewport: the user menu (desktop) or the mobile menu. */
async function openAccountMenu(page: Page) {
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    await expect(menu).toBeVisible();
    return menu;
  }
  await page.getByRole("button", { name: /^Menú de usuario/ }).click();
  const menu = page.locator("#menu-usuario");
  await expect(menu).toBeVisible();
  return menu;
}

async function logOutFromMenu(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole("button", { name: "Cerrar Sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  if (isMobile(page)) await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(page.getByRole("link", { name: "Iniciar Sesión" }).first()).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
}

function resetLinkFrom(mail: string) {
  const match = /https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/.exec(mail);
  expect(match, mail).not.toBeNull();
  return match![0];
}

test.describe("cuenta de principio a fin", () => {
  test("registro → cerrar sesión → iniciar sesión → perfil → cambiar contraseña → olvidé mi contraseña → entrar con la nueva", { tag: "@ambos" }, async ({ page }) => {
    test.setTimeout(300_000);
    const email = uniqueEmail("cuenta");
    const name = "Valentina Rojas";

    // Registro, with its validation messages.
    await page.goto("/registro");
    await expect(page.getByRole("heading", { name: "Crear una cuenta" })).toBeVisible();
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page.getByText(M.required)).toBeVisible();
    await page.getByLabel("Nombre").fill(name);
    await page.getByLabel("Correo electrónico").fill("valentina@");
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-1");
    await page.getByLabel("Confirmar contraseña").fill("clave-1");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page.getByText(M.invalidEmail)).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("12345");
    await page.getByLabel("Confirmar contraseña").fill("12345");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page.getByText(M.short)).toBeVisible();
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-inicial-1");
    await page.getByLabel("Confirmar contraseña").fill("clave-inicial-2");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page.getByText(M.mismatch)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-inicial-1");
    await page.getByLabel("Confirmar contraseña").fill("clave-inicial-1");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The signed-in menu: initial, name, e-mail, links, no admin link for a learner.
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(name)).toBeVisible();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByRole("link", { name: isMobile(page) ? "Mi Dashboard" : "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Mi Perfil" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Panel de Administración" })).toHaveCount(0);
    if (!isMobile(page)) await expect(page.getByRole("button", { name: /^Menú de usuario/ })).toContainText("V");
    await page.keyboard.press("Escape");

    // Cerrar sesión shows its overlay and lands on /. The request is held until the overlay has been seen
    // (a fixed delay was not enough on a busy machine: the click itself could outlast it).
    let release!: () => void;
    const overlaySeen = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/logout*", async (route) => {
      await overlaySeen;
      await route.continue();
    });
    const menu2 = await openAccountMenu(page);
    await menu2.getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page.getByText("Cerrando sesión...")).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
    await page.unrouteAll({ behavior: "wait" });
    expect((await page.request.get("/perfil", { maxRedirects: 0 })).status()).toBe(302);

    // Iniciar sesión, with its messages, the confirmation and the move to /dashboard.
    await page.goto("/login");
    await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
    await expect(page.getByText(M.required)).toBeVisible();
    await logIn(page, "no-es-correo", "algo");
    await expect(page.getByText(M.invalidEmail)).toBeVisible();
    await logIn(page, email, "clave-equivocada");
    await expect(page.getByText(M.wrong)).toBeVisible();
    await expectNoA11yViolations(page);
    await logIn(page, email, "clave-inicial-1");
    await expect(page.getByText("¡Inicio de sesión exitoso! Redirigiendo...")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Perfil: edit, validation, the new name everywhere at once.
    const menu3 = await openAccountMenu(page);
    await menu3.getByRole("link", { name: "Mi Perfil" }).click();
    await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Correo Electrónico")).toBeDisabled();
    await expect(page.getByLabel("Correo Electrónico")).toHaveValue(email);
    await expect(page.getByText("El correo electrónico no se puede cambiar.")).toBeVisible();
    await page.getByLabel("Nombre Completo").fill("   ");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText(M.nameEmpty)).toBeVisible();
    await page.getByLabel("Nombre Completo").fill("Valentina Rojas Soto");
    await page.getByLabel("Teléfono").fill("+56 9 8765 4321");
    await page.getByLabel("Dirección").fill("Av. Providencia 100, Santiago");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText(M.saved)).toBeVisible();
    await expect(page.getByLabel("Teléfono")).toHaveValue("+56 9 8765 4321");
    if (!isMobile(page)) await expect(page.getByRole("button", { name: /^Menú de usuario/ })).toContainText("Valentina Rojas Soto");
    await expectNoA11yViolations(page);
    await page.reload();
    await expect(page.getByLabel("Dirección")).toHaveValue("Av. Providencia 100, Santiago");

    // Cambiar contraseña (B6).
    await expect(page.getByText(/cierra sesión y usa la opción/)).toBeVisible();
    await page.getByLabel("Contraseña actual").fill("no-es-esta");
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-segunda-2");
    await page.getByLabel("Confirmar nueva contraseña").fill("clave-segunda-2");
    await page.getByRole("button", { name: "Cambiar Contraseña" }).click();
    await expect(page.getByText(M.currentWrong)).toBeVisible();
    await page.getByLabel("Contraseña actual").fill("clave-inicial-1");
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-segunda-2");
    await page.getByLabel("Confirmar nueva contraseña").fill("clave-segunda-2");
    await page.getByRole("button", { name: "Cambiar Contraseña" }).click();
    await expect(page.getByText(/^Contraseña actualizada correctamente/)).toBeVisible();
    await expect(page.getByLabel("Contraseña actual")).toHaveValue("");
    // Still signed in after the change.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();

    // Cerrar sesión from the profile page.
    await page.getByRole("main").getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page).toHaveURL(/\/$/);

    // Olvidé mi contraseña: the link comes in a real SMTP message.
    await page.goto("/login");
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page).toHaveURL(/\/restablecer-contrasena$/);
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(page.getByText(M.resetEmpty)).toBeVisible();
    await page.getByLabel("Correo electrónico").fill("valentina@@x");
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(page.getByText(M.invalidEmail)).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(page.getByText(M.resetSent)).toBeVisible();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("");
    await expectNoA11yViolations(page);
    // The mail with the reset link itself: the "contraseña cambiada" notice sent just before also says
    // "Restablece", and on a fast machine it can still be the newest when the poll starts.
    const link = resetLinkFrom(await waitForMail(email, /\/api\/auth\/reset-password\//));

    await page.goto(link);
    await expect(page).toHaveURL(/\/restablecer-contrasena\/nueva\?token=/);
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-tercera-3");
    await page.getByLabel("Confirmar nueva contraseña").fill("otra-cosa-3");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(page.getByText(M.mismatch)).toBeVisible();
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-tercera-3");
    await page.getByLabel("Confirmar nueva contraseña").fill("clave-tercera-3");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(page.getByText(/Tu contraseña ha sido restablecida/)).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await logIn(page, email, "clave-segunda-2");
    await expect(page.getByText(M.wrong)).toBeVisible();
    await logIn(page, email, "clave-tercera-3");
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link served once.
    await page.goto(link);
    await expect(page.getByText(/no es válido, ya fue usado o expiró/)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Solicitar un nuevo enlace" }).click();
    await expect(page).toHaveURL(/\/restablecer-contrasena$/);
  });

  test("después de 10 intentos fallidos, el 11 se rechaza aunque la contraseña sea correcta", { tag: "@escritorio" }, async ({ page, baseURL }) => {
    const user = await signUpAs(page);
    await page.context().clearCookies();
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post("/api/auth/sign-in/email", { data: { email: user.email, password: `mala-${i}` }, headers: { origin: baseURL! } });
      expect(res.status()).toBe(401);
    }
    await logIn(page, user.email, user.password);
    await expect(page.getByText(M.tooMany)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("volver a la página que pidió iniciar sesión (?redirectTo=)", { tag: "@escritorio" }, async ({ page }) => {
    const user = await signUpAs(page);
    await page.context().clearCookies();
    await page.goto("/perfil");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fperfil$/);
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña").fill(user.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();
  });

  test("enlaces entre login, registro y restablecer", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("main").getByRole("link", { name: "Regístrate" }).click();
    await expect(page).toHaveURL(/\/registro$/);
    await page.getByRole("main").getByRole("link", { name: "Inicia sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectNoA11yViolations(page);
  });

  test("registrarse con un correo que ya tiene cuenta: la página pide revisar el correo y su dueña recibe el aviso", { tag: "@ambos" }, async ({ page }, info) => {
    // An account made earlier, elsewhere (the page's context stays signed out).
    const owner = { name: "Dueña Cuenta", email: uniqueEmail("duena"), password: "clave-de-ella-1" };
    expect((await page.request.post("/api/auth/sign-up/email", { data: owner, headers: { origin: BASE_URL } })).status()).toBe(200);

    await page.goto("/registro?redirectTo=%2Fcursos%2F1%2Fcomprar");
    await page.getByLabel("Nombre").fill("Otra Persona");
    await page.getByLabel("Correo electrónico").fill(owner.email);
    await page.getByLabel("Contraseña", { exact: true }).fill("otra-clave-22");
    await page.getByLabel("Confirmar contraseña").fill("otra-clave-22");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page.getByRole("heading", { level: 1, name: "Revisa tu correo" })).toBeVisible();
    const sent = page.getByRole("status");
    await expect(sent).toContainText(`Te enviamos un correo a ${owner.email} con el siguiente paso.`);
    await expect(sent.getByRole("link", { name: "iniciar sesión" })).toHaveAttribute("href", "/login?redirectTo=%2Fcursos%2F1%2Fcomprar");
    await expect(sent.getByRole("link", { name: "elegir una nueva contraseña" })).toHaveAttribute("href", "/restablecer-contrasena");
    await expect(page.getByText(/en uso/)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewShot(page, `/work/team/shots/accounts/registro-revisa-tu-correo-${info.project.name}.png`);
    expect((await page.request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(302);

    const mail = await waitForMail(owner.email, /Ya tienes una cuenta/);
    expect(mail).toContain("Dueña Cuenta");
    expect(mail).toContain("(hora de Chile)");
    expect(mail).toContain(`${BASE_URL}/login`);
    expect(mail).toContain(`${BASE_URL}/restablecer-contrasena`);

    // The owner, typing her own password on the same form, goes on signed in to her account.
    await page.getByRole("link", { name: "vuelve a registrarte" }).click();
    await page.getByLabel("Nombre").fill("Dueña Cuenta");
    await page.getByLabel("Correo electrónico").fill(owner.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(owner.password);
    await page.getByLabel("Confirmar contraseña").fill(owner.password);
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page).toHaveURL(/\/cursos\/1\/comprar$/);
  });
});

test.describe("menús con teclado", { tag: "@ambos" }, () => {
  test("el menú de la cuenta se abre y se cierra con el teclado", async ({ page }) => {
    await signUpAs(page, { name: "Teclado Pruebas" });
    await page.goto("/dashboard");
    const toggle = isMobile(page) ? page.getByRole("button", { name: "Abrir menú" }) : page.getByRole("button", { name: /^Menú de usuario/ });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = isMobile(page) ? page.getByRole("navigation", { name: "Menú móvil" }) : page.locator("#menu-usuario");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Mi Perfil" })).toBeVisible();
    await expect(isMobile(page) ? page.getByRole("button", { name: "Cerrar menú" }) : toggle).toHaveAttribute("aria-expanded", "true");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    // Focus returns to the button that opened it; Space opens it again.
    const again = isMobile(page) ? page.getByRole("button", { name: "Abrir menú" }) : toggle;
    await expect(again).toBeFocused();
    await page.keyboard.press(" ");
    await expect(menu).toBeVisible();
    await page.keyboard.press(" ");
    await expect(menu).toBeHidden();
  });

  test("si cerrar sesión falla: 'Error al cerrar sesión. Inténtalo de nuevo.' y la sesión sigue", async ({ page }) => {
    await signUpAs(page);
    await page.goto("/perfil");
    await page.route("**/logout", (route) => route.abort());
    await page.getByRole("main").getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error al cerrar sesión. Inténtalo de nuevo." })).toBeVisible();
    await page.unroute("**/logout");
    await page.route("**/logout", (route) => route.fulfill({ status: 500, body: "fallo" }));
    const menu = await openAccountMenu(page);
    await menu.getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(menu.getByText("Error al cerrar sesión. Inténtalo de nuevo.")).toBeVisible();
    await page.unroute("**/logout");
    expect((await page.request.get("/perfil", { maxRedirects: 0 })).status()).toBe(200);
  });

  test("un administrador ve Panel de Administración en el menú", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/dashboard");
    const menu = await openAccountMenu(page);
    await menu.getByRole("link", { name: "Panel de Administración" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await logOutFromMenu(page);
  });
});

// Server rules: the same answer whatever the screen, so they run once, at 1280 px (tags: playwright.config.ts).
test.describe("guardias del servidor (302 y Location)", { tag: "@escritorio" }, () => {
  const signedIn = ["/dashboard", "/perfil"];
  const admin = ["/admin", "/admin/usuarios", "/admin/inscripciones", "/admin/cursos", "/admin/cursos/nuevo", "/admin/mensajes"];

  test("anónimo → /login", async ({ page }) => {
    for (const path of [...signedIn, ...admin]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const path of ["/login", "/registro", "/restablecer-contrasena"]) {
      expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    }
  });

  test("usuario → /dashboard en /admin, y fuera de /login y /registro", async ({ page }) => {
    await signUpAs(page);
    for (const path of admin) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe("/dashboard");
    }
    for (const path of signedIn) expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    for (const path of ["/login", "/registro"]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe("/dashboard");
    }
  });

  test("administrador entra a todo", async ({ page }) => {
    await signInAsAdmin(page);
    for (const path of [...signedIn, ...admin]) expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    expect((await page.request.get("/login", { maxRedirects: 0 })).headers().location).toBe("/dashboard");
  });
});

test.describe("sin JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("iniciar y cerrar sesión funcionan con formularios simples", { tag: "@ambos" }, async ({ page }) => {
    const user = await signUpAs(page);
    await page.context().clearCookies();
    await logIn(page, user.email, "mala-clave");
    await expect(page.getByText(M.wrong)).toBeVisible();
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The menu opens as the URL's #target.
    if (isMobile(page)) await page.getByRole("link", { name: "Abrir menú" }).click();
    else await page.getByRole("link", { name: /^Menú de usuario/ }).click();
    const menu = page.locator(isMobile(page) ? "#menu-movil" : "#menu-usuario");
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(302);
  });

  test("registro y perfil funcionan sin JavaScript", async ({ page }) => {
    const email = uniqueEmail("sinjs");
    await page.goto("/registro");
    await page.getByLabel("Nombre").fill("Sin Script");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-123");
    await page.getByLabel("Confirmar contraseña").fill("clave-124");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page.getByText(M.mismatch)).toBeVisible();
    await expect(page.getByLabel("Nombre")).toHaveValue("Sin Script");
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-123");
    await page.getByLabel("Confirmar contraseña").fill("clave-123");
    await page.getByRole("button", { name: "Registrarse" }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/perfil");
    await page.getByLabel("Teléfono").fill("22 345 6789");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText(M.saved)).toBeVisible();
    await expect(page.getByLabel("Teléfono")).toHaveValue("22 345 6789");
  });
});

test.describe("protección HTTP", { tag: "@escritorio" }, () => {
  test("cabeceras de seguridad en páginas y archivos estáticos", async ({ page }) => {
    const res = await page.request.get("/login");
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"]).toBeTruthy();
    const asset = await page.request.get("/favicon.svg");
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("un POST desde otro origen → 403; un cuerpo demasiado grande → 413", async ({ page, baseURL }) => {
    await signUpAs(page);
    const foreign = await page.request.post("/logout", { headers: { origin: "https://evil.example" }, form: { x: "1" }, maxRedirects: 0 });
    expect(foreign.status()).toBe(403);
    expect((await page.request.get("/perfil", { maxRedirects: 0 })).status()).toBe(200);
    const big = await page.request.post("/perfil", {
      headers: { origin: baseURL! },
      form: { intent: "profile", name: "x".repeat(1024 * 1024 + 10) },
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
  });
});
