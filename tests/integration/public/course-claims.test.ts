// What the course pages claim, on the real catalogue: an instructor only when the academy enters one in its brand
// config, and no date for a course that is not on sale yet (course 3).
import { describe, expect, it } from "vitest";
import { catalogueDetails, catalogueVersion, readCatalogue } from "~/server/catalogue/catalogue.server";
import { getPublishedCourse } from "~/server/catalogue/courses.server";

const catalogue = readCatalogue();
const course = (id: number) => catalogue.find((c) => c.id === id)!;

describe("afirmaciones de las páginas de curso", () => {
  it("sin instructores en la configuración de marca, ningún curso nombra uno", async () => {
    for (const c of catalogue) {
      expect(catalogueDetails(c)).toMatchObject({ instructorName: "", instructorTitle: "" });
      const shown = await getPublishedCourse(c.id);
      expect(shown?.course).toMatchObject({ instructorName: "", instructorTitle: "" });
    }
  });

  it("un instructor registrado en la configuración llega al curso, y cambia la edición para que un arranque lo cargue", () => {
    const rcp = course(1);
    const instructors = { [rcp.slug]: { name: "Ana Rojas", title: "Enfermera, instructora de soporte vital básico" } };
    expect(catalogueDetails(rcp, instructors)).toMatchObject({ instructorName: "Ana Rojas", instructorTitle: "Enfermera, instructora de soporte vital básico" });
    expect(catalogueDetails(course(2), instructors)).toMatchObject({ instructorName: "" });
    expect(catalogueVersion(rcp, instructors)).not.toBe(catalogueVersion(rcp, {}));
    expect(catalogueVersion(course(2), instructors)).toBe(catalogueVersion(course(2), {}));
  });

  it("un curso que no está a la venta no anuncia fecha; uno a la venta sí", async () => {
    expect(course(3).nextDate).toBeUndefined();
    expect((await getPublishedCourse(3))?.course.nextDateLabel).toBeNull();
    expect((await getPublishedCourse(1))?.course.nextDateLabel).toMatch(/de \d{4}$/);
  });
});
