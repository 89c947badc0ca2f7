import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { session, user } from "~/server/platform/db/schema";
import { action, loader } from "~/routes/admin/usuarios";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";

async function row(id: string) {
  const [r] = await db().select().from(user).where(eq(user.id, id));
  return r!;
}

describe("/admin/usuarios", () => {
  it("solo un administrador ve la lista; anónimos van a /login y usuarios a /dashboard", async () => {
    const learner = await createUser();
    const anon = await call(loader, getRequest("/admin/usuarios"));
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/login/);
    const asLearner = await call(loader, getRequest("/admin/usuarios", learner.cookie));
    expect(asLearner.location).toBe("/dashboard");
  });

  it("busca por nombre (inicio de palabra, sin distinguir mayúsculas) o por el inicio del correo, y pagina de 25 en 25", async () => {
    const admin = await createUser({ role: "admin" });
    const tag = Math.random().toString(36).slice(2, 7);
    await createUser({ name: `Josefina Búsqueda${tag}`, email: `jofi.${tag}@empresa.cl` });
    await createUser({ name: `Pedro Otro${tag}`, email: `pedro.${tag}@empresa.cl` });
    let r = await call(loader, getRequest(`/admin/usuarios?q=búsqueda${tag.toUpperCase()}`, admin.cookie));
    expect(r.data.users.map((u: { email: string }) => u.email)).toEqual([`jofi.${tag}@empresa.cl`]);
    r = await call(loader, getRequest(`/admin/usuarios?q=${encodeURIComponent(`JOSEF búsq`)}`, admin.cookie));
    expect(r.data.users.map((u: { email: string }) => u.email)).toContain(`jofi.${tag}@empresa.cl`);
    r = await call(loader, getRequest(`/admin/usuarios?q=PEDRO.${tag}@`, admin.cookie));
    expect(r.data.users.map((u: { email: string }) => u.email)).toEqual([`pedro.${tag}@empresa.cl`]);
    r = await call(loader, getRequest(`/admin/usuarios?q=${encodeURIComponent("%")}`, admin.cookie));
    expect(r.data.users).toEqual([]);

    for (let i = 0; i < 26; i++) await createUser({ name: `Paginado${tag} ${i}` });
    const p1 = await call(loader, getRequest(`/admin/usuarios?q=paginado${tag}`, admin.cookie));
    expect(p1.data.users).toHaveLength(25);
    expect(p1.data.hasNext).toBe(true);
    const p2 = await call(loader, getRequest(`/admin/usuarios?q=paginado${tag}&pagina=2`, admin.cookie));
    expect(p2.data.users).toHaveLength(1);
    expect(p2.data.hasNext).toBe(false);
    expect(p2.data.page).toBe(2);
  });

  it("un término muy común (más de 1000 coincidencias) también pagina, en orden de registro", async () => {
    const admin = await createUser({ role: "admin" });
    const tag = `comun${Math.random().toString(36).slice(2, 7)}`;
    await db().execute(sql`insert into "user" (id, name, email, created_at)
      select ${tag} || '-' || g, 'Persona ' || ${tag} || ' ' || g, ${tag} || g || '@academia.test', now() - make_interval(secs => g)
      from generate_series(1, 1030) g`);
    const p1 = await call(loader, getRequest(`/admin/usuarios?q=${tag}`, admin.cookie));
    expect(p1.data.users.map((u: { name: string }) => u.name)).toEqual(Array.from({ length: 25 }, (_, i) => `Persona ${tag} ${i + 1}`));
    expect(p1.data.hasNext).toBe(true);
    const last = await call(loader, getRequest(`/admin/usuarios?q=${tag}&pagina=42`, admin.cookie));
    expect(last.data.users.map((u: { name: string }) => u.name)).toEqual(Array.from({ length: 5 }, (_, i) => `Persona ${tag} ${1026 + i}`));
    expect(last.data.hasNext).toBe(false);
  });

  it("cambia el rol user ↔ admin", async () => {
    const admin = await createUser({ role: "admin" });
    const target = await createUser();
    const up = await call(action, formRequest("/admin/usuarios", { intent: "set-role", userId: target.id, role: "admin" }, { cookie: admin.cookie }));
    expect(up.status).toBe(200);
    expect((await row(target.id)).role).toBe("admin");
    const down = await call(action, formRequest("/admin/usuarios", { intent: "set-role", userId: target.id, role: "user" }, { cookie: admin.cookie }));
    expect(down.data.ok).toBe(true);
    expect((await row(target.id)).role).toBe("user");
  });

  it("deshabilitar cierra todas las sesiones de la persona; habilitar la reactiva", async () => {
    const admin = await createUser({ role: "admin" });
    const target = await createUser();
    expect((await db().select().from(session).where(eq(session.userId, target.id))).length).toBeGreaterThan(0);
    const r = await call(action, formRequest("/admin/usuarios", { intent: "set-banned", userId: target.id, banned: "true" }, { cookie: admin.cookie }));
    expect(r.data).toMatchObject({ ok: true });
    expect((await row(target.id)).banned).toBe(true);
    expect(await db().select().from(session).where(eq(session.userId, target.id))).toHaveLength(0);
    // Their old cookie no longer opens anything.
    const withOldCookie = await call(loader, getRequest("/admin/usuarios", target.cookie));
    expect(withOldCookie.location).toMatch(/^\/login/);
    await call(action, formRequest("/admin/usuarios", { intent: "set-banned", userId: target.id, banned: "false" }, { cookie: admin.cookie }));
    expect((await row(target.id)).banned).toBe(false);
  });

  it("un administrador no puede quitarse su rol ni deshabilitarse", async () => {
    const admin = await createUser({ role: "admin" });
    const r1 = await call(action, formRequest("/admin/usuarios", { intent: "set-role", userId: admin.id, role: "user" }, { cookie: admin.cookie }));
    expect(r1.status).toBe(400);
    expect(r1.data.message).toBe("No puedes quitarte tu propio rol de administrador.");
    const r2 = await call(action, formRequest("/admin/usuarios", { intent: "set-banned", userId: admin.id, banned: "true" }, { cookie: admin.cookie }));
    expect(r2.data.message).toBe("No puedes deshabilitar tu propia cuenta.");
    const me = await row(admin.id);
    expect(me.role).toBe("admin");
    expect(me.banned).toBe(false);
  });

  it("dos administradores que se quitan el rol a la vez no dejan la academia sin administradores", async () => {
    await db().update(user).set({ role: "user" }).where(eq(user.role, "admin"));
    const a = await createUser({ role: "admin" });
    const b = await createUser({ role: "admin" });
    const results = await Promise.all([
      call(action, formRequest("/admin/usuarios", { intent: "set-role", userId: b.id, role: "user" }, { cookie: a.cookie })),
      call(action, formRequest("/admin/usuarios", { intent: "set-role", userId: a.id, role: "user" }, { cookie: b.cookie })),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const admins = await db().select().from(user).where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("un usuario o un anónimo no pueden cambiar roles ni deshabilitar cuentas", async () => {
    const learner = await createUser();
    const target = await createUser();
    for (const cookie of [learner.cookie, undefined]) {
      const attempts: Record<string, string>[] = [
        { intent: "set-role", userId: learner.id, role: "admin" },
        { intent: "set-role", userId: target.id, role: "admin" },
        { intent: "set-banned", userId: target.id, banned: "true" },
      ];
      for (const fields of attempts) {
        const r = await call(action, formRequest("/admin/usuarios", fields, { cookie }));
        expect(isRefused(r)).toBe(true);
      }
    }
    expect((await row(learner.id)).role).toBe("user");
    expect((await row(target.id)).role).toBe("user");
    expect((await row(target.id)).banned).toBe(false);
  });

  it("una solicitud mal formada recibe 400 y no cambia nada", async () => {
    const admin = await createUser({ role: "admin" });
    const target = await createUser();
    const r = await call(action, formRequest("/admin/usuarios", { intent: "set-role", userId: target.id, role: "superadmin" }, { cookie: admin.cookie }));
    expect(r.status).toBe(400);
    expect((await row(target.id)).role).toBe("user");
  });
});
