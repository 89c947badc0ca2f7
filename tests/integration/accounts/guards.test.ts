import { describe, expect, it } from "vitest";
import { loader as signedInLayout } from "~/routes/signed-in-layout";
import { loader as adminLayout } from "~/routes/admin/admin-layout";
import { requireAdmin, requireUser } from "~/server/accounts/session.server";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { callAndRead as call } from "../support/call";

describe("guardias en el servidor (A2, A3)", () => {
  it.each(["/dashboard", "/perfil"])("%s sin sesión → 302 /login?redirectTo=…", async (path) => {
    const out = await call(signedInLayout, getRequest(path));
    expect(out.status).toBe(302);
    expect(out.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each(["/dashboard", "/perfil"])("%s con sesión se muestra", async (path) => {
    const u = await createUser();
    expect((await call(signedInLayout, getRequest(path, u.cookie))).status).toBe(200);
  });

  const adminPaths = ["/admin", "/admin/usuarios", "/admin/inscripciones", "/admin/cursos", "/admin/cursos/nuevo", "/admin/cursos/1", "/admin/mensajes", "/admin/inscripciones.csv", "/admin/otra-cosa"];

  it.each(adminPaths)("%s: anónimo → /login, usuario → /dashboard, admin pasa", async (path) => {
    const anonymous = await call(adminLayout, getRequest(path));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const learner = await createUser();
    const asUser = await call(adminLayout, getRequest(path, learner.cookie));
    expect(asUser.status).toBe(302);
    expect(asUser.location).toBe("/dashboard");
    const admin = await createUser({ role: "admin" });
    expect((await call(adminLayout, getRequest(path, admin.cookie))).status).toBe(200);
  });

  it("una cookie inventada o alterada cuenta como anónima", async () => {
    const u = await createUser();
    const forged = u.cookie.replace(/session_token=([^;.]+)/, "session_token=AAAA$1");
    await expect(requireUser(getRequest("/perfil", forged))).rejects.toMatchObject({ status: 302 });
    await expect(requireUser(getRequest("/perfil", "better-auth.session_token=inventada.firma"))).rejects.toMatchObject({ status: 302 });
  });

  it("requireAdmin lee el rol de la base de datos en cada solicitud", async () => {
    const admin = await createUser({ role: "admin" });
    expect((await requireAdmin(getRequest("/admin", admin.cookie))).role).toBe("admin");
  });
});
