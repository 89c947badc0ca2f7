// Through the route modules: the buyer's tax data at checkout (bad data gets its message next to the field,
// keeping what was typed), a company's seats invoiced with its stored data, where each document shows and who
// may download it, the admin's sales list and CSV with type, folio and state, and the admin's retry.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as checkoutRoute from "~/routes/curso-comprar";
import * as orderRoute from "~/routes/compra";
import * as buyerPdfRoute from "~/routes/compra-documento";
import * as buySeatsRoute from "~/routes/empresa/comprar";
import * as portalRoute from "~/routes/empresa/empresa";
import * as companyPdfRoute from "~/routes/empresa/documento";
import * as saleRoute from "~/routes/admin/venta";
import * as adminPdfRoute from "~/routes/admin/venta-documento";
import * as documentsRoute from "~/routes/admin/documentos";
import * as salesCsvRoute from "~/routes/admin/ventas-csv";
import * as salesRoute from "~/routes/admin/ventas";
import * as editorRoute from "~/routes/admin/curso-editor";

import { db } from "~/server/platform/db/client.server";
import { company, course, order, taxBuyer } from "~/server/platform/db/schema";
import { taxFormMessages } from "~/domain/tax-document-forms";
import { RUT_MESSAGES } from "~/domain/rut";
import { taxDocumentMessages } from "~/domain/tax-documents";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";
import { documentsOf, paidByTransfer, runDueJobs, useLocalOpenFactura } from "./support";

const dte = useLocalOpenFactura();

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

const buyCourse = (cookie: string, fields: Record<string, string>) =>
  call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "transfer", terms: "on", coupon: "", ...fields }, { cookie }), { id: "1" });
const confirm = (number: string) => call(saleRoute.action, formRequest(`/admin/ventas/${number}`, { intent: "confirm", received: "on" }, { cookie: admin.cookie }), { number });
const numberOf = (location: string | null) => /\/compras\/([A-Z0-9-]+)$/.exec(location ?? "")![1]!;

