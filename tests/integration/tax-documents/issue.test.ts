// A paid sale gets its boleta or factura: the right type for the course and the buyer, amounts in whole pesos
// equal to the order's (a coupon, N seats), none for a 100 % coupon, issued once through the outbox, with its
// PDF attached to the receipt.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { company, outbox, taxBuyer } from "~/server/platform/db/schema";
import { documentMailFor } from "~/server/commerce/tax-documents/jobs.server";
import { createUser } from "../support/users";
import { pdfText } from "../certificates/helpers";
import { addCoupon, boleta, deliveredMails, documentsOf, eventsOf, factura, paidByTransfer, runDueJobs, setCourseTreatment, useLocalOpenFactura } from "./support";

const dte = useLocalOpenFactura();

describe("documento de una venta", () => {
  it("una persona paga: boleta exenta (41) al RUT genérico por el total, folio del proveedor, PDF guardado y adjunto al comprobante", async () => {
    const [buyer, admin] = await Promise.all([createUser({ name: "Ana Pérez" }), createUser({ role: "admin" })]);
    const paid = await paidByTransfer(buyer.id, admin.id);
    const [queued] = await documentsOf(paid.id);
    expect(queued).toMatchObject({ kind: "sale", type: 41, state: "pending", totalClp: 20_000, folio: null, idempotencyKey: `${paid.number}:venta:1` });
    // The receipt waits for the document: no receipt mail was queued by the payment itself.
    const mails = await db().select().from(outbox).where(eq(outbox.kind, "mail"));
    expect(mails.filter((m) => JSON.stringify(m.payload).includes("Pago confirmado"))).toHaveLength(0);

    await runDueJobs();
    const [issued] = await documentsOf(paid.id);
    expect(issued).toMatchObject({ state: "issued", folio: 1, siiStatus: "pending", attempts: 1, buyerNotified: true });
    expect(issued!.pdfAssetId).not.toBeNull();
    const [atProvider] = dte.server.documents();
    expect(atProvider).toMatchObject({ type: 41, folio: 1, idempotencyKey: `${paid.number}:venta:1`, totals: { net: 0, vat: 0, exempt: 20_000, total: 20_000 } });
    const head = atProvider!.dte.Encabezado as Record<string, Record<string, unknown>>;
    expect(head.Receptor).toEqual({ RUTRecep: "66666666-6", RznSocRecep: "Ana Pérez" });
    expect(head.IdDoc).toMatchObject({ TipoDTE: 41, IndServicio: 3, FchEmis: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await eventsOf(issued!.id)).map((e) => e.event)).toEqual(["queued", "issued"]);

    const mail = await documentMailFor(issued!.id, true);
    expect(mail!.subject).toBe("Pago confirmado: Reanimación Cardiopulmonar solo Compresiones");
    expect(mail!.text).toContain("Adjuntamos tu Boleta exenta electrónica N° 1 en PDF.");
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]!.filename).toBe("boleta-exenta-41-folio-1.pdf");
    const { text } = await pdfText(new Uint8Array(Buffer.from(mail!.attachments![0]!.contentBase64, "base64")));
    expect(text).toContain("BOLETA NO AFECTA O EXENTA ELECTRÓNICA");
    expect(text).toContain("$20.000");
    // Delivered once, with the PDF (the other mail is the transfer's instructions, sent at checkout).
    const delivered = deliveredMails(buyer.email);
    expect(delivered).toHaveLength(2);
    const withPdf = delivered.filter((m) => m.includes("Content-Type: application/pdf"));
    expect(withPdf).toHaveLength(1);
    expect(withPdf[0]).toContain("filename=boleta-exenta-41-folio-1.pdf");
  });

  it("boleta con RUT: el RUT que dio la persona", async () => {
    const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
    await paidByTransfer(buyer.id, admin.id, { taxBuyer: { ...boleta, rut: "12345678-5" } });
    await runDueJobs();
    expect((dte.server.documents()[0]!.dte.Encabezado as Record<string, Record<string, unknown>>).Receptor!.RUTRecep).toBe("12345678-5");
  });

  it("con cupón: la línea a precio de lista, el cupón como descuento global exento y el total igual a lo cobrado", async () => {
    const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
    await addCoupon("DTE25", "percent", 25);
    const paid = await paidByTransfer(buyer.id, admin.id, { couponCode: "DTE25" });
    expect(paid.amountClp).toBe(15_000);
    await runDueJobs();
    const [doc] = dte.server.documents();
    expect(doc!.totals).toEqual({ net: 0, vat: 0, exempt: 15_000, total: 15_000 });
    expect(doc!.dte.Detalle).toEqual([expect.objectContaining({ QtyItem: 1, PrcItem: 20_000, MontoItem: 20_000, IndExe: 1 })]);
    expect(doc!.dte.DscRcgGlobal).toEqual([{ NroLinDR: 1, TpoMov: "D", GlosaDR: "Cupón DTE25", TpoValor: "$", ValorDR: 5000, IndExeDR: 1 }]);
    expect((await documentsOf(paid.id))[0]!.totalClp).toBe(15_000);
  });

  it("un cupón del 100 %: sin documento (no hubo cobro) y el comprobante sale como antes", async () => {
    const buyer = await createUser();
    await addCoupon("GRATIS100", "percent", 100);
    const free = await paidByTransfer(buyer.id, "", { couponCode: "GRATIS100" });
    expect(free).toMatchObject({ status: "paid", amountClp: 0, method: "free" });
    expect(await documentsOf(free.id)).toEqual([]);
    await runDueJobs();
    expect(dte.server.requests()).toEqual([]);
    expect(deliveredMails(buyer.email).some((m) => m.includes("Comprobante de tu compra"))).toBe(true);
  });

  it("curso afecto: boleta (39) con neto e IVA que suman lo cobrado", async () => {
    await setCourseTreatment("taxed");
    try {
      const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
      await paidByTransfer(buyer.id, admin.id);
      await runDueJobs();
      const [doc] = dte.server.documents();
      expect(doc).toMatchObject({ type: 39, totals: { net: 16_807, vat: 3193, exempt: 0, total: 20_000 } });
      expect(doc!.dte.Detalle).toEqual([expect.not.objectContaining({ IndExe: 1 })]);
    } finally {
      await setCourseTreatment("exempt");
    }
  });

  it("curso afecto pedido con factura: factura (33) con montos brutos (MntBruto), neto e IVA del total con descuento", async () => {
    await setCourseTreatment("taxed");
    try {
      const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
      await addCoupon("AFECTA", "fixed", 3001);
      const paid = await paidByTransfer(buyer.id, admin.id, { couponCode: "AFECTA", taxBuyer: factura });
      expect(paid.amountClp).toBe(16_999);
      await runDueJobs();
      const [doc] = dte.server.documents();
      expect(doc).toMatchObject({ type: 33, totals: { net: 14_285, vat: 2714, exempt: 0, total: 16_999 } });
      expect((doc!.dte.Encabezado as Record<string, Record<string, unknown>>).IdDoc).toMatchObject({ TipoDTE: 33, MntBruto: 1 });
    } finally {
      await setCourseTreatment("exempt");
    }
  });

  it("empresa con N cupos: factura exenta (34) con sus datos guardados, cantidad N, orden de compra y acción SENCE", async () => {
    const [manager, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
    const [c] = await db().insert(company).values({ name: "Constructora Los Andes SpA", rut: "76430498-5", giro: null, contactName: "Rosa", contactEmail: "rosa@losandes.cl", contactPhone: "+56 9 1234 5678" }).returning();
    await addCoupon("EMPRESA10", "percent", 10);
    const paid = await paidByTransfer(manager.id, admin.id, {
      couponCode: "EMPRESA10",
      company: { id: c!.id, quantity: 12, billing: { giro: "Construcción de edificios", address: "Av. Matta 100", comuna: "Santiago" } },
      taxBuyer: { ...factura, businessName: c!.name, rut: c!.rut, senceActionId: "1237984561" },
    });
    expect(paid).toMatchObject({ quantity: 12, subtotalClp: 240_000, discountClp: 24_000, amountClp: 216_000 });
    // The company keeps its billing data for its next facturas.
    expect((await db().select().from(company).where(eq(company.id, c!.id)))[0]).toMatchObject({ giro: "Construcción de edificios", address: "Av. Matta 100", comuna: "Santiago" });
    expect((await db().select().from(taxBuyer).where(eq(taxBuyer.orderId, paid.id)))[0]).toMatchObject({ receipt: "factura", purchaseOrder: "OC-4471" });
    await runDueJobs();
    const [doc] = dte.server.documents();
    expect(doc).toMatchObject({ type: 34, folio: 1, totals: { exempt: 216_000, total: 216_000 } });
    const head = doc!.dte.Encabezado as Record<string, Record<string, unknown>>;
    expect(head.Receptor).toEqual({ RUTRecep: "76430498-5", RznSocRecep: "Constructora Los Andes SpA", GiroRecep: "Construcción de edificios", DirRecep: "Av. Matta 100", CmnaRecep: "Santiago" });
    expect(head.IdDoc).toMatchObject({ TipoDTE: 34, FmaPago: 1 });
    expect(doc!.dte.Detalle).toEqual([{ NroLinDet: 1, NmbItem: "Curso: Reanimación Cardiopulmonar solo Compresiones", DscItem: `12 cupos · Pedido ${paid.number} · Acción SENCE 1237984561`, QtyItem: 12, PrcItem: 20_000, MontoItem: 240_000, IndExe: 1 }]);
    expect(doc!.dte.Referencia).toEqual([{ NroLinRef: 1, TpoDocRef: "801", FolioRef: "OC-4471", FchRef: expect.any(String), RazonRef: "Orden de compra OC-4471" }]);
  });

  it("sin proveedor configurado, la venta no espera ningún documento: el comprobante sale al pagar", async () => {
    const { env, setEnv } = await import("~/server/platform/env.server");
    const withDte = env();
    setEnv({ ...withDte, DTE_PROVIDER: undefined, OPENFACTURA_ENVIRONMENT: undefined, OPENFACTURA_BASE_URL: undefined });
    try {
      const [buyer, admin] = await Promise.all([createUser(), createUser({ role: "admin" })]);
      const paid = await paidByTransfer(buyer.id, admin.id);
      expect(await documentsOf(paid.id)).toEqual([]);
      const queued = await db().select().from(outbox).where(eq(outbox.kind, "mail"));
      expect(queued.some((m) => JSON.stringify(m.payload).includes(buyer.email))).toBe(true);
    } finally {
      setEnv(withDte);
    }
  });
});
