// Hostile and unusual requests through the real production server (Express in front of React Router), as a
// person with curl would send them: what Express answers first is part of what is tested.
import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { BASE_URL } from "./support/test";
import { signInAsAdmin, signUpAs } from "./support/auth";

// Runs once, on the desktop project (playwright.config.ts): these requests do not depend on the viewport.

const BROKEN_MULTIPART = { "content-type": "multipart/form-data; boundary=XyZ", origin: BASE_URL };
const brokenBody = Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nsin-cierre');

async function postBroken(request: APIRequestContext, path: string) {
  return request.post(path, { headers: BROKEN_MULTIPART, data: brokenBody, maxRedirects: 0 });
}

async function expectRefused(request: APIRequestContext, path: string) {
  for (const target of [path, path.replace(/\/?(\?|$)/, ".data$1")]) {
    const res = await postBroken(request, target);
    expect(res.status(), `${target}: ${await res.text()}`).toBe(400);
  }
}

test("un multipart roto a los formularios de cuentas → 400, nunca 500", async ({ request }) => {
  for (const path of ["/login", "/registro", "/restablecer-contrasena", "/restablecer-contrasena/nueva?token=x", "/contacto", "/cursos/1/inscribir"]) {
    const res = await postBroken(request, path);
    expect(res.status(), path).toBeLessThan(500);
  }
  await expectRefused(request, "/login");
  await expectRefused(request, "/registro");
  await expectRefused(request, "/restablecer-contrasena");
});

test("la página dice por qué, en español", async ({ page }) => {
  const res = await page.request.post("/login", { headers: BROKEN_MULTIPART, data: brokenBody });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("No pudimos leer el formulario enviado");
});

test("un multipart roto a /perfil y al examen (con sesión) → 400", async ({ page }) => {
  await signUpAs(page);
  await expectRefused(page.request, "/perfil");
  await expectRefused(page.request, "/cursos/1/contenido?leccion=1");
});

test("un multipart roto a cada acción de administración → 400", async ({ page }) => {
  await signInAsAdmin(page);
  for (const path of [
    "/admin/usuarios",
    "/admin/inscripciones",
    "/admin/cursos",
    "/admin/cursos/nuevo",
    "/admin/cursos/1",
    "/admin/mensajes",
    "/admin/correos",
    "/admin/cupones",
    "/admin/empresas",
    "/admin/empresas/999999",
    "/admin/ventas/AAAA-BBBB",
    "/admin/documentos",
    "/admin/usuarios/alguien",
  ]) {
    await expectRefused(page.request, path);
  }
});

test("?pagina= hostil en cada listado de administración → la página 1, nunca 500", async ({ page }) => {
  await signInAsAdmin(page);
  const listings = ["/admin/usuarios", "/admin/inscripciones", "/admin/mensajes", "/admin/correos", "/admin/ventas", "/admin/cursos/1/resultados"];
  const hostile = ["-1", "0", "1.5", "1e9", "99999999999999999999999", "NaN", "abc", "%00", "%E0%A4%A", "1&pagina=2", "x".repeat(5_000)];
  for (const path of listings) {
    for (const value of hostile) {
      const res = await page.request.get(`${path}?pagina=${value}`, { maxRedirects: 0 });
      expect(res.status(), `${path}?pagina=${value.slice(0, 30)}`).toBeLessThan(500);
    }
    // A malformed number is the listing's first page, not an error page or an empty one past the end.
    const odd = await page.request.get(`${path}?pagina=-1`);
    expect(odd.status(), path).toBe(200);
    const shownPages = [...(await odd.text()).matchAll(/aria-current="page">Página (?:<!-- -->)?(\d+)/g)].map((m) => m[1]);
    for (const shown of shownPages) expect(shown, path).toBe("1");
  }
});

