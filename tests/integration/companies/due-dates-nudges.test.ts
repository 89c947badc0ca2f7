// A manager's due dates and automatic nudges (docs/admin-guide.md, "Empresas"): a due date set when inviting and
// changed later for several workers and invitations at once (never another company's), shown in the table, its
// filter, the exports and the worker's dashboard; reminders to the chosen workers, queued rather than sent in the
// request even for 1 000; nudges sent once per worker and rule however many looks run (at once, or again), a late
// look claiming the nudge it overtook; the managers' daily digest of completions, which each may turn off.
import { and, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as courseRoute from "~/routes/empresa/curso";
import * as companyRoute from "~/routes/empresa/empresa";
import * as downloadRoute from "~/routes/empresa/descarga";
import * as dashboardRoute from "~/routes/dashboard";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, companyInvitation, companyManager, companyNudge, companyReminder, enrolment, outbox, user } from "~/server/platform/db/schema";
import { writeLedger } from "~/server/companies/seats.server";
import { completionDigestFor, nudgeMailFor, queueDueNudges } from "~/server/companies/nudges.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, courseLoader, enrolRequest, invitationTokenFor, workerFields } from "./support";
import * as invitationRoute from "~/routes/invitacion";

afterEach(() => resetClock());

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

/** Midday in Chile on a day ('yyyy-mm-dd'). */
const onDay = (iso: string) => freezeClock(new Date(`${iso}T12:00:00-03:00`));

/** A worker enrolled in course 1 through the company on `enrolledOn` (a Chile day), using one of its seats. */
async function worker(companyId: number, opts: { enrolledOn?: string; dueOn?: string | null; completedAt?: Date | null } = {}) {
  const person = await createUser({ name: `Trabajador ${Math.random().toString(36).slice(2, 7)}` });
  const [row] = await db()
    .insert(enrolment)
    .values({
      userId: person.id,
      courseId: 1,
      enrolledAt: new Date(`${opts.enrolledOn ?? "2031-01-05"}T12:00:00-03:00`),
      progress: opts.completedAt ? 100 : 0,
      completedAt: opts.completedAt ?? null,
    })
    .returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId: 1, enrolmentId: row!.id, userId: person.id, dueOn: opts.dueOn ?? null });
  await db().transaction((tx) => writeLedger(tx, { companyId, courseId: 1, delta: -1, kind: "enrolment", reason: person.email, byUserId: null }));
  return { ...person, enrolmentId: row!.id };
}

const post = (cookie: string | undefined, companyId: number, fields: Record<string, string | string[]>) =>
  call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, fields, { cookie }), { companyId: String(companyId), courseId: "1" });

const portalPost = (cookie: string | undefined, companyId: number, fields: Record<string, string>) =>
  call(companyRoute.action, formRequest(`/empresa/${companyId}`, fields, { cookie }), { companyId: String(companyId) });

async function dueOf(enrolmentId: number) {
  const [row] = await db().select({ dueOn: companyEnrolment.dueOn }).from(companyEnrolment).where(eq(companyEnrolment.enrolmentId, enrolmentId));
  return row?.dueOn ?? null;
}

/** The nudge jobs queued for some enrolments, as 'enrolmentId:rule', in order. */
async function nudgesQueued(enrolmentIds: number[]) {
  const rows = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, "companyNudgeMail"), inArray(sql`(${outbox.payload}->>'enrolmentId')::int`, enrolmentIds)))
    .orderBy(outbox.id);
  return rows.map((r) => {
    const p = r.payload as { enrolmentId: number; rule: string };
    return `${p.enrolmentId}:${p.rule}`;
  });
}

