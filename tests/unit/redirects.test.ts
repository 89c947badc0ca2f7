import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/domain/account-forms";
import { safeLocalPath } from "~/domain/redirects";
import { enrolReturnPath } from "~/ui/course/enrol-button";

const offSite = ["/.//evil.com", "/..//evil.com", "/./..//evil.com/x", "//evil.com", "/\\evil.com", "https://evil.com", "/%2e%2e//evil.com", "\t/evil", "evil.com", ""];

describe("rutas de vuelta (se normaliza primero, se revisa después)", () => {
  it.each(offSite)("%s nunca sale del sitio", (value) => {
    const path = safeLocalPath(value);
    if (path !== null) expect(path.startsWith("//")).toBe(false);
    expect(safeRedirectPath(value).startsWith("//")).toBe(false);
    expect(enrolReturnPath(value, 1).startsWith("//")).toBe(false);
  });

  it("las dos rutas del issue caen al valor por defecto", () => {
    expect(safeRedirectPath("/.//evil.com")).toBe("/dashboard");
    expect(safeRedirectPath("/..//evil.com")).toBe("/dashboard");
    expect(enrolReturnPath("/.//evil.com", 3)).toBe("/cursos/3");
  });

  it("las rutas locales quedan, normalizadas", () => {
    expect(safeLocalPath("/cursos/1?x=1#a")).toBe("/cursos/1?x=1#a");
    expect(safeLocalPath("/cursos/./1")).toBe("/cursos/1");
    expect(safeRedirectPath("/perfil")).toBe("/perfil");
    expect(safeRedirectPath("/login?x")).toBe("/dashboard");
    expect(enrolReturnPath("/cursos?categoria=Salud", 1)).toBe("/cursos?categoria=Salud");
  });
});
