// A buyer's proof of transfer (docs/payments.md, "Proof of transfer"): uploaded through the order page's action as
// a browser sends it (multipart), checked by its bytes, stored with the order, mailed to the payments inbox, and
// downloaded only by its buyer or an administrator.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as orderPage from "~/routes/compra";
import * as proofRoute from "~/routes/compra-comprobante";
import * as checkoutRoute from "~/routes/curso-comprar";
import * as salePage from "~/routes/admin/venta";
import { site } from "~/config/site";
import { TRANSFER_PROOF_MAX_BYTES, transferProofMessages as M, detectProofKind } from "~/domain/transfer-proof";
import { db } from "~/server/platform/db/client.server";
import { order, outbox, privacyAccessLog, transferProof } from "~/server/platform/db/schema";
import { confirmTransfer } from "~/server/commerce/orders/admin-orders.server";
import { call } from "../support/call";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(32)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64)]);

function upload(number: string, file: { bytes: Buffer; name: string } | null, cookie: string, fields: Record<string, string> = { intent: "upload-proof" }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("comprobante", new File([new Uint8Array(file.bytes)], file.name));
  const request = new Request(`${BASE}/compras/${number}`, { method: "POST", body: form, headers: { origin: BASE, cookie } });
  return call(orderPage.action, request, { number });
}

const page = (number: string, cookie: string) => call(orderPage.loader, getRequest(`/compras/${number}`, cookie), { number });

const download = (number: string, proofId: number, cookie: string) =>
  call(proofRoute.loader, getRequest(`/compras/${number}/comprobantes/${proofId}`, cookie), { number, proofId: String(proofId) });

/** A learner with a transfer order for course 1, awaiting the transfer. */
async function transferOrder() {
  const buyer = await createUser();
  const res = await call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "transfer", terms: "on" }, { cookie: buyer.cookie }), { id: "1" });
  expect(res.status).toBe(302);
  const [o] = await db().select().from(order).where(eq(order.userId, buyer.id));
  return { buyer, number: o!.number, orderId: o!.id };
}

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