describe("fecha límite", () => {
  it("se fija al invitar, pasa a la inscripción al aceptar y el trabajador la ve en su panel; una fecha mala se explica junto al campo", async () => {
    onDay("2031-03-02");
    const A = await companyWithManager(admin.cookie, 5);
    const fields = workerFields();
    const bad = await enrolRequest(A.manager.cookie, A.companyId, { ...fields, dueOn: "2031-02-30" });
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { dueOn: "Escribe una fecha válida (día, mes y año)." }, values: { name: fields.name, dueOn: "2031-02-30" } } });
    const past = await enrolRequest(A.manager.cookie, A.companyId, { ...fields, dueOn: "2031-03-01" });
    expect(past).toMatchObject({ status: 400, data: { fieldErrors: { dueOn: "La fecha límite no puede ser anterior a hoy." } } });
    expect(await db().select().from(companyInvitation).where(eq(companyInvitation.email, fields.email))).toHaveLength(0);

    expect((await enrolRequest(A.manager.cookie, A.companyId, { ...fields, dueOn: "2031-04-15" })).status).toBe(200);
    const page = await courseLoader(A.manager.cookie, A.companyId);
    expect(page.data.invitations[0]).toMatchObject({ email: fields.email, due: "15/04/2031" });

    const person = await createUser({ name: fields.name, email: fields.email });
    const token = await invitationTokenFor(fields.email);
    expect((await call(invitationRoute.action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: person.cookie }), { token })).status).toBe(302);
    const [ce] = await db().select().from(companyEnrolment).where(eq(companyEnrolment.userId, person.id));
    expect(ce!.dueOn).toBe("2031-04-15");

    const dash = await call(dashboardRoute.loader, getRequest("/dashboard", person.cookie));
    expect(dash.data.courses[0].due).toEqual({ text: "Tu empresa pide terminar este curso antes del 15/04/2031", late: false });
    onDay("2031-04-16");
    const late = await call(dashboardRoute.loader, getRequest("/dashboard", person.cookie));
    expect(late.data.courses[0].due).toEqual({ text: "Tu empresa pedía terminar este curso antes del 15/04/2031", late: true });
  });

  it("se cambia para varios a la vez (trabajadores e invitaciones), se filtra por atrasados y sale en las exportaciones", async () => {
    onDay("2031-05-05");
    const A = await companyWithManager(admin.cookie, 10);
    const [w1, w2, w3] = [await worker(A.companyId), await worker(A.companyId), await worker(A.companyId)];
    const invited = workerFields();
    await enrolRequest(A.manager.cookie, A.companyId, invited);
    const [inv] = await db().select().from(companyInvitation).where(eq(companyInvitation.email, invited.email));

    const set = await post(A.manager.cookie, A.companyId, { intent: "due-date", dueOn: "2031-05-20", enrolmentId: [String(w1.enrolmentId), String(w2.enrolmentId)], invitationId: String(inv!.id) });
    expect(set).toMatchObject({ status: 200, data: { ok: true, message: "Fijaste la fecha límite del 20/05/2031 a 3 trabajadores." } });
    expect([await dueOf(w1.enrolmentId), await dueOf(w2.enrolmentId), await dueOf(w3.enrolmentId)]).toEqual(["2031-05-20", "2031-05-20", null]);
    expect((await db().select().from(companyInvitation).where(eq(companyInvitation.id, inv!.id)))[0]!.dueOn).toBe("2031-05-20");

    // A bad date keeps what was typed; nothing chosen is refused with a message.
    expect(await post(A.manager.cookie, A.companyId, { intent: "due-date", dueOn: "mañana", enrolmentId: String(w3.enrolmentId) })).toMatchObject({
      status: 400,
      data: { fieldErrors: { dueOn: "Escribe una fecha válida (día, mes y año)." }, values: { dueOn: "mañana" } },
    });
    expect(await post(A.manager.cookie, A.companyId, { intent: "due-date", dueOn: "2031-05-20" })).toMatchObject({ status: 409, data: { message: "Marca al menos un trabajador o invitación de la lista." } });

    onDay("2031-05-21");
    const overdue = await courseLoader(A.manager.cookie, A.companyId, 1, "?plazo=atrasados");
    expect(overdue.data.workers.map((w: { enrolmentId: number }) => w.enrolmentId).sort()).toEqual([w1.enrolmentId, w2.enrolmentId].sort());
    expect(overdue.data.workers[0]).toMatchObject({ due: "20/05/2031", dueState: "overdue" });
    expect(overdue.data.overdue).toBe(2);
    const none = await courseLoader(A.manager.cookie, A.companyId, 1, "?plazo=sin-fecha");
    expect(none.data.workers.map((w: { enrolmentId: number }) => w.enrolmentId)).toEqual([w3.enrolmentId]);

    const get = (file: string) => call(downloadRoute.loader, getRequest(`/empresa/${A.companyId}/cursos/1/descargas/${file}`, A.manager.cookie), { companyId: String(A.companyId), courseId: "1", file });
    const csv = await (await get("trabajadores.csv")).response!.text();
    const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/;Código de certificado;Fecha límite;Atrasado;Sucursal;Faena;Centro de costo$/);
    expect(lines.find((l) => l.includes(w1.email))).toMatch(/;2031-05-20;Sí;;;$/);
    expect(lines.find((l) => l.includes(w3.email))).toMatch(/;;;;;$/);
    expect(lines.find((l) => l.includes(invited.email))).toMatch(/^.*Invitación.*;2031-05-20;Sí;;;$/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await get("trabajadores.xlsx")).response!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(15).value).toBe("Fecha límite");
    const row = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(2).value === w1.email)!;
    const cell = row.getCell(15).value;
    expect(cell).toBeInstanceOf(Date);
    expect((cell as Date).toISOString().slice(0, 10)).toBe("2031-05-20");

    // Cleared again for one.
    expect(await post(A.manager.cookie, A.companyId, { intent: "due-date-clear", enrolmentId: String(w1.enrolmentId) })).toMatchObject({ status: 200, data: { message: "Quitaste la fecha límite a 1 trabajador." } });
    expect(await dueOf(w1.enrolmentId)).toBeNull();
  });

  it("otra empresa, un alumno o una lista con un trabajador ajeno no cambian nada", async () => {
    onDay("2031-05-05");
    const A = await companyWithManager(admin.cookie, 5);
    const B = await companyWithManager(admin.cookie, 5);
    const mine = await worker(B.companyId);
    const theirs = await worker(A.companyId);
    const learner = await createUser();
    const mixed = await post(B.manager.cookie, B.companyId, { intent: "due-date", dueOn: "2031-06-01", enrolmentId: [String(mine.enrolmentId), String(theirs.enrolmentId)] });
    expect(mixed).toMatchObject({ status: 409, data: { message: "Alguno de los elegidos no está inscrito ni invitado en este curso por tu empresa." } });
    expect([await dueOf(mine.enrolmentId), await dueOf(theirs.enrolmentId)]).toEqual([null, null]);
    expect(isRefused(await post(B.manager.cookie, A.companyId, { intent: "due-date", dueOn: "2031-06-01", enrolmentId: String(theirs.enrolmentId) }))).toBe(true);
    expect(isRefused(await post(learner.cookie, A.companyId, { intent: "due-date", dueOn: "2031-06-01", enrolmentId: String(theirs.enrolmentId) }))).toBe(true);
    expect(await post(B.manager.cookie, B.companyId, { intent: "due-date", dueOn: "2031-06-01", enrolmentId: "abc" })).toMatchObject({ status: 400 });
    expect(await dueOf(theirs.enrolmentId)).toBeNull();
  });
});

