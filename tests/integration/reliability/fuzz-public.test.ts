// Hostile input on the public forms and queries: the contact form, the course list filter and the course pages.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { action as contactAction } from "~/routes/contacto";
import { loader as coursesLoader } from "~/routes/cursos";
import { loader as courseLoader } from "~/routes/curso-detalle";
import { CLIENT_IP_HEADER } from "~/server/platform/rate-limit.server";
import { CONTACT_MESSAGES } from "~/domain/contact-form";
import { BASE, formRequest } from "../support/requests";
import { callRoute, expectSafeAnswer, expectValidTables, fuzzOptions, hostileFormArb, hostileString, type FormFields } from "./fuzz-support";

const catalogue = Object.values(CONTACT_MESSAGES);

describe("formulario de contacto con entradas hostiles", () => {
  it("nunca un error del servidor; guarda solo mensajes válidos y responde con los textos del formulario", async () => {
    let n = 0;
    const examples: FormFields[] = ["a\u0000b", "\u0000", "\u0001\u0002", "x".repeat(1024 * 1024)].flatMap((value) => [
      { name: value, email: "ana@academia.test", phone: "", subject: "otro", message: "Hola" },
      { name: "Ana", email: "ana@academia.test", phone: value, subject: "otro", message: "Hola" },
      { name: "Ana", email: "ana@academia.test", phone: "", subject: "otro", message: value },
    ]);
    await fc.assert(
      fc.asyncProperty(
        hostileFormArb({
          name: fc.constantFrom("Ana Pérez", "Empresa Ñandú Ltda."),
          email: fc.constantFrom("ana@academia.test", "contacto@empresa.cl"),
          phone: fc.constantFrom("", "+56 9 1234 5678", "(2) 2345-6789"),
          subject: fc.constantFrom("info_cursos", "capacitacion_empresas", "consulta_general", "otro"),
          message: fc.constantFrom("Quisiera información del curso de RCP.", "Hola 👋"),
          sitio_web: fc.constant(""),
        }),
        async (form) => {
          // A different address each time, so the rate limit does not hide what comes after it.
          const request = formRequest("/contacto", form, { headers: { [CLIENT_IP_HEADER]: `203.0.113.${++n % 250}` } });
          const answer = await callRoute(contactAction, request);
          expectSafeAnswer(answer, { catalogue });
        },
      ),
      { ...fuzzOptions(40), examples: examples.map((form) => [form] as [FormFields]) },
    );
    await expectValidTables();
  });
});

describe("catálogo público con parámetros hostiles", () => {
  it("filtro de categoría y detalle de curso: sin 500", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (categoria, id) => {
        const url = new URL(`${BASE}/cursos`);
        url.searchParams.set("categoria", categoria.slice(0, 5000));
        expectSafeAnswer(await callRoute(coursesLoader, new Request(url)));
        const detail = await callRoute(courseLoader, new Request(`${BASE}/cursos/x`), { id: id.slice(0, 5000) });
        expectSafeAnswer(detail);
        expect([200, 404]).toContain(detail.status);
      }),
      { ...fuzzOptions(40), examples: [["a\u0000b", "1\u0000"]] },
    );
  });
});
