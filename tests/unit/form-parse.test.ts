import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "~/domain/form-parse";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

const schema = z
  .object({
    email: z.string().min(1, "Falta el correo."),
    password: z.string().min(3, "Muy corta."),
    confirm: z.string(),
  })
  .refine((d) => d.password === d.confirm, {
    path: ["confirm"],
    error: "No coinciden.",
  });
const FIELDS = ["email", "password", "confirm"] as const;

describe("parseForm: un formulario se lee y se valida de una sola manera", () => {
  it("lee solo los campos nombrados y devuelve lo escrito", () => {
    const parsed = parseForm(
      schema,
      form({
        email: "a@b.cl",
        password: "abcd",
        confirm: "abcd",
        role: "admin",
      }),
      FIELDS,
    );
    expect(parsed).toEqual({
      ok: true,
      data: { email: "a@b.cl", password: "abcd", confirm: "abcd" },
      values: { email: "a@b.cl", password: "abcd", confirm: "abcd" },
    });
  });

  it("guarda el primer mensaje de cada campo y no devuelve los campos secretos", () => {
    const parsed = parseForm(
      schema,
      form({ email: "", password: "ab", confirm: "x" }),
      FIELDS,
      { secret: ["password", "confirm"] },
    );
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        email: "Falta el correo.",
        password: "Muy corta.",
        confirm: "No coinciden.",
      },
      values: { email: "" },
    });
  });

  it("un campo obligatorio vacío responde el mensaje de todo el formulario", () => {
    const parsed = parseForm(schema, form({ email: " " }), FIELDS, {
      required: ["email", "password"],
    });
    const message = "Por favor, completa todos los campos.";
    expect(parsed).toEqual({
      ok: false,
      formError: message,
      fieldErrors: { email: message, password: message },
      values: { email: " ", password: "", confirm: "" },
    });
  });

  it("un mensaje sin campo queda en `form`", () => {
    const whole = z
      .object({ a: z.string() })
      .refine(() => false, "No se puede.");
    expect(parseForm(whole, form({ a: "x" }), ["a"])).toMatchObject({
      ok: false,
      fieldErrors: { form: "No se puede." },
    });
  });
});
