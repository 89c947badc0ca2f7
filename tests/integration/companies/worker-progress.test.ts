// What a manager reads of a worker's progress (docs/decisions.md E4): the portal and its exports say what the
// percentage counts ('1 de 5 módulos · 20 %') with the lessons as the detail, the same numbers the worker's own
// dashboard shows; a worker who has studied a lesson reads "En curso" even before a whole module is done.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as courseRoute from "~/routes/empresa/curso";
import * as downloadRoute from "~/routes/empresa/descarga";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, enrolment, lessonCompletion } from "~/server/platform/db/schema";
import { loadCourseOutline } from "~/server/learning/learning.server";
import { learnerProgress } from "~/domain/progress";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { acceptWithPassword, companyWithManager, enrolRequest, invitationTokenFor, workerFields } from "./support";

let companyId = 0;
let managerCookie = "";
let enrolmentId = 0;

async function complete(lessonIds: number[]) {
  await db().insert(lessonCompletion).values(lessonIds.map((lessonId) => ({ enrolmentId, lessonId }))).onConflictDoNothing();
}

async function portalRow() {
  const res = await call(courseRoute.loader, getRequest(`/empresa/${companyId}/cursos/1`, managerCookie), { companyId: String(companyId), courseId: "1" });
  expect(res.status).toBe(200);
  return res.data.workers[0] as { status: string; progress: string; lessons: string };
}

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  const a = await companyWithManager(admin.cookie, 5);
  companyId = a.companyId;
  managerCookie = a.manager.cookie;
  const w = workerFields();
  expect((await enrolRequest(managerCookie, companyId, w)).status).toBe(200);
  expect((await acceptWithPassword(await invitationTokenFor(w.email))).status).toBe(302);
  const [row] = await db()
    .select({ id: enrolment.id })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, 1)));
  enrolmentId = row!.id;
});

describe("avance de un trabajador en el portal de la empresa", () => {
  it("sin lecciones: 0 de N módulos, sin iniciar", async () => {
    const outline = (await loadCourseOutline(1))!;
    const expected = learnerProgress(outline.modules, new Set(), null);
    const row = await portalRow();
    expect(row.status).toBe("Sin iniciar");
    expect(row.progress).toBe(`0 de ${expected.modulesTotal} módulos · 0 %`);
    expect(row.lessons).toBe(`0 de ${expected.lessonsTotal} lecciones`);
  });

  it("una lección estudiada: en curso aunque ningún módulo esté completo; un módulo entero mueve el porcentaje", async () => {
    const outline = (await loadCourseOutline(1))!;
    const published = (m: (typeof outline.modules)[number]) => m.lessons.filter((l) => l.status === "published").map((l) => l.id);
    const first = outline.modules.find((m) => published(m).length > 1)!;
    await complete(published(first).slice(0, 1));
    let row = await portalRow();
    expect(row.status).toBe("En curso");
    expect(row.progress).toMatch(/^0 de \d+ módulos · 0 %$/);
    expect(row.lessons).toMatch(/^1 de \d+ lecciones$/);

    await complete(published(first));
    const done = new Set(published(first));
    const expected = learnerProgress(outline.modules, done, null);
    expect(expected.modulesDone).toBe(1);
    row = await portalRow();
    expect(row.progress).toBe(`1 de ${expected.modulesTotal} módulos · ${expected.percent} %`);
    expect(row.lessons).toBe(`${done.size} de ${expected.lessonsTotal} lecciones`);

    // The export says the same thing, in its own columns.
    const csv = await call(downloadRoute.loader, getRequest(`/empresa/${companyId}/cursos/1/descargas/trabajadores.csv`, managerCookie), {
      companyId: String(companyId),
      courseId: "1",
      file: "trabajadores.csv",
    });
    expect(csv.status).toBe(200);
    const text = await (csv.response as Response).text();
    const [header, line] = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(header).toContain("Avance (%);Módulos completados;Lecciones completadas;Tiempo de estudio");
    expect(line).toContain(`;En curso;${expected.percent};1 de ${expected.modulesTotal};${done.size} de ${expected.lessonsTotal} lecciones;`);
  });
});