describe("qué archivo es, por sus bytes", () => {
  it("reconoce PDF, PNG, JPEG, WebP y HEIC y nada más, diga lo que diga el nombre", () => {
    expect(detectProofKind(PDF)).toBe("pdf");
    expect(detectProofKind(PNG)).toBe("png");
    expect(detectProofKind(JPEG)).toBe("jpeg");
    expect(detectProofKind(Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBP")]))).toBe("webp");
    expect(detectProofKind(HEIC)).toBe("heic");
    expect(detectProofKind(EXE)).toBeNull();
    expect(detectProofKind(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectProofKind(Buffer.alloc(0))).toBeNull();
  });
});

describe("comprobante de transferencia", () => {
  it("la compradora lo sube, aparece en su pedido, llega a la casilla de pagos y lo descargan ella y la administración", async () => {
    const { buyer, number, orderId } = await transferOrder();
    expect((await page(number, buyer.cookie)).data.order.proof).toEqual({ canUpload: true, uploaded: [] });

    const res = await upload(number, { bytes: PDF, name: "Transferencia Banco Estado.pdf" }, buyer.cookie);
    expect(res).toMatchObject({ status: 200, data: { proofSaved: M.received } });
    const [row] = await db().select().from(transferProof).where(eq(transferProof.orderId, orderId));
    expect(row).toMatchObject({ filename: "Transferencia Banco Estado.pdf", uploadedBy: buyer.id });

    const shown = (await page(number, buyer.cookie)).data.order.proof;
    expect(shown.uploaded).toHaveLength(1);
    expect(shown.uploaded[0]).toMatchObject({ filename: "Transferencia Banco Estado.pdf", href: `/compras/${number}/comprobantes/${row!.id}` });

    // The payments inbox is told, through the outbox, with the order's number only in the subject.
    const mails = await db().select().from(outbox);
    const inbox = mails.filter((m) => JSON.stringify(m.payload).includes(`Comprobante de transferencia: pedido ${number}`));
    expect(inbox).toHaveLength(1);
    expect(JSON.stringify(inbox[0]!.payload)).toContain(site.bank.proofEmail);

    const got = await download(number, row!.id, buyer.cookie);
    expect(got.status).toBe(200);
    const mine = got.response!;
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("content-disposition")).toContain(`comprobante-${number}.pdf`);
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF)).toBe(true);

    const asAdmin = await download(number, row!.id, admin.cookie);
    expect(asAdmin.status).toBe(200);
    await asAdmin.response!.arrayBuffer();
    // The administrator's download is in the buyer's access log, as opening the order is.
    const log = await db().select().from(privacyAccessLog).where(and(eq(privacyAccessLog.subjectUserId, buyer.id), eq(privacyAccessLog.actorId, admin.id)));
    expect(log.map((l) => l.action)).toContain("admin.view_order");

    // The sale's page lists it beside "Marcar como pagado".
    const sale = await call(salePage.loader, getRequest(`/admin/ventas/${number}`, admin.cookie), { number });
    expect(sale.data.proofs).toEqual([expect.objectContaining({ filename: "Transferencia Banco Estado.pdf", href: `/compras/${number}/comprobantes/${row!.id}` })]);
  });

  it("otra persona no lo ve ni lo sube: 404 como si no existiera", async () => {
    const { buyer, number } = await transferOrder();
    await upload(number, { bytes: PNG, name: "captura.png" }, buyer.cookie);
    const [row] = await db().select().from(transferProof).innerJoin(order, eq(order.id, transferProof.orderId)).where(eq(order.number, number));
    const stranger = await createUser();
    expect((await download(number, row!.transfer_proof.id, stranger.cookie)).status).toBe(404);
    // A proof of another order, asked through this one: 404 too.
    const other = await transferOrder();
    expect((await download(other.number, row!.transfer_proof.id, other.buyer.cookie)).status).toBe(404);
    // Uploading to someone else's order: refused, nothing stored.
    const refused = await upload(number, { bytes: PDF, name: "x.pdf" }, stranger.cookie);
    expect(refused.status).toBe(404);
    expect(await db().select().from(transferProof).innerJoin(order, eq(order.id, transferProof.orderId)).where(eq(order.number, number))).toHaveLength(1);
  });

  it("rechaza junto al campo un archivo que no es PDF ni imagen, uno vacío, uno que falta o uno demasiado grande; no guarda nada", async () => {
    const { buyer, number, orderId } = await transferOrder();
    expect(await upload(number, { bytes: EXE, name: "comprobante.pdf" }, buyer.cookie)).toMatchObject({ status: 400, data: { proofError: M.wrongType } });
    expect(await upload(number, { bytes: Buffer.from("<svg/>"), name: "comprobante.svg" }, buyer.cookie)).toMatchObject({ status: 400, data: { proofError: M.wrongType } });
    expect(await upload(number, { bytes: Buffer.alloc(0), name: "vacio.pdf" }, buyer.cookie)).toMatchObject({ status: 400, data: { proofError: M.missing } });
    expect(await upload(number, null, buyer.cookie)).toMatchObject({ status: 400, data: { proofError: M.missing } });
    const big = Buffer.concat([PDF, Buffer.alloc(TRANSFER_PROOF_MAX_BYTES + 1024)]);
    expect(await upload(number, { bytes: big, name: "grande.pdf" }, buyer.cookie)).toMatchObject({ status: 413, data: { proofError: M.tooLarge } });
    expect(await upload(number, { bytes: PDF, name: "x.pdf" }, buyer.cookie, { intent: "otra-cosa" })).toMatchObject({ status: 400 });
    expect(await db().select().from(transferProof).where(eq(transferProof.orderId, orderId))).toHaveLength(0);
  });

  it("solo mientras espera la transferencia, y como mucho cinco; dos a la vez no pasan el tope", async () => {
    const { buyer, number, orderId } = await transferOrder();
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => upload(number, { bytes: Buffer.concat([JPEG, Buffer.from(String(i))]), name: `foto-${i}.jpg` }, buyer.cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409).every((r) => r.data.proofError === M.tooMany)).toBe(true);
    expect(await db().select().from(transferProof).where(eq(transferProof.orderId, orderId))).toHaveLength(5);

    const paid = await transferOrder();
    expect((await confirmTransfer(paid.number, admin.id)).ok).toBe(true);
    expect(await upload(paid.number, { bytes: HEIC, name: "IMG_0001.HEIC" }, paid.buyer.cookie)).toMatchObject({ status: 409, data: { proofError: M.notAwaiting } });
    expect((await page(paid.number, paid.buyer.cookie)).data.order.proof).toEqual({ canUpload: false, uploaded: [] });
  });
});