describe("datos tributarios en el checkout", () => {
  it("el checkout ofrece boleta o factura cuando hay emisión configurada", async () => {
    const u = await createUser();
    const page = await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", u.cookie), { id: "1" });
    expect(page.data.taxDocuments).toBe(true);
  });

  it("factura incompleta o con RUT errado: 400 con cada mensaje junto a su campo y lo escrito de vuelta; ningún pedido", async () => {
    const u = await createUser();
    const res = await buyCourse(u.cookie, { receipt: "factura", rut: "76.430.498-4", businessName: "Hosty SpA", giro: "", address: "Calle 1", comuna: "x".repeat(25) });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({ rut: RUT_MESSAGES.checkDigit, giro: taxFormMessages.giroRequired, comuna: taxFormMessages.tooLong(20) });
    expect(res.data.values).toMatchObject({ receipt: "factura", rut: "76.430.498-4", businessName: "Hosty SpA", address: "Calle 1" });
    expect(await db().select().from(order).where(eq(order.userId, u.id))).toEqual([]);
  });

  it("un tipo de documento inventado se rechaza con su mensaje", async () => {
    const u = await createUser();
    const res = await buyCourse(u.cookie, { receipt: "recibo" });
    expect(res).toMatchObject({ status: 400, data: { fieldErrors: { receipt: taxFormMessages.receiptRequired } } });
  });

  it("factura completa: se guarda con el pedido y el documento sale a esos datos; el comprador lo ve y lo descarga en «Mis compras»", async () => {
    const u = await createUser();
    const res = await buyCourse(u.cookie, { receipt: "factura", rut: "76.430.498-5", businessName: "Hosty SpA", giro: "Informática", address: "Arturo Prat 527", comuna: "Curicó", purchaseOrder: "4500012345" });
    expect(res.status).toBe(302);
    const number = numberOf(res.location);
    const [row] = await db().select().from(order).where(eq(order.number, number));
    expect((await db().select().from(taxBuyer).where(eq(taxBuyer.orderId, row!.id)))[0]).toMatchObject({ receipt: "factura", rut: "76430498-5", businessName: "Hosty SpA", purchaseOrder: "4500012345" });
    expect((await confirm(number)).status).toBe(200);
    await runDueJobs();
    const page = await call(orderRoute.loader, getRequest(`/compras/${number}`, u.cookie), { number });
    const [doc] = page.data.order.documents;
    expect(doc).toMatchObject({ label: "Factura exenta electrónica N° 1", issued: true, credit: false, href: `/compras/${number}/documentos/${doc.id}` });
    const pdf = await call(buyerPdfRoute.loader, getRequest(doc.href, u.cookie), { number, documentId: String(doc.id) });
    expect(pdf.status).toBe(200);
    expect(pdf.response!.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.response!.headers.get("content-disposition")).toContain('filename="factura-exenta-34-folio-1.pdf"');
    expect(Buffer.from(await pdf.response!.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    // Another person, an anonymous visitor, a made-up id: nothing.
    const other = await createUser();
    expect((await call(buyerPdfRoute.loader, getRequest(doc.href, other.cookie), { number, documentId: String(doc.id) })).status).toBe(404);
    expect((await call(buyerPdfRoute.loader, getRequest(doc.href), { number, documentId: String(doc.id) })).location).toMatch(/^\/login/);
    expect((await call(buyerPdfRoute.loader, getRequest(doc.href, u.cookie), { number, documentId: "99999" })).status).toBe(404);
    expect((await call(buyerPdfRoute.loader, getRequest(doc.href, u.cookie), { number, documentId: "1; drop table" })).status).toBe(404);
  });

  it("un documento aún no emitido se muestra «en proceso» y no se descarga", async () => {
    const u = await createUser();
    dte.server.setOutage("unavailable");
    const res = await buyCourse(u.cookie, { receipt: "boleta" });
    const number = numberOf(res.location);
    await confirm(number);
    await runDueJobs();
    const page = await call(orderRoute.loader, getRequest(`/compras/${number}`, u.cookie), { number });
    const [doc] = page.data.order.documents;
    expect(doc).toMatchObject({ label: "Boleta exenta electrónica", issued: false });
    expect((await call(buyerPdfRoute.loader, getRequest(doc.href, u.cookie), { number, documentId: String(doc.id) })).status).toBe(404);
  });
});

describe("empresa", () => {
  it("compra de cupos: factura a la empresa con sus datos; faltan giro, dirección y comuna la primera vez; el portal la muestra y solo sus encargados la descargan", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const buy = (fields: Record<string, string>) =>
      call(buySeatsRoute.action, formRequest(`/empresa/${companyId}/comprar`, { courseId: "1", quantity: "4", method: "transfer", coupon: "", terms: "on", ...fields }, { cookie: manager.cookie }), {
        companyId: String(companyId),
      });
    const page = await call(buySeatsRoute.loader, getRequest(`/empresa/${companyId}/comprar`, manager.cookie), { companyId: String(companyId) });
    expect(page.data.taxCompany).toMatchObject({ giro: "", address: "", comuna: "" });
    const missing = await buy({});
    expect(missing).toMatchObject({ status: 400, data: { fieldErrors: { giro: taxFormMessages.giroRequired, address: taxFormMessages.addressRequired, comuna: taxFormMessages.comunaRequired } } });
    // A crafted RUT or razón social in the form changes nothing: the company's own go on its factura.
    const placed = await buy({ giro: "Construcción", address: "Av. Matta 100", comuna: "Santiago", purchaseOrder: "OC-77", rut: "11.111.111-1", businessName: "Otra SpA" });
    expect(placed.status).toBe(302);
    const number = numberOf(placed.location);
    const [c] = await db().select().from(company).where(eq(company.id, companyId));
    expect(c).toMatchObject({ giro: "Construcción", address: "Av. Matta 100", comuna: "Santiago" });
    expect((await call(buySeatsRoute.loader, getRequest(`/empresa/${companyId}/comprar`, manager.cookie), { companyId: String(companyId) })).data.taxCompany).toMatchObject({ giro: "Construcción", comuna: "Santiago" });
    await confirm(number);
    await runDueJobs();
    const issued = dte.server.documents().find((d) => d.type === 34)!;
    expect((issued.dte.Encabezado as Record<string, unknown>).Receptor).toEqual({ RUTRecep: c!.rut, RznSocRecep: c!.name, GiroRecep: "Construcción", DirRecep: "Av. Matta 100", CmnaRecep: "Santiago" });
    expect(issued.dte.Detalle).toEqual([expect.objectContaining({ QtyItem: 4, PrcItem: 20_000, MontoItem: 80_000 })]);

    const portal = await call(portalRoute.loader, getRequest(`/empresa/${companyId}`, manager.cookie), { companyId: String(companyId) });
    const [purchase] = portal.data.purchases;
    expect(purchase).toMatchObject({ number, seats: "4", total: "$80.000" });
    const [doc] = purchase.documents;
    expect(doc).toMatchObject({ label: "Factura exenta electrónica N° 1", href: `/empresa/${companyId}/documentos/${doc.id}` });
    expect((await call(companyPdfRoute.loader, getRequest(doc.href, manager.cookie), { companyId: String(companyId), documentId: String(doc.id) })).status).toBe(200);

    // Another company's manager, asking with their own company's id, gets nothing.
    const other = await companyWithManager(admin.cookie, 0);
    expect((await call(companyPdfRoute.loader, getRequest(doc.href, other.manager.cookie), { companyId: String(other.companyId), documentId: String(doc.id) })).status).toBe(404);
    expect((await call(companyPdfRoute.loader, getRequest(doc.href, other.manager.cookie), { companyId: String(companyId), documentId: String(doc.id) })).status).toBe(403);
  });
});

describe("administración", () => {
  it("la venta muestra sus documentos con su historial y PDF; la lista y el CSV llevan tipo, folio y estado", async () => {
    const buyer = await createUser({ name: "Rosa Pérez" });
    const paid = await paidByTransfer(buyer.id, admin.id);
    await runDueJobs();
    const sale = await call(saleRoute.loader, getRequest(`/admin/ventas/${paid.number}`, admin.cookie), { number: paid.number });
    const [doc] = sale.data.documents;
    expect(doc).toMatchObject({ label: "Boleta exenta electrónica N° 1", statusLabel: "En revisión del SII", hasPdf: true, canRetry: false });
    expect(doc.history.map((h: { event: string }) => h.event)).toEqual(["queued", "issued"]);
    expect((await call(adminPdfRoute.loader, getRequest(`/admin/ventas/${paid.number}/documentos/${doc.id}`, admin.cookie), { number: paid.number, documentId: String(doc.id) })).status).toBe(200);
    expect((await call(adminPdfRoute.loader, getRequest(`/admin/ventas/${paid.number}/documentos/${doc.id}`, buyer.cookie), { number: paid.number, documentId: String(doc.id) })).status).toBe(302);

    const list = await call(salesRoute.loader, getRequest("/admin/ventas", admin.cookie));
    const row = list.data.orders.find((o: { number: string }) => o.number === paid.number);
    expect(row).toMatchObject({ documentType: "Boleta exenta", documentFolio: 1, documentState: "En revisión del SII", creditNoteFolio: null });
    const csv = await call(salesCsvRoute.loader, getRequest("/admin/ventas.csv", admin.cookie));
    const text = await csv.response!.text();
    expect(text.split("\n")[0]).toContain("Documento tributario;Folio;Estado del documento;Folio nota de crédito;Estado nota de crédito");
    expect(text.split("\n").find((l) => l.startsWith(paid.number))).toMatch(/;Boleta exenta;1;En revisión del SII;;\r?$/);
  });

  it("/admin/documentos lista los pendientes y rechazados; reintentar es solo para administradores", async () => {
    const buyer = await createUser();
    dte.server.respondNext("issue", 400, { error: { message: "Validación de Campos", code: "OF-10" } });
    const paid = await paidByTransfer(buyer.id, admin.id);
    await runDueJobs();
    const page = await call(documentsRoute.loader, getRequest("/admin/documentos", admin.cookie));
    const listed = page.data.documents.find((d: { orderNumber: string }) => d.orderNumber === paid.number);
    expect(listed).toMatchObject({ statusLabel: "Rechazado por el proveedor", canRetry: true, lastError: "OF-10 Validación de Campos" });
    // A learner cannot retry; a bad id is refused with a message; the admin can.
    const asLearner = await call(documentsRoute.action, formRequest("/admin/documentos", { intent: "retryDocument", documentId: String(listed.id) }, { cookie: buyer.cookie }));
    expect(asLearner.status).toBe(302);
    expect((await documentsOf(paid.id))[0]!.state).toBe("refused");
    const bad = await call(documentsRoute.action, formRequest("/admin/documentos", { intent: "retryDocument", documentId: "abc" }, { cookie: admin.cookie }));
    expect(bad).toMatchObject({ status: 409, data: { ok: false, message: taxDocumentMessages.notFound } });
    const retried = await call(documentsRoute.action, formRequest("/admin/documentos", { intent: "retryDocument", documentId: String(listed.id) }, { cookie: admin.cookie }));
    expect(retried).toMatchObject({ status: 200, data: { ok: true, message: taxDocumentMessages.retried } });
    await runDueJobs();
    expect((await documentsOf(paid.id))[0]).toMatchObject({ state: "issued" });
    const after = await call(documentsRoute.loader, getRequest("/admin/documentos", admin.cookie));
    expect(after.data.documents.some((d: { orderNumber: string }) => d.orderNumber === paid.number)).toBe(false);
    // Retrying an issued one is refused, saying so.
    const again = await call(saleRoute.action, formRequest(`/admin/ventas/${paid.number}`, { intent: "retryDocument", documentId: String(listed.id) }, { cookie: admin.cookie }), { number: paid.number });
    expect(again).toMatchObject({ status: 409, data: { ok: false, message: taxDocumentMessages.alreadyIssued } });
  });

  it("el editor del curso fija su documento: afecto da boletas 39; un valor inventado se rechaza junto al campo", async () => {
    const editor = await call(editorRoute.loader, getRequest("/admin/cursos/2", admin.cookie), { id: "2" });
    expect(editor.data.values.taxTreatment).toBe("exempt");
    const fields = { ...editor.data.values, intent: "save-course" } as Record<string, string>;
    const bad = await call(editorRoute.action, formRequest("/admin/cursos/2", { ...fields, taxTreatment: "mitad" }, { cookie: admin.cookie }), { id: "2" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ taxTreatment: "Elige cómo se documentan las ventas del curso." });
    const saved = await call(editorRoute.action, formRequest("/admin/cursos/2", { ...fields, taxTreatment: "taxed" }, { cookie: admin.cookie }), { id: "2" });
    expect(saved.status).toBe(200);
    expect((await db().select({ t: course.taxTreatment }).from(course).where(eq(course.id, 2)))[0]!.t).toBe("taxed");
    // A learner cannot.
    const asLearner = await call(editorRoute.action, formRequest("/admin/cursos/2", { ...fields, taxTreatment: "exempt" }, { cookie: (await createUser()).cookie }), { id: "2" });
    expect(asLearner.status).toBe(302);
    expect((await db().select({ t: course.taxTreatment }).from(course).where(eq(course.id, 2)))[0]!.t).toBe("taxed");
  });
});