test("/figuras sirve solo figuras: otro nombre, otra extensión o una ruta hacia afuera → 404, nunca el archivo", async ({ request }) => {
  const ok = await request.get("/figuras/parches-dea.svg");
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(ok.headers()["content-security-policy"]).toContain("sandbox");
  for (const path of ["/figuras/no-existe.svg", "/figuras/parches-dea.png", "/figuras/..%2F..%2Fpackage.json", "/figuras/..%2Fcourses%2Frcp-solo-compresiones%2Fcourse.json", "/figuras/%2e%2e%2fREADME.svg", "/figuras/PARCHES-DEA.svg"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toMatch(/"name"|"modules"|<svg/);
  }
});

test("un multipart roto a la compra, la invitación, el aviso y el retorno de Webpay → 400, nunca 500", async ({ page }) => {
  await signUpAs(page);
  await expectRefused(page.request, "/cursos/1/comprar");
  await expectRefused(page.request, "/invitacion/no-es-un-token");
  for (const path of ["/cursos/2/avisame", "/cursos/3/avisame", "/pagos/webpay/retorno.data"]) {
    const res = await postBroken(page.request, path);
    expect(res.status(), path).toBeLessThan(500);
  }
  // The app's own .data POST of the return is read within the one form limit.
  const huge = await page.request.post("/pagos/webpay/retorno.data", {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL },
    data: `token_ws=${"x".repeat(200_000)}`,
    maxRedirects: 0,
  });
  expect(huge.status()).toBe(413);
});

test("el POST de Webpay con un cuerpo que no manda Webpay → 413 en español", async ({ playwright }) => {
  // Its own connection: the 413 above leaves its socket closed, and a reused keep-alive socket would only show that.
  const webpay = await playwright.request.newContext({ baseURL: BASE_URL });
  const tooBig = await webpay.post("/pagos/webpay/retorno", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `token_ws=${"x".repeat(20_000)}`,
    maxRedirects: 0,
  });
  expect(tooBig.status()).toBe(413);
  expect(await tooBig.text()).toBe("La solicitud es demasiado grande.");
  await webpay.dispose();
});

test("un formulario demasiado grande → 413 con el mensaje en español", async ({ request }) => {
  const res = await request.post("/login", {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL },
    data: `email=a%40b.cl&password=${"x".repeat(200_000)}`,
  });
  expect(res.status()).toBe(413);
  expect(await res.text()).toContain("La solicitud es demasiado grande.");
});

test("el reloj de pruebas no se mueve sin su token: 404 y la hora sigue igual", async ({ request }) => {
  const attempts: Record<string, string>[] = [{}, { "x-clock-token": "otro-token-0123456789abcdefghijkl" }, { "x-clock-token": "" }];
  for (const headers of attempts) {
    const response = await request.post("/__pruebas/reloj?avanzar=86400000", { headers });
    expect(response.status()).toBe(404);
  }
});

test("TRACE, PUT y DELETE → 405 con Allow", async ({ request }) => {
  for (const method of ["TRACE", "PUT", "DELETE"]) {
    const res = await request.fetch("/", { method, headers: { origin: BASE_URL } });
    expect(res.status(), method).toBe(405);
    expect(res.headers().allow).toBe("GET, HEAD, POST");
  }
});

test("un NUL en el token de restablecimiento → 400, nunca 500", async ({ request }) => {
  const page = await request.get("/restablecer-contrasena/nueva?token=%00abc");
  expect(page.status()).toBeLessThan(500);
  const post = await request.post("/restablecer-contrasena/nueva?token=%00abc", {
    headers: { origin: BASE_URL },
    form: { token: "\u0000abc", password: "clave-nueva-1", confirmPassword: "clave-nueva-1" },
  });
  expect(post.status()).toBe(400);
  const api = await request.post("/api/auth/reset-password", { headers: { origin: BASE_URL }, data: { token: "\u0000abc", newPassword: "clave-nueva-1" } });
  expect(api.status()).toBe(400);
});

test("una contraseña de más de 128 caracteres en /login: el mensaje en español, sin inglés", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill("nadie@academia.test");
  await page.getByLabel("Contraseña").fill("x".repeat(300));
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  const alert = page.getByRole("alert").first();
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText(/password|too long/i);
});

