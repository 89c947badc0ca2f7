// Who may use each company page (docs/decisions.md E2): anonymous, a learner, a worker enrolled through the
// company, the company's manager, another company's manager and an admin, for every loader and action.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminCompaniesRoute from "~/routes/admin/empresas";
import * as adminCompanyRoute from "~/routes/admin/empresa";
import * as homeRoute from "~/routes/empresa/index";
import * as companyRoute from "~/routes/empresa/empresa";
import * as courseRoute from "~/routes/empresa/curso";
import * as pdfRoute from "~/routes/empresa/certificado-pdf";
import * as rootRoute from "~/root";
import * as rosterRoute from "~/routes/empresa/carga";
import * as downloadRoute from "~/routes/empresa/descarga";
import * as buyRoute from "~/routes/empresa/comprar";
import { order } from "~/server/platform/db/schema";
import { db } from "~/server/platform/db/client.server";
import { company, companyEnrolment, companyManager, enrolment } from "~/server/platform/db/schema";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { acceptWithPassword, companyWithManager, enrolRequest, invitationTokenFor, workerFields } from "./support";

type Role = "anonymous" | "learner" | "worker" | "manager" | "otherManager" | "admin";
const cookies = {} as Record<Role, string | undefined>;
let companyA = 0;
let companyB = 0;
let workerCertificate = "";
let privateCertificate = "";

async function certify(userId: string, courseId: number) {
  const [row] = await db()
    .update(enrolment)
    .set({ progress: 100, completedAt: new Date() })
    .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, courseId)))
    .returning({ id: enrolment.id });
  return (await issueCertificateForEnrolment(db(), row!.id))!.code;
}

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  cookies.admin = admin.cookie;
  const a = await companyWithManager(admin.cookie, 10);
  const b = await companyWithManager(admin.cookie, 10);
  companyA = a.companyId;
  companyB = b.companyId;
  cookies.manager = a.manager.cookie;
  cookies.otherManager = b.manager.cookie;
  cookies.learner = (await createUser()).cookie;
  // The worker is invited by company A and accepts: an account, enrolled through the company.
  const w = workerFields();
  expect((await enrolRequest(a.manager.cookie, companyA, w)).status).toBe(200);
  const accepted = await acceptWithPassword(await invitationTokenFor(w.email));
  expect(accepted.status).toBe(302);
  cookies.worker = accepted.response!.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const [workerRow] = await db().select({ userId: companyEnrolment.userId }).from(companyEnrolment).where(eq(companyEnrolment.companyId, companyA));
  workerCertificate = await certify(workerRow!.userId, 1);
  // A learner's own enrolment (not through any company) with its certificate.
  const loner = await createUser();
  await db().insert(enrolment).values({ userId: loner.id, courseId: 2 });
  privateCertificate = await certify(loner.id, 2);
});

const roles: Role[] = ["anonymous", "learner", "worker", "manager", "otherManager", "admin"];

function expectDenied(role: Role, res: { status: number; location: string | null }, adminArea: boolean) {
  if (role === "anonymous") {
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/login/);
  } else if (adminArea) {
    expect(res).toMatchObject({ status: 302, location: "/dashboard" });
  } else {
    expect(res.status).toBe(403);
  }
}

describe("administración de empresas: solo administradores", () => {
  for (const role of roles) {
    it(`${role}: /admin/empresas y /admin/empresas/:id`, async () => {
      const cookie = cookies[role];
      const list = await call(adminCompaniesRoute.loader, getRequest("/admin/empresas", cookie));
      const detail = await call(adminCompanyRoute.loader, getRequest(`/admin/empresas/${companyA}`, cookie), { id: String(companyA) });
      const [before] = await db().select({ n: count() }).from(company);
      const create = await call(
        adminCompaniesRoute.action,
        formRequest("/admin/empresas", { intent: "create", name: "Intrusa SpA", rut: "76.543.210-3", giro: "", contactName: "X", contactEmail: "x@x.cl", contactPhone: "+56 9 1234 5678" }, { cookie }),
      );
      const grant = await call(adminCompanyRoute.action, formRequest(`/admin/empresas/${companyA}`, { intent: "grant", courseId: "1", seats: "100", reason: "x" }, { cookie }), { id: String(companyA) });
      if (role === "admin") {
        expect(list.status).toBe(200);
        expect(detail.status).toBe(200);
        expect(create.status).toBe(302);
        expect(grant.status).toBe(200);
        return;
      }
      for (const res of [list, detail, create, grant]) expectDenied(role, res, true);
      const [after] = await db().select({ n: count() }).from(company);
      expect(after!.n).toBe(before!.n);
    });
  }
});

