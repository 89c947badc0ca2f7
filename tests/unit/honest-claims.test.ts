// Claims the academy must be able to back (instructors' titles, "Instructores certificados", testimonials) live in
// the brand config, empty in the shipped one, and the pages then show nothing of them (no empty section).
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { site } from "~/config/site";
import { catalogueContent, homeContent } from "~/server/catalogue/public-content.server";
import { Testimonials } from "~/ui/public/home/testimonials";

describe("lo que la academia debe poder respaldar", () => {
  it("la configuración de marca que se entrega no trae instructores, testimonios ni 'Instructores certificados'", () => {
    expect(site.claims.instructors).toBeNull();
    expect(site.claims.courseInstructors).toEqual({});
    expect(site.claims.testimonials).toEqual([]);
  });

  it("las páginas públicas no los afirman por su cuenta", () => {
    const pages = JSON.stringify([homeContent, catalogueContent]);
    expect(pages).not.toMatch(/instructores certificados/i);
    expect(catalogueContent.benefits.items.map((b) => b.title)).not.toContain("Instructores certificados");
    expect(homeContent.testimonials.items).toEqual([]);
  });

  it("sin testimonios, la sección no aparece; con testimonios reales, aparecen", () => {
    const { eyebrow, title } = homeContent.testimonials;
    expect(renderToStaticMarkup(createElement(Testimonials, { content: { eyebrow, title, items: [] } }))).toBe("");
    const html = renderToStaticMarkup(
      createElement(Testimonials, {
        content: { eyebrow, title, items: [{ quote: "Aprendí a usar el DEA de la oficina.", name: "Ana Pérez", role: "Administrativa, Temuco" }] },
      }),
    );
    expect(html).toContain("Lo que dicen nuestros alumnos");
    expect(html).toContain("Aprendí a usar el DEA de la oficina.");
  });
});
