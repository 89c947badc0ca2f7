import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { marketingConsentEvent, user } from "~/server/platform/db/schema";
import { getUser } from "~/server/accounts/session.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { action as apiAction } from "~/routes/api.auth";
import { action as loginAction } from "~/routes/login";
import { action, loader } from "~/routes/perfil";
import { action as logoutAction } from "~/routes/logout";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { apiRequest, nextCookie } from "./support";
import { callAndRead as call } from "../support/call";

async function row(id: string) {
  const [r] = await db().select().from(user).where(eq(user.id, id));
  return r!;
}

const saveProfile = (cookie: string, fields: Record<string, string>) =>
  call(action, formRequest("/perfil", { intent: "profile", ...fields }, { cookie }));

describe("perfil (/perfil)", () => {
  it("sin sesión: el loader y la acción redirigen a /login", async () => {
    const page = await call(loader, getRequest("/perfil"));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login?redirectTo=%2Fperfil");
    const post = await call(action, formRequest("/perfil", { intent: "profile", name: "X" }));
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/login/);
  });

  it("muestra los datos de la cuenta", async () => {
    const u = await createUser({ name: "Pedro Pérez" });
    const out = await call(loader, getRequest("/perfil", u.cookie));
    expect(out.data.profile).toEqual({ name: "Pedro Pérez", email: u.email, phone: "", address: "", rut: "" });
  });

  it("guarda nombre, teléfono y dirección (recortados): 'Perfil actualizado correctamente.'", async () => {
    const u = await createUser();
    const out = await saveProfile(u.cookie, { name: "  Pedro Pérez  ", phone: " +56 9 1234 5678 ", address: "Av. Siempre Viva 123" });
    expect(out.status).toBe(200);
    expect(out.data.success).toBe("Perfil actualizado correctamente.");
    const r = await row(u.id);
    expect([r.name, r.phone, r.address]).toEqual(["Pedro Pérez", "+56 9 1234 5678", "Av. Siempre Viva 123"]);
    // The display name comes from the database on every request.
    expect((await getUser(getRequest("/", u.cookie)))!.name).toBe("Pedro Pérez");
    // Emptying phone and address clears them.
    await saveProfile(u.cookie, { name: "Pedro", phone: "", address: "  " });
    expect((await row(u.id)).phone).toBeNull();
    expect((await row(u.id)).address).toBeNull();
  });

  it("nombre vacío tras recortar: 'El nombre no puede estar vacío.' y nada cambia", async () => {
    const u = await createUser({ name: "Original" });
    const out = await saveProfile(u.cookie, { name: "   ", phone: "123", address: "" });
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors.name).toBe("El nombre no puede estar vacío.");
    expect(out.data.values).toEqual({ name: "   ", phone: "123", address: "", rut: "" });
    expect((await row(u.id)).name).toBe("Original");
    expect((await row(u.id)).phone).toBeNull();
  });

  it("largos máximos con mensajes en español", async () => {
    const u = await createUser();
    const out = await saveProfile(u.cookie, { name: "n".repeat(121), phone: "1".repeat(31), address: "d".repeat(201) });
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors).toEqual({
      name: "El nombre no puede tener más de 120 caracteres.",
      phone: "El teléfono no puede tener más de 30 caracteres.",
      address: "La dirección no puede tener más de 200 caracteres.",
    });
    expect((await saveProfile(u.cookie, { name: "n".repeat(120), phone: "1".repeat(30), address: "d".repeat(200) })).status).toBe(200);
  });

  it("un campo role=admin, email o id en el formulario no cambia el rol, el correo ni a otra persona", async () => {
    const u = await createUser({ name: "Alumna" });
    const other = await createUser({ name: "Otra Persona" });
    const out = await saveProfile(u.cookie, { name: "Alumna 2", role: "admin", email: "nuevo@academia.test", id: other.id, userId: other.id });
    expect(out.status).toBe(200);
    const mine = await row(u.id);
    expect(mine.role).toBe("user");
    expect(mine.email).toBe(u.email);
    expect(mine.name).toBe("Alumna 2");
    expect((await row(other.id)).name).toBe("Otra Persona");
  });

  it("Better Auth no ofrece por HTTP cambiar el rol (admin/set-role) ni el usuario (update-user)", async () => {
    const u = await createUser();
    const setRole = await call(apiAction, apiRequest("/admin/set-role", { userId: u.id, role: "admin" }, { cookie: u.cookie }));
    expect(setRole.status).toBeGreaterThanOrEqual(400);
    const update = await call(apiAction, apiRequest("/update-user", { name: "x".repeat(5000) }, { cookie: u.cookie }));
    expect(update.status).toBeGreaterThanOrEqual(400);
    const r = await row(u.id);
    expect(r.role).toBe("user");
    expect(r.name).not.toBe("x".repeat(5000));
  });

  it("el permiso de novedades se da y se retira en el perfil, con la fecha de cada cambio; solo el de la propia cuenta", async () => {
    const u = await createUser();
    const other = await createUser();
    expect((await call(loader, getRequest("/perfil", u.cookie))).data.marketing).toEqual({ given: false, at: null });
    freezeClock(new Date("2026-12-03T12:00:00Z"));
    try {
      const given = await call(action, formRequest("/perfil", { intent: "marketing", marketing: "on", userId: other.id }, { cookie: u.cookie }));
      expect(given.data.success).toBe("Listo: te enviaremos novedades y ofertas por correo.");
      expect((await call(loader, getRequest("/perfil", u.cookie))).data.marketing).toEqual({ given: true, at: "2026-12-03T12:00:00.000Z" });
      expect([(await row(other.id)).marketingConsent, (await row(other.id)).marketingConsentAt]).toEqual([false, null]);

      // Saving the same choice again keeps when it was given.
      freezeClock(new Date("2026-12-04T12:00:00Z"));
      await call(action, formRequest("/perfil", { intent: "marketing", marketing: "on" }, { cookie: u.cookie }));
      expect((await row(u.id)).marketingConsentAt).toEqual(new Date("2026-12-03T12:00:00Z"));

      // Unticked: withdrawn, with its own time.
      freezeClock(new Date("2026-12-05T12:00:00Z"));
      const withdrawn = await call(action, formRequest("/perfil", { intent: "marketing" }, { cookie: u.cookie }));
      expect(withdrawn.data.success).toBe("Listo: no te enviaremos novedades ni ofertas por correo.");
      const r = await row(u.id);
      expect([r.marketingConsent, r.marketingConsentAt]).toEqual([false, new Date("2026-12-05T12:00:00Z")]);
      // Every change, and only the changes, is in the history; the history cannot be rewritten.
      const history = await db().select().from(marketingConsentEvent).where(eq(marketingConsentEvent.userId, u.id)).orderBy(asc(marketingConsentEvent.at));
      expect(history.map((h) => [h.given, h.source, h.at])).toEqual([
        [true, "perfil", new Date("2026-12-03T12:00:00Z")],
        [false, "perfil", new Date("2026-12-05T12:00:00Z")],
      ]);
      expect(await db().select().from(marketingConsentEvent).where(eq(marketingConsentEvent.userId, other.id))).toEqual([]);
      await expect(db().update(marketingConsentEvent).set({ given: true }).where(eq(marketingConsentEvent.id, history[1]!.id))).rejects.toThrow();
    } finally {
      resetClock();
    }
  });

  it("una intención desconocida responde 400", async () => {
    const u = await createUser();
    expect((await call(action, formRequest("/perfil", { intent: "borrar" }, { cookie: u.cookie }))).status).toBe(400);
  });
});