describe("portal de empresa: solo sus encargados (y administradores)", () => {
  for (const role of roles) {
    it(`${role}: /empresa, /empresa/:id, el curso, inscribir y certificados`, async () => {
      const cookie = cookies[role];
      const home = await call(homeRoute.loader, getRequest("/empresa", cookie));
      const portal = await call(companyRoute.loader, getRequest(`/empresa/${companyA}`, cookie), { companyId: String(companyA) });
      const course = await call(courseRoute.loader, getRequest(`/empresa/${companyA}/cursos/1`, cookie), { companyId: String(companyA), courseId: "1" });
      const [before] = await db().select({ n: count() }).from(companyEnrolment);
      const enrol = await enrolRequest(cookie ?? "", companyA, workerFields());
      const pdf = await call(pdfRoute.loader, getRequest(`/empresa/${companyA}/certificados/${workerCertificate}`, cookie), { companyId: String(companyA), code: workerCertificate });
      const other = await call(pdfRoute.loader, getRequest(`/empresa/${companyA}/certificados/${privateCertificate}`, cookie), { companyId: String(companyA), code: privateCertificate });
      if (role === "manager" || role === "admin") {
        if (role === "manager") expect(home).toMatchObject({ status: 302, location: `/empresa/${companyA}` });
        else expect(home.status).toBe(200);
        expect(portal.status).toBe(200);
        expect(course.status).toBe(200);
        expect(enrol.status).toBe(200);
        expect(pdf.status).toBe(200);
        expect(pdf.response!.headers.get("content-type")).toBe("application/pdf");
        // A certificate of an enrolment that did not come through the company is not theirs to see.
        expect(other.status).toBe(404);
        return;
      }
      if (role === "otherManager") expect(home).toMatchObject({ status: 302, location: `/empresa/${companyB}` });
      else expectDenied(role, home, false);
      for (const res of [portal, course, enrol]) expectDenied(role, res, false);
      if (role === "anonymous") expect(pdf.status).toBe(302);
      else expect([pdf.status, other.status]).toEqual([403, 403]);
      const [after] = await db().select({ n: count() }).from(companyEnrolment);
      expect(after!.n).toBe(before!.n);
    });
  }

  for (const role of roles) {
    it(`${role}: carga masiva, descargas y compra de cupos`, async () => {
      const cookie = cookies[role];
      const params = { companyId: String(companyA), courseId: "1" };
      const rosterPage = await call(rosterRoute.loader, getRequest(`/empresa/${companyA}/cursos/1/carga`, cookie), params);
      const w = workerFields();
      const [before] = await db().select({ n: count() }).from(companyEnrolment);
      const [ordersBefore] = await db().select({ n: count() }).from(order);
      const preview = await call(rosterRoute.action, formRequest(`/empresa/${companyA}/cursos/1/carga`, { intent: "recheck", line: "2", name: w.name, email: w.email, rut: w.rut }, { cookie }), params);
      const csv = await call(downloadRoute.loader, getRequest(`/empresa/${companyA}/cursos/1/descargas/trabajadores.csv`, cookie), { ...params, file: "trabajadores.csv" });
      const buyPage = await call(buyRoute.loader, getRequest(`/empresa/${companyA}/comprar`, cookie), { companyId: String(companyA) });
      const buy = await call(buyRoute.action, formRequest(`/empresa/${companyA}/comprar`, { courseId: "1", quantity: "2", method: "transfer", coupon: "", terms: "on" }, { cookie }), { companyId: String(companyA) });
      const [ordersAfter] = await db().select({ n: count() }).from(order);
      if (role === "manager") {
        expect([rosterPage.status, preview.status, csv.status]).toEqual([200, 200, 200]);
        expect(preview.data).toMatchObject({ kind: "preview", valid: 1 });
        expect(buyPage.status).toBe(200);
        expect(buy.status).toBe(302);
        expect(ordersAfter!.n).toBe(ordersBefore!.n + 1);
        return;
      }
      if (role === "admin") {
        // The admin sees everything, and grants seats instead of buying them.
        expect([rosterPage.status, preview.status, csv.status]).toEqual([200, 200, 200]);
        expect([buyPage.status, buy.status]).toEqual([403, 403]);
      } else {
        for (const res of [rosterPage, preview, csv, buyPage, buy]) expectDenied(role, res, false);
      }
      expect(ordersAfter!.n).toBe(ordersBefore!.n);
      const [after] = await db().select({ n: count() }).from(companyEnrolment);
      expect(after!.n).toBe(before!.n);
    });
  }

  it("el menú de la cuenta ofrece el portal solo a quien administra una empresa", async () => {
    const offered = async (cookie: string | undefined) => (await call(rootRoute.loader, getRequest("/", cookie))).data.user?.managesCompanies ?? null;
    expect(await offered(cookies.manager)).toBe(true);
    expect(await offered(cookies.otherManager)).toBe(true);
    expect(await offered(cookies.learner)).toBe(false);
    expect(await offered(cookies.worker)).toBe(false);
    expect(await offered(cookies.admin)).toBe(false);
    expect(await offered(undefined)).toBeNull();
  });

  it("un encargado de varias empresas elige una", async () => {
    const [row] = await db().select({ userId: companyManager.userId }).from(companyManager).where(eq(companyManager.companyId, companyA));
    await db().insert(companyManager).values({ companyId: companyB, userId: row!.userId });
    const home = await call(homeRoute.loader, getRequest("/empresa", cookies.manager));
    expect(home.status).toBe(200);
    expect(home.data.companies.map((c: { id: number }) => c.id).sort()).toEqual([companyA, companyB].sort());
    await db().delete(companyManager).where(and(eq(companyManager.companyId, companyB), eq(companyManager.userId, row!.userId)));
  });

  it("una empresa que no existe: 404 para el administrador, 403 para un encargado", async () => {
    const admin = await call(companyRoute.loader, getRequest("/empresa/999999", cookies.admin), { companyId: "999999" });
    expect(admin.status).toBe(404);
    const manager = await call(companyRoute.loader, getRequest("/empresa/999999", cookies.manager), { companyId: "999999" });
    expect(manager.status).toBe(403);
    const junk = await call(companyRoute.loader, getRequest("/empresa/1e3", cookies.admin), { companyId: "1e3" });
    expect(junk.status).toBe(404);
  });
});