test("get-session no existe para el JavaScript de la página", async ({ page }) => {
  await signUpAs(page);
  const res = await page.request.get("/api/auth/get-session");
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toContain("token");
});

test("redirectTo se normaliza antes de revisarse: nunca Location //otro-sitio", async ({ page }) => {
  const user = await signUpAs(page);
  await page.context().clearCookies();
  for (const redirectTo of ["/.//evil.com", "/..//evil.com", "//evil.com", "/\\evil.com"]) {
    const res = await page.request.post("/login", {
      headers: { origin: BASE_URL },
      form: { email: user.email, password: user.password, redirectTo },
      maxRedirects: 0,
    });
    const location = res.headers().location ?? "";
    expect(location.startsWith("//"), `${redirectTo} → ${location}`).toBe(false);
    expect(location).not.toContain("evil.com");
    await page.context().clearCookies();
  }
});

test("CSP sin 'unsafe-inline' para scripts: nonce en páginas dinámicas, hashes en las de la caché", async ({ page, request }) => {
  const first = await request.get("/nosotros");
  const second = await request.get("/nosotros");
  for (const res of [first, second]) expect(res.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe-inline/);
  const replayed = second.headers()["x-page-cache"] === "MISS" ? first : second;
  if (replayed.headers()["x-page-cache"] === "HIT") {
    expect(replayed.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  }
  // A signed-in page: the nonce of its CSP is the one its inline scripts carry, and the page hydrates.
  await signUpAs(page);
  const response = await page.goto("/perfil");
  const nonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"]!)?.[1];
  expect(nonce).toBeTruthy();
  expect(await response!.text()).toContain(`nonce="${nonce}"`);
  await expectHydrated(page);
});

async function expectHydrated(page: Page) {
  // React Router's client router exists only once the inline bootstrap ran under the CSP.
  await expect.poll(() => page.evaluate(() => "__reactRouterRouter" in window || "__reactRouterContext" in window)).toBe(true);
}

test("documentos tributarios: datos hostiles en la compra y rutas de descarga forzadas → 400 o 404, nunca 500 ni un PDF ajeno", async ({ page, playwright }) => {
  await signUpAs(page);
  const form = (fields: Record<string, string>) =>
    page.request.post("/cursos/1/comprar", { headers: { origin: BASE_URL }, form: { method: "transfer", terms: "on", coupon: "", ...fields }, maxRedirects: 0 });
  const hostile: Record<string, string>[] = [
    { receipt: "factura", rut: "1'; drop table tax_document;--", businessName: "\u0000", giro: "x".repeat(5000), address: "<script>", comuna: "🙂".repeat(30) },
    { receipt: "x".repeat(10_000) },
    { receipt: "factura", rut: "66.666.666-6", businessName: "A", giro: "B", address: "C", comuna: "D", purchaseOrder: "../../etc/passwd", senceActionId: "\u202e" },
  ];
  for (const fields of hostile) {
    const res = await form(fields);
    expect(res.status(), JSON.stringify(fields).slice(0, 80)).toBe(400);
  }
  for (const path of ["/compras/AAAA-BBBB/documentos/1", "/compras/AAAA-BBBB/documentos/%00", "/compras/..%2F..%2Fetc/documentos/1", "/compras/AAAA-BBBB/documentos/99999999999999999999"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
  }
  // A learner at the admin's download or retry: sent away, nothing issued.
  expect((await page.request.get("/admin/ventas/AAAA-BBBB/documentos/1", { maxRedirects: 0 })).status()).toBe(302);
  const retry = await page.request.post("/admin/documentos", { headers: { origin: BASE_URL }, form: { intent: "retryDocument", documentId: "1" }, maxRedirects: 0 });
  expect(retry.status()).toBe(302);
  // Without a session, the company's download asks to sign in.
  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
  expect((await anonymous.get("/empresa/1/documentos/1", { maxRedirects: 0 })).status()).toBe(302);
  await anonymous.dispose();
});
