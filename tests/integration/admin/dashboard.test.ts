import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { course, courseModule, enrolment, lesson, lessonCompletion, user } from "~/server/platform/db/schema";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as adminLoader } from "~/routes/admin/index";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";
import { createCourse, enrol, issueCertificate } from "./factories";

describe("dashboard", () => {
  it("anónimo va a /login; un usuario no entra a /admin", async () => {
    const learner = await createUser();
    expect((await call(dashboardLoader, getRequest("/dashboard"))).location).toBe("/login?redirectTo=%2Fdashboard");
    expect((await call(adminLoader, getRequest("/admin", learner.cookie))).location).toBe("/dashboard");
    expect(isRefused(await call(adminLoader, getRequest("/admin")))).toBe(true);
  });

  it("usuario: sus cursos publicados con progreso, módulos y lecciones, y estadísticas con porcentajes", async () => {
    const learner = await createUser({ name: "Carla" });
    const done = await createCourse({ title: "Terminado", modules: 2, lessonsPerModule: 3, imageUrl: "/images/cursos/a.svg" });
    const half = await createCourse({ title: "A medias", modules: 5, lessonsPerModule: 1, imageUrl: "https://cdn.example.cl/b.png" });
    const fresh = await createCourse({ title: "Sin empezar", modules: 0 });
    const draft = await createCourse({ title: "Borrador", status: "draft" });
    const e = await enrol(learner.id, done.id, { progress: 100, completedAt: new Date() });
    const cert = await issueCertificate(e.id);
    // Progress is read live from the completions (2 of 5 modules), whatever the stored figure says.
    const halfEnrolment = await enrol(learner.id, half.id, { progress: 90 });
    const halfLessons = await db()
      .select({ id: lesson.id })
      .from(lesson)
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .where(eq(courseModule.courseId, half.id))
      .orderBy(courseModule.position);
    await db().insert(lessonCompletion).values(halfLessons.slice(0, 2).map((l) => ({ enrolmentId: halfEnrolment.id, lessonId: l.id })));
    await enrol(learner.id, fresh.id);
    await enrol(learner.id, draft.id);

    const r = await call(dashboardLoader, getRequest("/dashboard", learner.cookie));
    expect(r.data.userName).toBe("Carla");
    expect(r.data.isAdminView).toBe(false);
    expect(r.data.loadError).toBe(false);
    expect(r.data.adminCounts).toBeNull();
    expect(r.data.stats).toEqual({
      enrolledCourses: 3,
      completedCourses: 1,
      inProgressCourses: 2,
      certificates: 1,
      completedPercent: 33,
      inProgressPercent: 67,
      // The in-progress bar draws the mean progress of those two courses (40 % and 0 %), not their share.
      inProgressAverage: 20,
    });
    const byTitle = Object.fromEntries(r.data.courses.map((c: { title: string }) => [c.title, c]));
    expect(Object.keys(byTitle).sort()).toEqual(["A medias", "Sin empezar", "Terminado"]);
    expect(byTitle.Terminado).toMatchObject({ modules: 2, lessons: 6, progress: 100, completed: true, imageUrl: "http://localhost:3000/images/cursos/a.svg" });
    expect(byTitle.Terminado.certificate.pdfPath).toContain(`/certificados/`);
    expect(byTitle.Terminado.certificate.pdfPath.replace(/-/g, "")).toContain(cert.code.replace(/-/g, ""));
    expect(byTitle["A medias"]).toMatchObject({
      progress: 40,
      // The percentage counts modules, and says which (docs/decisions.md E4).
      modulesDone: 2,
      modulesTotal: 5,
      lessonsDone: 2,
      lessonsTotal: 5,
      next: { id: halfLessons[2]!.id, title: "Lección 3.1" },
      completed: false,
      certificate: null,
      imageUrl: "https://cdn.example.cl/b.png",
    });
    expect(byTitle["Sin empezar"]).toMatchObject({ modules: 0, lessons: 0, progress: 0, imageUrl: null });
  });

  it("usuario sin cursos: listas vacías y porcentajes en 0", async () => {
    const learner = await createUser();
    const r = await call(dashboardLoader, getRequest("/dashboard", learner.cookie));
    expect(r.data.courses).toEqual([]);
    expect(r.data.stats).toMatchObject({ enrolledCourses: 0, completedPercent: 0, inProgressPercent: 0 });
  });

  it("administrador: todos los cursos (también borradores) con estudiantes y certificados reales, y los contadores del panel", async () => {
    const admin = await createUser({ role: "admin" });
    const a = await createUser();
    const b = await createUser();
    const c = await createCourse({ title: "Con alumnos" });
    const draft = await createCourse({ title: "Borrador admin", status: "draft" });
    const e = await enrol(a.id, c.id, { progress: 100, completedAt: new Date() });
    await issueCertificate(e.id);
    await enrol(b.id, c.id, { progress: 10 });

    const r = await call(adminLoader, getRequest("/admin", admin.cookie));
    expect(r.data.isAdminView).toBe(true);
    const byId = new Map(r.data.courses.map((x: { courseId: number }) => [x.courseId, x]));
    expect(byId.get(c.id)).toMatchObject({ students: 2, certificates: 1, status: "published", progress: 0 });
    expect(byId.get(draft.id)).toMatchObject({ students: 0, certificates: 0, status: "draft" });
    const [users] = await db().select({ n: sql<number>`count(*)::int` }).from(user);
    const [enrolments] = await db().select({ n: sql<number>`count(*)::int` }).from(enrolment);
    const [published] = await db().select({ n: sql<number>`count(*)::int` }).from(course).where(eq(course.status, "published"));
    expect(r.data.adminCounts).toEqual({ users: users!.n, publishedCourses: published!.n, enrolments: enrolments!.n });

    const same = await call(dashboardLoader, getRequest("/dashboard", admin.cookie));
    expect(same.data.isAdminView).toBe(true);
    expect(same.data.courses.length).toBe(r.data.courses.length);
  });

  it("un fallo al cargar muestra la alerta del spec con listas vacías en vez de un error", async () => {
    const learner = await createUser();
    await enrol(learner.id, (await createCourse()).id);
    // Make one of the dashboard's queries fail for real.
    await db().execute(sql`alter table ${courseModule} rename to module_tmp`);
    try {
      const r = await call(dashboardLoader, getRequest("/dashboard", learner.cookie));
      expect(r.status).toBe(200);
      expect(r.data.loadError).toBe(true);
      expect(r.data.courses).toEqual([]);
      expect(r.data.stats.enrolledCourses).toBe(0);
    } finally {
      await db().execute(sql`alter table module_tmp rename to module`);
    }
  });
});
