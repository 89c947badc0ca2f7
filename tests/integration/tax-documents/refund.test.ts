// A refund issues the nota de crédito (61) that cancels the sale's document, referencing it by type, folio and
// date — also when the refund comes before the document could be issued; a Webpay payment's commit issues the
// sale's document as a confirmed transfer does.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { company } from "~/server/platform/db/schema";
import { refundOrder } from "~/server/commerce/orders/admin-orders.server";
import { documentMailFor } from "~/server/commerce/tax-documents/jobs.server";
import { useLocalWebpay } from "../payments/webpay-support";
import { orderRow, payWith, returnToAcademy } from "../commerce/support";
import { createUser } from "../support/users";
import { addCoupon, deliveredMails, documentsOf, factura, makeJobsDue, paidByTransfer, runDueJobs, useLocalOpenFactura } from "./support";

const dte = useLocalOpenFactura();
const webpay = useLocalWebpay(0);

describe("nota de crédito", () => {
  it("un reembolso emite la nota de crédito que anula la boleta: mismo total, referencia al folio y su fecha, y la envía por correo", async () => {
    const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
    const paid = await paidByTransfer(buyer.id, admin.id);
    await runDueJobs();
    const refunded = await refundOrder({ number: paid.number, adminId: admin.id, reason: "Compra duplicada", keepAccess: false });
    expect(refunded.ok).toBe(true);
    const [note] = (await documentsOf(paid.id)).filter((d) => d.kind === "credit");
    expect(note).toMatchObject({ type: 61, state: "pending", totalClp: 20_000, idempotencyKey: `${paid.number}:nota-credito:1` });
    await runDueJobs();
    const docs = await documentsOf(paid.id);
    expect(docs.map((d) => [d.kind, d.type, d.state, d.folio])).toEqual([
      ["sale", 41, "issued", 1],
      ["credit", 61, "issued", 1],
    ]);
    expect(docs[1]!.creditsDocumentId).toBe(docs[0]!.id);
    const atProvider = dte.server.documents().find((d) => d.type === 61)!;
    expect(atProvider.totals).toEqual({ net: 0, vat: 0, exempt: 20_000, total: 20_000 });
    expect(atProvider.dte.Referencia).toEqual([
      { NroLinRef: 1, TpoDocRef: "41", FolioRef: "1", FchRef: (docs[0]!.draft as { issueDate: string }).issueDate, CodRef: 1, RazonRef: "Anula boleta exenta N° 1: Compra duplicada" },
    ]);
    // A boleta to the generic RUT: the nota names the person and fills what the factura format asks.
    expect((atProvider.dte.Encabezado as Record<string, unknown>).Receptor).toMatchObject({ RUTRecep: "66666666-6", GiroRecep: "Particular" });
    const mail = await documentMailFor(docs[1]!.id, false);
    expect(mail!.subject).toBe(`Nota de crédito electrónica N° 1 del pedido ${paid.number}`);
    expect(mail!.attachments![0]!.filename).toBe("nota-de-credito-61-folio-1.pdf");
    expect(deliveredMails(buyer.email).filter((m) => m.includes("filename=nota-de-credito-61-folio-1.pdf"))).toHaveLength(1);
  });

  it("reembolso antes de que la boleta se pudiera emitir (proveedor caído): primero la boleta, después su nota de crédito", async () => {
    const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
    dte.server.setOutage("reset");
    const paid = await paidByTransfer(buyer.id, admin.id);
    await runDueJobs();
    expect((await refundOrder({ number: paid.number, adminId: admin.id, reason: "Se arrepintió", keepAccess: false })).ok).toBe(true);
    expect((await documentsOf(paid.id)).map((d) => [d.kind, d.state])).toEqual([["sale", "pending"]]);
    dte.server.setOutage(null);
    await makeJobsDue();
    await runDueJobs();
    const docs = await documentsOf(paid.id);
    expect(docs.map((d) => [d.kind, d.type, d.state, d.folio])).toEqual([
      ["sale", 41, "issued", 1],
      ["credit", 61, "issued", 1],
    ]);
    expect(dte.server.documents().map((d) => d.type)).toEqual([41, 61]);
  });

  it("un pedido sin documento (cupón del 100 %) no lleva nota de crédito", async () => {
    const buyer = await createUser();
    const admin = await createUser({ role: "admin" });
    await addCoupon("TODO100", "percent", 100);
    const free = await paidByTransfer(buyer.id, admin.id, { couponCode: "TODO100" });
    expect((await refundOrder({ number: free.number, adminId: admin.id, reason: "Prueba", keepAccess: false })).ok).toBe(true);
    await runDueJobs();
    expect(await documentsOf(free.id)).toEqual([]);
    expect(dte.server.requests()).toEqual([]);
  });

  it("factura de una empresa: la nota de crédito lleva sus datos y referencia la factura (34)", async () => {
    const [manager, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
    const [c] = await db().insert(company).values({ name: "Minera Norte SpA", rut: "76430498-5", contactName: "Luis", contactEmail: "luis@norte.cl", contactPhone: "+56 9 8765 4321" }).returning();
    const paid = await paidByTransfer(manager.id, admin.id, {
      company: { id: c!.id, quantity: 3, billing: { giro: "Minería", address: "Calle 1", comuna: "Antofagasta" } },
      taxBuyer: { ...factura, rut: c!.rut, businessName: c!.name, giro: "Minería", address: "Calle 1", comuna: "Antofagasta", purchaseOrder: null },
    });
    await runDueJobs();
    await refundOrder({ number: paid.number, adminId: admin.id, reason: "Curso cancelado", keepAccess: false });
    await runDueJobs();
    const note = dte.server.documents().find((d) => d.type === 61)!;
    expect((note.dte.Encabezado as Record<string, unknown>).Receptor).toEqual({ RUTRecep: "76430498-5", RznSocRecep: "Minera Norte SpA", GiroRecep: "Minería", DirRecep: "Calle 1", CmnaRecep: "Antofagasta" });
    expect(note.totals.total).toBe(60_000);
    expect((note.dte.Referencia as { TpoDocRef: string }[])[0]!.TpoDocRef).toBe("34");
    expect((await db().select().from(company).where(eq(company.id, c!.id)))[0]).toMatchObject({ giro: "Minería" });
  });
});

describe("Webpay", () => {
  it("el commit de Webpay emite la boleta; el reembolso por Webpay, su nota de crédito", async () => {
    const buyer = await createUser();
    const admin = await createUser({ role: "admin" });
    const { number, back } = await payWith(buyer.cookie);
    await returnToAcademy(back);
    const row = await orderRow(number);
    expect(row.status).toBe("paid");
    await runDueJobs();
    expect((await documentsOf(row.id)).map((d) => [d.type, d.state, d.folio])).toEqual([[41, "issued", 1]]);
    // A second return of the same token (a reload) settles nothing new: still one document.
    await returnToAcademy(back);
    await runDueJobs();
    expect(dte.server.documents()).toHaveLength(1);
    expect((await refundOrder({ number, adminId: admin.id, reason: "Pago duplicado", keepAccess: false }, webpay.provider)).ok).toBe(true);
    await runDueJobs();
    expect((await documentsOf(row.id)).map((d) => [d.type, d.state])).toEqual([
      [41, "issued"],
      [61, "issued"],
    ]);
  });
});
