import { describe, expect, it } from "vitest";
import { isCurrentPath } from "~/ui/layout/internal-links";

// The header's and the administration menu's entries are plain anchors now: they must be marked as the current
// page exactly where React Router's <NavLink> marked them.
describe("isCurrentPath", () => {
  it("marks the same path, and the pages below it unless the entry ends there", () => {
    expect(isCurrentPath("/admin/usuarios", "/admin/usuarios")).toBe(true);
    expect(isCurrentPath("/admin/usuarios/12", "/admin/usuarios")).toBe(true);
    expect(isCurrentPath("/admin/usuarios/12", "/admin", true)).toBe(false);
    expect(isCurrentPath("/admin", "/admin", true)).toBe(true);
  });

  it("does not take a longer name for a page below it", () => {
    expect(isCurrentPath("/admin/usuarios-bloqueados", "/admin/usuarios")).toBe(false);
    expect(isCurrentPath("/cursos", "/cursos/1")).toBe(false);
  });

  it("marks the home entry on the home page only", () => {
    expect(isCurrentPath("/", "/", true)).toBe(true);
    expect(isCurrentPath("/cursos", "/", true)).toBe(false);
  });

  it("ignores case and a trailing slash, as the router's matching does", () => {
    expect(isCurrentPath("/Cursos/", "/cursos")).toBe(true);
    expect(isCurrentPath("/admin/", "/admin", true)).toBe(true);
  });
});
