import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { certificate, enrolment } from "~/server/platform/db/schema";
import { action, loader } from "~/routes/admin/inscripciones";
import { loader as csvLoader } from "~/routes/admin/inscripciones-csv";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";
import { createCourse, enrol, issueCertificate } from "./factories";

async function countEnrolments() {
  const [r] = await db().select({ n: sql<number>`count(*)::int` }).from(enrolment);
  return r!.n;
}

describe("/admin/inscripciones", () => {
  it("lista con curso, persona, fecha, progreso, estado y certificado; filtra por curso y estado; pagina", async () => {
    const admin = await createUser({ role: "admin" });
    const a = await createUser({ name: "Ana Filtro" });
    const b = await createUser({ name: "Bruno Filtro" });
    const c1 = await createCourse({ title: "Curso Filtro Uno" });
    const c2 = await createCourse({ title: "Curso Filtro Dos" });
    const done = await enrol(a.id, c1.id, { progress: 100, completedAt: new Date() });
    const cert = await issueCertificate(done.id);
    await enrol(b.id, c1.id, { progress: 40 });
    await enrol(a.id, c2.id, { progress: 0 });

    const byCourse = await call(loader, getRequest(`/admin/inscripciones?curso=${c1.id}`, admin.cookie));
    expect(byCourse.data.enrolments).toHaveLength(2);
    const row = byCourse.data.enrolments.find((e: { userName: string }) => e.userName === "Ana Filtro");
    expect(row).toMatchObject({ courseTitle: "Curso Filtro Uno", userEmail: a.email, progress: 100, completed: true });
    expect(row.certificateCode.replace(/-/g, "")).toBe(cert.code.replace(/-/g, ""));

    const completed = await call(loader, getRequest(`/admin/inscripciones?curso=${c1.id}&estado=completado`, admin.cookie));
    expect(completed.data.enrolments.map((e: { userName: string }) => e.userName)).toEqual(["Ana Filtro"]);
    const inProgress = await call(loader, getRequest(`/admin/inscripciones?curso=${c1.id}&estado=en-progreso`, admin.cookie));
    expect(inProgress.data.enrolments.map((e: { userName: string }) => e.userName)).toEqual(["Bruno Filtro"]);
    // Unknown filter values are ignored rather than failing.
    const lenient = await call(loader, getRequest(`/admin/inscripciones?curso=abc&estado=x&pagina=-3`, admin.cookie));
    expect(lenient.status).toBe(200);
    expect(lenient.data.page).toBe(1);

    const c3 = await createCourse();
    for (let i = 0; i < 26; i++) {
      const u = await db().execute(sql`insert into "user" (id, name, email) values (${`pag-${i}-${c3.id}`}, ${`Paginada ${i}`}, ${`pag${i}.${c3.id}@academia.test`})`);
      void u;
      await enrol(`pag-${i}-${c3.id}`, c3.id);
    }
    const p1 = await call(loader, getRequest(`/admin/inscripciones?curso=${c3.id}`, admin.cookie));
    expect(p1.data.enrolments).toHaveLength(25);
    expect(p1.data.hasNext).toBe(true);
    const p2 = await call(loader, getRequest(`/admin/inscripciones?curso=${c3.id}&pagina=2`, admin.cookie));
    expect(p2.data.enrolments).toHaveLength(1);
    expect(p2.data.hasNext).toBe(false);
  });

  it("inscribe por correo; es idempotente; correo desconocido o inválido recibe un mensaje y conserva lo escrito", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const c = await createCourse({ title: "Curso Inscribir" });
    const ok = await call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: learner.email.toUpperCase(), courseId: String(c.id) }, { cookie: admin.cookie }));
    expect(ok.status).toBe(200);
    expect(ok.data.message).toContain("Se inscribió a");
    const again = await call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: learner.email, courseId: String(c.id) }, { cookie: admin.cookie }));
    expect(again.data.ok).toBe(true);
    expect(again.data.message).toContain("ya está inscrito");
    const rows = await db().select().from(enrolment).where(and(eq(enrolment.userId, learner.id), eq(enrolment.courseId, c.id)));
    expect(rows).toHaveLength(1);

    const unknown = await call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: "nadie@academia.test", courseId: String(c.id) }, { cookie: admin.cookie }));
    expect(unknown.status).toBe(400);
    expect(unknown.data.fieldErrors.email).toBe("No existe una cuenta con este correo electrónico.");
    expect(unknown.data.values.email).toBe("nadie@academia.test");

    const invalid = await call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: "no-es-correo", courseId: "" }, { cookie: admin.cookie }));
    expect(invalid.status).toBe(400);
    expect(invalid.data.fieldErrors).toEqual({ email: "El correo electrónico no es válido.", courseId: "Elige un curso." });
    expect(invalid.data.values).toMatchObject({ email: "no-es-correo" });

    const noCourse = await call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: learner.email, courseId: "999999" }, { cookie: admin.cookie }));
    expect(noCourse.data.fieldErrors.courseId).toBe("El curso elegido no existe.");
  });

  it("dos inscripciones iguales a la vez dejan una sola fila", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const c = await createCourse();
    const both = await Promise.all(
      [1, 2].map(() => call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: learner.email, courseId: String(c.id) }, { cookie: admin.cookie }))),
    );
    expect(both.every((r) => r.status === 200)).toBe(true);
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, learner.id))).toHaveLength(1);
  });

  it("eliminar pide confirmación (?eliminar=) y luego borra la inscripción con su certificado", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser({ name: "Eliminable" });
    const c = await createCourse({ title: "Curso Eliminar" });
    const e = await enrol(learner.id, c.id, { progress: 100, completedAt: new Date() });
    await issueCertificate(e.id);
    const confirm = await call(loader, getRequest(`/admin/inscripciones?eliminar=${e.id}`, admin.cookie));
    expect(confirm.data.confirm).toMatchObject({ id: e.id, userName: "Eliminable", courseTitle: "Curso Eliminar" });
    const r = await call(action, formRequest("/admin/inscripciones", { intent: "remove", enrolmentId: String(e.id) }, { cookie: admin.cookie }));
    expect(r.status).toBe(200);
    expect(r.data.message).toBe("Se eliminó la inscripción de Eliminable en «Curso Eliminar».");
    expect(await db().select().from(enrolment).where(eq(enrolment.id, e.id))).toHaveLength(0);
    expect(await db().select().from(certificate).where(eq(certificate.enrolmentId, e.id))).toHaveLength(0);
    const twice = await call(action, formRequest("/admin/inscripciones", { intent: "remove", enrolmentId: String(e.id) }, { cookie: admin.cookie }));
    expect(twice.status).toBe(404);
  });

  it("un usuario o un anónimo no pueden inscribir, eliminar ni exportar", async () => {
    const learner = await createUser();
    const other = await createUser();
    const c = await createCourse();
    const e = await enrol(other.id, c.id);
    const before = await countEnrolments();
    for (const cookie of [learner.cookie, undefined]) {
      expect(isRefused(await call(action, formRequest("/admin/inscripciones", { intent: "enrol", email: learner.email, courseId: String(c.id) }, { cookie })))).toBe(true);
      expect(isRefused(await call(action, formRequest("/admin/inscripciones", { intent: "remove", enrolmentId: String(e.id) }, { cookie })))).toBe(true);
      expect(isRefused(await call(loader, getRequest("/admin/inscripciones", cookie)))).toBe(true);
      expect(isRefused(await call(csvLoader, getRequest("/admin/inscripciones.csv", cookie)))).toBe(true);
    }
    expect(await countEnrolments()).toBe(before);
  });

  it("exporta CSV con BOM, ';', encabezado, comillas y los filtros aplicados, en lotes", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ title: 'Curso "CSV"; con separador' });
    const other = await createCourse({ title: "Otro curso CSV" });
    const n = 1203; // more than one keyset batch
    await db().execute(sql`insert into "user" (id, name, email)
      select 'csv-' || g, 'Persona ' || g, 'csv' || g || '@academia.test' from generate_series(1, ${n}) g`);
    await db().execute(sql`insert into enrolment (user_id, course_id, enrolled_at, progress, completed_at)
      select 'csv-' || g, ${c.id}, now() - (g % 7) * interval '1 minute', case when g % 3 = 0 then 100 else 10 end,
             case when g % 3 = 0 then now() end
      from generate_series(1, ${n}) g`);
    const named = await createUser({ name: "=Peligro, Pérez" });
    await enrol(named.id, other.id);

    const res = await call(csvLoader, getRequest(`/admin/inscripciones.csv?curso=${c.id}`, admin.cookie));
    const response = res.response!;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="inscripciones-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''inscripciones-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Curso;Nombre;Correo electrónico;Fecha de inscripción;Progreso (%);Estado;Fecha de término;Código de certificado");
    expect(lines).toHaveLength(n + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(";").at(-6))).size).toBe(n); // every e-mail once
    expect(lines[1]).toMatch(/^"Curso ""CSV""; con separador";Persona \d+;csv\d+@academia\.test;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};(100|10);(Completado|En progreso);/);

    const done = await call(csvLoader, getRequest(`/admin/inscripciones.csv?curso=${c.id}&estado=completado`, admin.cookie));
    const doneLines = (await done.response!.text()).split("\r\n").filter(Boolean);
    expect(doneLines).toHaveLength(Math.floor(n / 3) + 1);
    expect(doneLines.slice(1).every((l) => l.includes(";Completado;"))).toBe(true);

    const all = await call(csvLoader, getRequest(`/admin/inscripciones.csv?curso=${other.id}`, admin.cookie));
    const allText = await all.response!.text();
    expect(allText).toContain(`Otro curso CSV;"'=Peligro, Pérez";${named.email}`);
  });
});