describe("cambiar contraseña desde el perfil (B6)", () => {
  const change = (cookie: string, fields: Record<string, string>) =>
    call(action, formRequest("/perfil", { intent: "password", ...fields }, { cookie }));

  it("valida los campos", async () => {
    const u = await createUser();
    expect((await change(u.cookie, { currentPassword: "", newPassword: "", confirmNewPassword: "" })).data.formError).toBe(
      "Por favor, completa todos los campos.",
    );
    expect((await change(u.cookie, { currentPassword: u.password, newPassword: "corta", confirmNewPassword: "corta" })).data.fieldErrors.newPassword).toBe(
      "La contraseña debe tener al menos 6 caracteres.",
    );
    expect(
      (await change(u.cookie, { currentPassword: u.password, newPassword: "nueva-123", confirmNewPassword: "nueva-124" })).data.fieldErrors.confirmNewPassword,
    ).toBe("Las contraseñas no coinciden.");
  });

  it("contraseña actual equivocada: 'La contraseña actual es incorrecta.'", async () => {
    const u = await createUser();
    const out = await change(u.cookie, { currentPassword: "no-es-esta", newPassword: "nueva-123", confirmNewPassword: "nueva-123" });
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors.currentPassword).toBe("La contraseña actual es incorrecta.");
    expect((await call(loginAction, formRequest("/login", { email: u.email, password: u.password }))).status).toBe(302);
  });

  it("cambia la contraseña, mantiene esta sesión y cierra las demás", async () => {
    const u = await createUser();
    const second = await call(loginAction, formRequest("/login", { email: u.email, password: u.password }));
    const otherCookie = nextCookie("", second.headers);
    expect(await getUser(getRequest("/", otherCookie))).not.toBeNull();

    const out = await change(u.cookie, { currentPassword: u.password, newPassword: "nueva-clave-7", confirmNewPassword: "nueva-clave-7" });
    expect(out.status).toBe(200);
    expect(out.data.success).toMatch(/^Contraseña actualizada correctamente/);
    const current = nextCookie(u.cookie, out.headers);
    expect(await getUser(getRequest("/", current))).toMatchObject({ id: u.id });
    expect(await getUser(getRequest("/", otherCookie))).toBeNull();
    expect((await call(loginAction, formRequest("/login", { email: u.email, password: "nueva-clave-7" }))).status).toBe(302);
    expect((await call(loginAction, formRequest("/login", { email: u.email, password: u.password }))).status).toBe(401);
  });

  it("sin sesión redirige a /login", async () => {
    const out = await call(action, formRequest("/perfil", { intent: "password", currentPassword: "a", newPassword: "bbbbbb", confirmNewPassword: "bbbbbb" }));
    expect(out.status).toBe(302);
  });
});

describe("cerrar sesión (/logout)", () => {
  it("termina la sesión en la base de datos y lleva a /", async () => {
    const u = await createUser();
    const out = await call(logoutAction, formRequest("/logout", {}, { cookie: u.cookie }));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    expect(out.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=;/);
    // Even a browser that kept the old cookie is signed out.
    expect(await getUser(getRequest("/", u.cookie))).toBeNull();
  });

  it("sin sesión también lleva a /", async () => {
    const out = await call(logoutAction, formRequest("/logout", {}));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
  });
});
