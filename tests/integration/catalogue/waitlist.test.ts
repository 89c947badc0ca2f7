// A course's waiting list (docs/decisions.md D, docs/admin-guide.md): exported, and told once when the course opens —
// every address exactly once, even with two admins pressing "Avisar" together; the mails leave through the outbox.
import { describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import * as salesPage from "~/routes/admin/ventas";
import * as csvRoute from "~/routes/admin/lista-espera-csv";
import { db } from "~/server/platform/db/client.server";
import { courseWaitlist, lesson, outbox } from "~/server/platform/db/schema";
import { joinWaitlist } from "~/server/catalogue/waitlist.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { createCourse } from "../admin/factories";
import { decodedSubject, deliveredMails } from "../tax-documents/support";

const announce = (cookie: string | undefined, courseId: number) =>
  call(salesPage.action, formRequest("/admin/ventas", { intent: "announce-waitlist", courseId: String(courseId) }, { cookie }));

/** A published course whose only lesson is still a draft ("Próximamente"), with `n` addresses on its list. */
async function soonCourse(n: number) {
  const c = await createCourse({ title: `Curso próximo ${Math.random().toString(36).slice(2, 7)}` });
  await db().update(lesson).set({ status: "draft" }).where(lessonsOf(c.id));
  const emails = Array.from({ length: n }, (_, i) => `espera-${c.id}-${i}@example.cl`);
  for (const email of emails) expect(await joinWaitlist({ courseId: c.id, email, userId: null, ip: null })).toBe("joined");
  return { course: c, emails };
}

async function openCourse(courseId: number) {
  await db().update(lesson).set({ status: "published" }).where(lessonsOf(courseId));
}

const lessonsOf = (courseId: number) => sql`${lesson.moduleId} in (select id from module where course_id = ${courseId})`;
const queued = async () => (await db().select().from(outbox).where(eq(outbox.kind, "waitlistOpened"))).length;

describe("lista de espera", () => {
  it("no avisa mientras el curso no abre; al abrir avisa a cada uno una vez y el correo lleva al curso", async () => {
    const admin = await createUser({ role: "admin" });
    const { course, emails } = await soonCourse(3);
    const before = await queued();
    expect(await announce(admin.cookie, course.id)).toMatchObject({ status: 409, data: { ok: false, message: "El curso aún no está abierto: publícalo con al menos una lección antes de avisar." } });
    const page = await call(salesPage.loader, getRequest("/admin/ventas", admin.cookie));
    expect(page.data.waitlist.totals.find((t: { courseId: number }) => t.courseId === course.id)).toMatchObject({ n: 3, waiting: 3, open: false });

    await openCourse(course.id);
    expect(await announce(admin.cookie, course.id)).toMatchObject({ status: 200, data: { ok: true, message: "Avisamos a 3 personas: los correos salen en unos momentos." } });
    expect(await db().select().from(courseWaitlist).where(and(eq(courseWaitlist.courseId, course.id), isNull(courseWaitlist.notifiedAt)))).toHaveLength(0);
    // Pressed again: nobody is left, and nothing more is queued.
    expect(await announce(admin.cookie, course.id)).toMatchObject({ status: 409, data: { message: "No queda nadie por avisar en la lista de este curso." } });
    expect((await queued()) - before).toBe(3);

    await runDueJobs();
    for (const email of emails) {
      const mails = deliveredMails(email);
      expect(mails).toHaveLength(1);
      expect(await decodedSubject(mails[0]!)).toBe(`Ya está disponible: ${course.title}`);
      expect(mails[0]).toContain(`/cursos/${course.id}`);
    }
  });

  it("dos administradores a la vez: cada dirección recibe un solo aviso", async () => {
    const admin = await createUser({ role: "admin" });
    const other = await createUser({ role: "admin" });
    const { course } = await soonCourse(4);
    await openCourse(course.id);
    const before = await queued();
    const results = await Promise.all([announce(admin.cookie, course.id), announce(other.cookie, course.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await queued()) - before).toBe(4);
  });

  it("se descarga en CSV (todas o un curso), con la fecha en que se avisó", async () => {
    const admin = await createUser({ role: "admin" });
    const { course, emails } = await soonCourse(2);
    const res = await call(csvRoute.loader, getRequest(`/admin/lista-de-espera.csv?curso=${course.id}`, admin.cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const text = await res.response!.text();
    expect(text.split("\n")[0]).toContain("Correo;Curso;Anotado el;Avisado el");
    for (const email of emails) expect(text).toContain(email);
    expect(text.trim().split("\n")).toHaveLength(3);
  });

  it("un alumno o un anónimo no descargan ni avisan", async () => {
    const learner = await createUser();
    const { course } = await soonCourse(1);
    await openCourse(course.id);
    for (const cookie of [learner.cookie, undefined]) {
      expect(isRefused(await announce(cookie, course.id))).toBe(true);
      expect(isRefused(await call(csvRoute.loader, getRequest("/admin/lista-de-espera.csv", cookie)))).toBe(true);
    }
    expect(await db().select().from(courseWaitlist).where(and(eq(courseWaitlist.courseId, course.id), isNull(courseWaitlist.notifiedAt)))).toHaveLength(1);
  });
});
