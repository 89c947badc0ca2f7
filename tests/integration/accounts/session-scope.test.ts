// The session is looked up once per page request, however many loaders ask (request-scope.server.ts),
// and what is looked up reflects the database at that moment: a ban or a new name shows on the next request.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client.server";
import { user } from "~/server/db/schema";
import { withRequestScope } from "~/server/request-scope.server";
import { getUser } from "~/server/session.server";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";

describe("sesión por solicitud", () => {
  it("los loaders de una misma solicitud GET comparten una sola consulta de la sesión", async () => {
    const u = await createUser();
    // React Router gives each loader its own Request object for the same HTTP request.
    const [a, b] = await withRequestScope(async () => {
      const first = getUser(getRequest("/dashboard", u.cookie));
      const second = getUser(getRequest("/dashboard", u.cookie));
      expect(second).toBe(first);
      return Promise.all([first, second]);
    });
    expect(a).toMatchObject({ id: u.id, role: "user" });
    expect(b).toBe(a);
    // Outside a scope (actions, tests), each Request looks the session up afresh.
    expect(getUser(getRequest("/dashboard", u.cookie))).not.toBe(getUser(getRequest("/dashboard", u.cookie)));
  });

  it("cookies distintas nunca comparten el resultado", async () => {
    const ana = await createUser({ name: "Ana Scope" });
    const bea = await createUser({ name: "Bea Scope" });
    const [first, second, anonymous] = await withRequestScope(() =>
      Promise.all([getUser(getRequest("/", ana.cookie)), getUser(getRequest("/", bea.cookie)), getUser(getRequest("/"))]),
    );
    expect(first?.name).toBe("Ana Scope");
    expect(second?.name).toBe("Bea Scope");
    expect(anonymous).toBeNull();
  });

  it("un cambio de nombre, de rol o una cuenta deshabilitada se ven en la solicitud siguiente", async () => {
    const u = await createUser({ name: "Antes Scope" });
    expect((await withRequestScope(() => getUser(getRequest("/", u.cookie))))?.name).toBe("Antes Scope");
    await db().update(user).set({ name: "Después Scope", role: "admin" }).where(eq(user.id, u.id));
    expect(await withRequestScope(() => getUser(getRequest("/", u.cookie)))).toMatchObject({ name: "Después Scope", role: "admin" });
    await db().update(user).set({ banned: true }).where(eq(user.id, u.id));
    expect(await withRequestScope(() => getUser(getRequest("/", u.cookie)))).toBeNull();
  });
});
