// Hostile requests to SENCE's callback addresses and to the learner's SENCE form, through the real production
// server: the callback is a cross-site POST by design (no CSRF refusal, no cookie needed), but forged, oversized,
// malformed and repeated callbacks change nothing; the learner's own form stays behind the CSRF check; and the CSP
// allows SENCE's four endpoints as form targets, nothing more of its host.
import { expect, test } from "./support/test";
import { BASE_URL } from "./support/test";
import { signUpAs } from "./support/auth";

const SENCE_URL = `http://localhost:${Number(process.env.E2E_SENCE_PORT || Number(process.env.E2E_PORT || 3210) + 5)}`;
const FROM_SENCE = { origin: SENCE_URL, "content-type": "application/x-www-form-urlencoded" };

const callback = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const forged = {
  CodSence: "1237991108",
  CodigoCurso: "5911547",
  IdSesionAlumno: "A".repeat(43),
  IdSesionSence: "B1B2",
  RunAlumno: "12345678-5",
  FechaHora: "2026-05-12 10:00:00",
  ZonaHoraria: "America/Santiago",
  LineaCapacitacion: "3",
};

test.describe("SENCE: solicitudes hostiles", { tag: "@escritorio" }, () => {
  test("un callback falsificado desde otro sitio no choca con el CSRF, no cambia nada y lleva al panel", async ({ request }) => {
    for (const path of ["/sence/retorno", "/sence/error"]) {
      const res = await request.post(path, { headers: FROM_SENCE, data: callback(forged), maxRedirects: 0 });
      expect(res.status(), path).toBe(303);
      expect(res.headers()["location"]).toBe("/dashboard");
      expect(res.headers()["cache-control"]).toBe("no-store");
    }
    const noId = { ...forged, IdSesionAlumno: "" };
    expect((await request.post("/sence/retorno", { headers: FROM_SENCE, data: callback(noId), maxRedirects: 0 })).status()).toBe(303);
  });

  test("campos repetidos o más largos que el manual → sin cambios; un cuerpo enorme → 413; otro formato → 415", async ({ request }) => {
    const twice = `${callback(forged)}&RunAlumno=11111111-1`;
    expect((await request.post("/sence/retorno", { headers: FROM_SENCE, data: twice, maxRedirects: 0 })).status()).toBe(303);
    const long = callback({ ...forged, IdSesionAlumno: "x".repeat(5000) });
    expect((await request.post("/sence/retorno", { headers: FROM_SENCE, data: long, maxRedirects: 0 })).status()).toBe(303);
    const huge = await request.post("/sence/retorno", { headers: FROM_SENCE, data: `${callback(forged)}&relleno=${"x".repeat(64 * 1024)}`, maxRedirects: 0 });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toBe("La solicitud es demasiado grande.");
    const multipart = await request.post("/sence/error", { headers: { origin: SENCE_URL }, multipart: forged, maxRedirects: 0 });
    expect(multipart.status()).toBe(415);
    expect(await multipart.text()).toBe("El formulario se envió en un formato que no aceptamos.");
    const json = await request.post("/sence/error", { headers: { origin: SENCE_URL, "content-type": "application/json" }, data: JSON.stringify(forged), maxRedirects: 0 });
    expect(json.status()).toBe(415);
  });

  test("las direcciones de retorno solo aceptan POST", async ({ request }) => {
    expect((await request.get("/sence/retorno", { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.fetch("/sence/retorno", { method: "PUT", headers: FROM_SENCE, data: callback(forged), maxRedirects: 0 })).status()).toBe(405);
  });

  test("el formulario del alumno hacia SENCE sí exige el mismo origen", async ({ page }) => {
    await signUpAs(page);
    const crossSite = await page.request.post("/cursos/1/sence", { headers: { origin: "https://otro-sitio.example", "content-type": "application/x-www-form-urlencoded" }, data: "intent=iniciar", maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    const sameSite = await page.request.post("/cursos/1/sence", { headers: { origin: BASE_URL, "content-type": "application/x-www-form-urlencoded" }, data: "intent=iniciar", maxRedirects: 0 });
    // Not enrolled: refused in Spanish, never a 500.
    expect(sameSite.status()).toBe(403);
    expect(await sameSite.text()).toContain("No estás inscrito en este curso. Por favor, inscríbete primero.");
  });

  test("la CSP permite como destino de formularios los cuatro endpoints de SENCE y nada más de su sitio", async ({ request }) => {
    const csp = (await request.get("/cursos")).headers()["content-security-policy"]!;
    const formAction = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("form-action"))!;
    const sources = formAction.split(/\s+/).slice(1);
    const sence = sources.filter((s) => s.startsWith(SENCE_URL));
    expect(sence.sort()).toEqual(
      [`${SENCE_URL}/rce/Registro/CerrarSesion`, `${SENCE_URL}/rce/Registro/IniciarSesion`, `${SENCE_URL}/rcetest/Registro/CerrarSesion`, `${SENCE_URL}/rcetest/Registro/IniciarSesion`].sort(),
    );
    expect(sources).not.toContain(SENCE_URL);
    expect(sources).toContain("'self'");
  });
});
