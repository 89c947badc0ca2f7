import { beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { course, enrolment } from "~/server/platform/db/schema";
import * as enrolRoute from "~/routes/curso-inscribir";
import { getEnrolStates } from "~/server/learning/enrolments.server";
import { getUser } from "~/server/accounts/session.server";
import { enrolReturnPath } from "~/ui/course/enrol-button";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { useFixtureCatalogue } from "./fixture-catalogue";

useFixtureCatalogue();
// The spec's immediate enrolment is for a free course (docs/decisions.md E1); priced ones go through checkout (tests/integration/commerce).
beforeAll(async () => {
  await db().update(course).set({ priceClp: 0 }).where(eq(course.id, 1));
});

const post = (courseId: string, cookie?: string, fields: Record<string, string> = {}) =>
  call(enrolRoute.action, formRequest(`/cursos/${courseId}/inscribir`, fields, { cookie }), { id: courseId });

async function enrolmentCount(userId: string, courseId?: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(enrolment)
    .where(courseId ? and(eq(enrolment.userId, userId), eq(enrolment.courseId, courseId)) : eq(enrolment.userId, userId));
  return row!.n;
}

describe("inscripción (POST /cursos/:id/inscribir)", () => {
  it("un visitante anónimo va al detalle del curso y no se inscribe nada", async () => {
    const res = await post("1");
    expect(res).toMatchObject({ status: 302, location: "/cursos/1" });
    expect((await db().select({ n: count() }).from(enrolment))[0]!.n).toBe(0);
  });

  it("un usuario se inscribe y va a /cursos/1/contenido", async () => {
    const u = await createUser();
    const res = await post("1", u.cookie, { volver: "/cursos/1" });
    expect(res).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(await enrolmentCount(u.id, 1)).toBe(1);
    const [row] = await db().select().from(enrolment).where(eq(enrolment.userId, u.id));
    expect(row).toMatchObject({ progress: 0, completedAt: null });
  });

  it("inscribirse dos veces, incluso al mismo tiempo, deja una sola inscripción", async () => {
    const u = await createUser();
    const results = await Promise.all(Array.from({ length: 8 }, () => post("1", u.cookie)));
    for (const r of results) expect(r).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(await enrolmentCount(u.id, 1)).toBe(1);
    expect(await post("1", u.cookie)).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(await enrolmentCount(u.id, 1)).toBe(1);
  });

  it("solo los cursos publicados admiten inscripción: borrador, inexistente o id no numérico", async () => {
    const u = await createUser();
    expect(await post("3", u.cookie)).toMatchObject({ status: 302, location: "/cursos/3" });
    expect(await post("999", u.cookie)).toMatchObject({ status: 302, location: "/cursos/999" });
    expect(await post("abc", u.cookie)).toMatchObject({ status: 302, location: "/cursos" });
    expect(await post("1e3", u.cookie)).toMatchObject({ status: 302, location: "/cursos" });
    expect(await enrolmentCount(u.id)).toBe(0);
  });

  it("un administrador accede sin inscribirse", async () => {
    const admin = await createUser({ role: "admin" });
    expect(await post("1", admin.cookie)).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(await enrolmentCount(admin.id)).toBe(0);
  });

  it("GET /cursos/1/inscribir no inscribe: vuelve al detalle", async () => {
    const u = await createUser();
    const res = await call(enrolRoute.loader, getRequest("/cursos/1/inscribir", u.cookie), { id: "1" });
    expect(res).toMatchObject({ status: 302, location: "/cursos/1" });
    expect(await enrolmentCount(u.id)).toBe(0);
  });

  it("la vuelta tras un error solo acepta rutas locales", () => {
    expect(enrolReturnPath("/cursos?categoria=Salud", 1)).toBe("/cursos?categoria=Salud");
    expect(enrolReturnPath("https://malo.example", 1)).toBe("/cursos/1");
    expect(enrolReturnPath("//malo.example", 1)).toBe("/cursos/1");
    expect(enrolReturnPath("/\\malo.example", 1)).toBe("/cursos/1");
    expect(enrolReturnPath(null, 2)).toBe("/cursos/2");
  });
});

describe("estado del botón (getEnrolStates)", () => {
  it("anónimo, usuario, inscrito y administrador", async () => {
    const u = await createUser();
    const admin = await createUser({ role: "admin" });
    await post("1", u.cookie);
    // Course 2 of the fixture has no published lesson yet: 'soon' (leave an e-mail), for everyone but an admin.
    expect([...(await getEnrolStates(null, [1, 2])).values()]).toEqual(["anonymous", "soon"]);
    const user = await getUser(getRequest("/", u.cookie));
    expect(Object.fromEntries(await getEnrolStates(user, [1, 2]))).toEqual({ 1: "enrolled", 2: "soon" });
    const adminUser = await getUser(getRequest("/", admin.cookie));
    expect(Object.fromEntries(await getEnrolStates(adminUser, [1, 2]))).toEqual({ 1: "admin", 2: "admin" });
  });
});