describe("recordar a los elegidos", () => {
  it("a dos elegidos, dos veces a la vez: un recordatorio a cada uno; el ajeno y el que terminó no cuentan", async () => {
    onDay("2031-07-01");
    const A = await companyWithManager(admin.cookie, 5);
    const B = await companyWithManager(admin.cookie, 5);
    const [w1, w2] = [await worker(A.companyId, { dueOn: "2031-07-20" }), await worker(A.companyId)];
    const done = await worker(A.companyId, { completedAt: new Date() });
    const foreign = await worker(B.companyId);
    const ids = [w1, w2, done, foreign].map((w) => String(w.enrolmentId));
    const results = await Promise.all([post(A.manager.cookie, A.companyId, { intent: "remind-selected", enrolmentId: ids }), post(A.manager.cookie, A.companyId, { intent: "remind-selected", enrolmentId: ids })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.data.message).toBe("Enviamos el recordatorio a 2 trabajadores.");
    const reminded = await db().select({ id: companyReminder.enrolmentId }).from(companyReminder).where(inArray(companyReminder.enrolmentId, [w1, w2, done, foreign].map((w) => w.enrolmentId)));
    expect(reminded.map((r) => r.id).sort()).toEqual([w1.enrolmentId, w2.enrolmentId].sort());
    const mail = await db().select({ payload: outbox.payload }).from(outbox).where(and(eq(outbox.kind, "companyMail"), sql`${outbox.payload}->>'to' = ${w1.email}`));
    expect((mail[0]!.payload as { message: { dueOn: string } }).message.dueOn).toBe("2031-07-20");
  });

  it("a 1 000 trabajadores: la solicitud solo encola los correos (ninguno se envía dentro de ella)", async () => {
    onDay("2031-07-02");
    const A = await companyWithManager(admin.cookie, 0);
    const tag = Math.random().toString(36).slice(2, 8);
    const people = await db()
      .insert(user)
      .values(Array.from({ length: 1000 }, (_, i) => ({ id: `bulk-${tag}-${i}`, name: `Trabajador ${i}`, email: `bulk${i}.${tag}@empresa.test` })))
      .returning({ id: user.id });
    const enrolled = await db()
      .insert(enrolment)
      .values(people.map((p) => ({ userId: p.id, courseId: 1 })))
      .returning({ id: enrolment.id, userId: enrolment.userId });
    await db().insert(companyEnrolment).values(enrolled.map((e) => ({ companyId: A.companyId, courseId: 1, enrolmentId: e.id, userId: e.userId })));
    const res = await post(A.manager.cookie, A.companyId, { intent: "remind-all" });
    expect(res).toMatchObject({ status: 200, data: { message: "Enviamos el recordatorio a 1000 trabajadores." } });
    const [queued] = await db()
      .select({ pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`, all: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.kind, "companyMail"), sql`${outbox.payload}->>'to' like ${`%.${tag}@empresa.test`}`));
    expect(queued).toEqual({ pending: 1000, all: 1000 });
  });
});

describe("avisos automáticos", () => {
  it("solo un encargado de la empresa los configura; una opción que no existe se rechaza", async () => {
    const A = await companyWithManager(admin.cookie, 0);
    const B = await companyWithManager(admin.cookie, 0);
    const learner = await createUser();
    expect(isRefused(await portalPost(B.manager.cookie, A.companyId, { intent: "nudges", inactiveDays: "7" }))).toBe(true);
    expect(isRefused(await portalPost(learner.cookie, A.companyId, { intent: "nudges", inactiveDays: "7" }))).toBe(true);
    expect((await portalPost(A.manager.cookie, A.companyId, { intent: "nudges", inactiveDays: "5" })).status).toBe(400);
    expect(await portalPost(A.manager.cookie, A.companyId, { intent: "nudges", inactiveDays: "7", beforeDueDays: "", overdue: "on" })).toMatchObject({
      status: 200,
      data: { ok: true, message: "Guardamos los avisos automáticos." },
    });
    const page = await call(companyRoute.loader, getRequest(`/empresa/${A.companyId}`, A.manager.cookie), { companyId: String(A.companyId) });
    expect(page.data.nudges).toEqual({ inactiveDays: 7, beforeDueDays: null, overdue: true });
    expect(page.data.digest).toBe(true);
  });

  it("cada aviso una vez por trabajador y regla, aunque la revisión corra dos veces a la vez o de nuevo; uno atrasado reemplaza al previo", async () => {
    onDay("2031-09-01");
    const A = await companyWithManager(admin.cookie, 10);
    const off = await companyWithManager(admin.cookie, 10);
    await portalPost(A.manager.cookie, A.companyId, { intent: "nudges", inactiveDays: "7", beforeDueDays: "7", overdue: "on" });
    const idle = await worker(A.companyId, { enrolledOn: "2031-08-20" });
    const fresh = await worker(A.companyId, { enrolledOn: "2031-08-30" });
    const dueSoon = await worker(A.companyId, { enrolledOn: "2031-08-31", dueOn: "2031-09-05" });
    const dueLater = await worker(A.companyId, { enrolledOn: "2031-08-31", dueOn: "2031-09-30" });
    const finished = await worker(A.companyId, { enrolledOn: "2031-08-01", dueOn: "2031-08-15", completedAt: new Date("2031-08-10T12:00:00Z") });
    const elsewhere = await worker(off.companyId, { enrolledOn: "2031-08-01", dueOn: "2031-08-15" });
    const all = [idle, fresh, dueSoon, dueLater, finished, elsewhere].map((w) => w.enrolmentId);

    await Promise.all([queueDueNudges(), queueDueNudges()]);
    await queueDueNudges(2);
    expect((await nudgesQueued(all)).sort()).toEqual([`${idle.enrolmentId}:inactive`, `${dueSoon.enrolmentId}:before-due`].sort());

    // The server was down for three weeks: the later due date passed unseen.
    onDay("2031-10-02");
    await queueDueNudges();
    await queueDueNudges();
    const queued = await nudgesQueued(all);
    expect(queued.filter((q) => q.startsWith(`${dueLater.enrolmentId}:`)).sort()).toEqual([`${dueLater.enrolmentId}:inactive`, `${dueLater.enrolmentId}:overdue`].sort());
    expect(queued.filter((q) => q.startsWith(`${dueSoon.enrolmentId}:`)).sort()).toEqual([`${dueSoon.enrolmentId}:before-due`, `${dueSoon.enrolmentId}:inactive`, `${dueSoon.enrolmentId}:overdue`].sort());
    const skipped = await db().select().from(companyNudge).where(and(eq(companyNudge.enrolmentId, dueLater.enrolmentId), eq(companyNudge.rule, "before-due")));
    expect(skipped).toMatchObject([{ mailed: false }]);
    expect(queued.some((q) => q.startsWith(`${finished.enrolmentId}:`) || q.startsWith(`${elsewhere.enrolmentId}:`))).toBe(false);

    // A new due date re-arms its nudges.
    expect((await post(A.manager.cookie, A.companyId, { intent: "due-date", dueOn: "2031-10-06", enrolmentId: String(dueLater.enrolmentId) })).status).toBe(200);
    await queueDueNudges();
    expect((await nudgesQueued([dueLater.enrolmentId])).filter((q) => q.endsWith(":before-due"))).toHaveLength(1);

    const mail = await nudgeMailFor(dueSoon.enrolmentId, "overdue");
    expect(mail?.subject).toBe("Tu curso Reanimación Cardiopulmonar solo Compresiones está atrasado");
    expect(mail?.text).toContain("antes del 05/09/2031");
    // Switched off meanwhile: the queued mail is not sent.
    await portalPost(A.manager.cookie, A.companyId, { intent: "nudges", inactiveDays: "" });
    expect(await nudgeMailFor(idle.enrolmentId, "inactive")).toBeNull();
  });
});

describe("aviso al encargado cuando un trabajador completa", () => {
  it("un resumen por empresa y día a cada encargado que no lo desactivó", async () => {
    onDay("2031-11-03");
    const A = await companyWithManager(admin.cookie, 10);
    const second = await createUser({ name: "Segunda encargada" });
    await db().insert(companyManager).values({ companyId: A.companyId, userId: second.id });
    expect(await portalPost(second.cookie, A.companyId, { intent: "digest-off" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await portalPost(admin.cookie, A.companyId, { intent: "digest-off" })).toMatchObject({ status: 409 });
    const w = await worker(A.companyId, { completedAt: new Date("2031-11-03T10:00:00-03:00") });

    await Promise.all([queueDueNudges(), queueDueNudges()]);
    await queueDueNudges();
    const digests = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, "companyCompletionDigestMail"), sql`(${outbox.payload}->>'companyId')::int = ${A.companyId}`));
    expect(digests.map((d) => (d.payload as { userId: string }).userId)).toEqual([A.manager.id]);
    const mail = await completionDigestFor(A.companyId, A.manager.id, (digests[0]!.payload as { enrolmentIds: number[] }).enrolmentIds);
    expect(mail?.subject).toBe(`${w.name} completó Reanimación Cardiopulmonar solo Compresiones`);
    expect(await completionDigestFor(A.companyId, second.id, [w.enrolmentId])).toBeNull();

    // Another completion the same day waits for the next day's digest.
    const w2 = await worker(A.companyId, { completedAt: new Date("2031-11-03T15:00:00-03:00") });
    onDay("2031-11-03");
    await queueDueNudges();
    const count = async () =>
      (await db().select({ id: outbox.id }).from(outbox).where(and(eq(outbox.kind, "companyCompletionDigestMail"), sql`(${outbox.payload}->>'companyId')::int = ${A.companyId}`))).length;
    expect(await count()).toBe(1);
    onDay("2031-11-04");
    await queueDueNudges();
    expect(await count()).toBe(2);
    const [last] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, "companyCompletionDigestMail"), sql`(${outbox.payload}->>'companyId')::int = ${A.companyId}`))
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    expect((last!.payload as { enrolmentIds: number[] }).enrolmentIds).toEqual([w2.enrolmentId]);
  });
});
