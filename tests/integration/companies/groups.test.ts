// A company's groups of its workers (sucursal, faena, centro de costo; docs/admin-guide.md, "Empresas"): read from
// the optional columns of the workers' upload, passed from the invitation to the enrolment, edited for the marked
// workers and invitations at once (never another company's), and used by the table's filters and the exports.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as rosterRoute from "~/routes/empresa/carga";
import * as courseRoute from "~/routes/empresa/curso";
import * as downloadRoute from "~/routes/empresa/descarga";
import * as invitationRoute from "~/routes/invitacion";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, companyInvitation } from "~/server/platform/db/schema";
import { call, isRefused } from "../support/call";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, courseLoader, freshRut, invitationTokenFor } from "./support";

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

function upload(cookie: string, companyId: number, csv: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", new File([csv], "lista.csv", { type: "text/csv" }));
  const request = new Request(`${BASE}/empresa/${companyId}/cursos/1/carga`, { method: "POST", body: form, headers: { origin: BASE, cookie } });
  return call(rosterRoute.action, request, { companyId: String(companyId), courseId: "1" });
}

const post = (cookie: string, companyId: number, fields: Record<string, string | string[]>) =>
  call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, fields, { cookie }), { companyId: String(companyId), courseId: "1" });

describe("grupos de trabajadores", () => {
  it("vienen de la carga (columnas opcionales), pasan a la inscripción, filtran la tabla y salen en la exportación filtrada", async () => {
    const A = await companyWithManager(admin.cookie, 10);
    const tag = Math.random().toString(36).slice(2, 7);
    const rows = [
      ["Ana Soto", `ana.${tag}@empresa.test`, freshRut(), "Antofagasta", "Escondida", "CC-100"],
      ["Luis Díaz", `luis.${tag}@empresa.test`, freshRut(), "Santiago", "", "CC-200"],
      ["Eva Ruiz", `eva.${tag}@empresa.test`, freshRut(), "Antofagasta", "Zaldívar", "x".repeat(81)],
    ];
    const csv = ["nombre;correo;RUT;Sucursal;Faena;Centro de costo", ...rows.map((r) => r.join(";"))].join("\n");
    const preview = await upload(A.manager.cookie, A.companyId, csv);
    expect(preview.status).toBe(200);
    expect(preview.data.rows[2]).toMatchObject({ line: 4, sucursal: "Antofagasta", problems: ["Centro de costo: escribe como máximo 80 caracteres."] });
    expect(preview.data.valid).toBe(2);

    // The manager fixes the long one in place and imports: the groups travel with the rows.
    const back = preview.data.rows as { line: number; name: string; email: string; rut: string; sucursal: string; faena: string; centroCosto: string }[];
    const fixed = back.map((r) => (r.line === 4 ? { ...r, centroCosto: "CC-100" } : r));
    const pick = (k: keyof (typeof fixed)[number]) => fixed.map((r) => String(r[k]));
    const imported = await call(
      rosterRoute.action,
      formRequest(
        `/empresa/${A.companyId}/cursos/1/carga`,
        { intent: "import", line: pick("line"), name: pick("name"), email: pick("email"), rut: pick("rut"), sucursal: pick("sucursal"), faena: pick("faena"), centroCosto: pick("centroCosto") },
        { cookie: A.manager.cookie },
      ),
      { companyId: String(A.companyId), courseId: "1" },
    );
    expect(imported.status).toBe(200);
    const [ana] = await db().select().from(companyInvitation).where(eq(companyInvitation.email, `ana.${tag}@empresa.test`));
    expect(ana).toMatchObject({ sucursal: "Antofagasta", faena: "Escondida", centroCosto: "CC-100" });
    const [luis] = await db().select().from(companyInvitation).where(eq(companyInvitation.email, `luis.${tag}@empresa.test`));
    expect(luis).toMatchObject({ sucursal: "Santiago", faena: null, centroCosto: "CC-200" });

    // Ana accepts: her enrolment keeps the groups.
    const account = await createUser({ name: "Ana Soto", email: `ana.${tag}@empresa.test` });
    const token = await invitationTokenFor(account.email);
    expect((await call(invitationRoute.action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: account.cookie }), { token })).status).toBe(302);
    const [ce] = await db().select().from(companyEnrolment).where(eq(companyEnrolment.userId, account.id));
    expect(ce).toMatchObject({ sucursal: "Antofagasta", faena: "Escondida", centroCosto: "CC-100" });

    const page = await courseLoader(A.manager.cookie, A.companyId);
    expect(page.data.groupOptions).toEqual({ sucursal: ["Antofagasta", "Santiago"], faena: ["Escondida", "Zaldívar"], centroCosto: ["CC-100", "CC-200"] });
    expect(page.data.workers[0].groups).toBe("Sucursal Antofagasta · Faena Escondida · CC CC-100");
    const filtered = await courseLoader(A.manager.cookie, A.companyId, 1, "?sucursal=Antofagasta&cc=CC-100");
    expect(filtered.data.workers.map((w: { email: string }) => w.email)).toEqual([account.email]);
    expect(filtered.data.invitations.map((i: { email: string }) => i.email)).toEqual([`eva.${tag}@empresa.test`]);

    const csvOut = await call(downloadRoute.loader, getRequest(`/empresa/${A.companyId}/cursos/1/descargas/trabajadores.csv?sucursal=Antofagasta`, A.manager.cookie), {
      companyId: String(A.companyId),
      courseId: "1",
      file: "trabajadores.csv",
    });
    const lines = (await csvOut.response!.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/;Sucursal;Faena;Centro de costo$/);
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes(account.email))).toMatch(/;Antofagasta;Escondida;CC-100$/);
    expect(lines.some((l) => l.includes("luis."))).toBe(false);
  });

  it("se asignan a varios a la vez; nunca a los de otra empresa; un nombre demasiado largo se explica junto al campo", async () => {
    const A = await companyWithManager(admin.cookie, 5);
    const B = await companyWithManager(admin.cookie, 5);
    const learner = await createUser();
    const fields = (email: string) => ({ intent: "enrol", name: "Trabajador", email, rut: freshRut() });
    const tag = Math.random().toString(36).slice(2, 7);
    await post(A.manager.cookie, A.companyId, fields(`uno.${tag}@empresa.test`));
    await post(A.manager.cookie, A.companyId, fields(`dos.${tag}@empresa.test`));
    await post(B.manager.cookie, B.companyId, fields(`otro.${tag}@empresa.test`));
    const id = async (email: string) => String((await db().select().from(companyInvitation).where(eq(companyInvitation.email, email)))[0]!.id);
    const [uno, dos, otro] = [await id(`uno.${tag}@empresa.test`), await id(`dos.${tag}@empresa.test`), await id(`otro.${tag}@empresa.test`)];

    expect(await post(A.manager.cookie, A.companyId, { intent: "group", groupKind: "faena", groupValue: "  Los   Bronces ", invitationId: [uno, dos] })).toMatchObject({
      status: 200,
      data: { message: "Faena «Los Bronces» asignada a 2 trabajadores." },
    });
    const faenaOf = async (invId: string) => (await db().select().from(companyInvitation).where(eq(companyInvitation.id, Number(invId))))[0]!.faena;
    expect([await faenaOf(uno), await faenaOf(dos)]).toEqual(["Los Bronces", "Los Bronces"]);

    expect(await post(A.manager.cookie, A.companyId, { intent: "group", groupKind: "faena", groupValue: "Otra", invitationId: [uno, otro] })).toMatchObject({ status: 409 });
    expect(await faenaOf(uno)).toBe("Los Bronces");
    expect(await faenaOf(otro)).toBeNull();
    expect(isRefused(await post(B.manager.cookie, A.companyId, { intent: "group", groupKind: "faena", groupValue: "Otra", invitationId: uno }))).toBe(true);
    expect(isRefused(await post(learner.cookie, A.companyId, { intent: "group", groupKind: "faena", groupValue: "Otra", invitationId: uno }))).toBe(true);
    expect(await post(A.manager.cookie, A.companyId, { intent: "group", groupKind: "region", groupValue: "Otra", invitationId: uno })).toMatchObject({
      status: 400,
      data: { fieldErrors: { groupKind: "Elige qué grupo asignar: sucursal, faena o centro de costo." } },
    });
    expect(await post(A.manager.cookie, A.companyId, { intent: "group", groupKind: "sucursal", groupValue: "y".repeat(81), invitationId: uno })).toMatchObject({
      status: 400,
      data: { fieldErrors: { groupValue: "Sucursal: escribe como máximo 80 caracteres." }, values: { groupValue: "y".repeat(81) } },
    });
    expect(await post(A.manager.cookie, A.companyId, { intent: "group", groupKind: "faena", groupValue: "", invitationId: dos })).toMatchObject({
      status: 200,
      data: { message: "Quitaste faena a 1 trabajador." },
    });
    expect(await faenaOf(dos)).toBeNull();
  });
});
