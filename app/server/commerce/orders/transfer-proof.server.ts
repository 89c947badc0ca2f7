// A buyer's proof of transfer (docs/payments.md, "Proof of transfer"): uploaded to their own order while it awaits
// the transfer, checked by its content, stored with the order in one transaction, and announced to the academy's
// payments inbox. Its buyer and the administration can download it; nobody else learns it exists.
import { and, asc, count, desc, eq } from "drizzle-orm";
import { site } from "~/config/site";
import {
  MAX_PROOFS_PER_ORDER,
  PROOF_EXTENSION,
  PROOF_MIME,
  TRANSFER_PROOF_MAX_BYTES,
  detectProofKind,
  transferProofMessages as M,
} from "~/domain/transfer-proof";
import { db } from "../../platform/db/client.server";
import { asset, course, order, transferProof, user } from "../../platform/db/schema";
import { env } from "../../platform/env.server";
import { now } from "../../platform/clock.server";
import { queueMail } from "../../platform/outbox/outbox.server";
import { renderMail } from "../../platform/mail/render-mail.server";
import { objectStore } from "../../platform/storage/object-store.server";
import { storeAssetFile } from "../../platform/storage/storage.server";
import { cleanFilename, type UploadedFile } from "../../platform/http/uploaded-files.server";

export type ProofUpload = { ok: true } | { ok: false; status: 400 | 404 | 409 | 413; message: string };

export interface ProofView {
  id: number;
  filename: string;
  uploadedAt: Date;
}

/** Stores `file` as a proof of the transfer of the buyer's order `number`; refuses anything else, saying why. */
export async function attachTransferProof(input: { number: string; userId: string; file: UploadedFile | undefined }): Promise<ProofUpload> {
  const { file } = input;
  if (!file || file.size === 0) return { ok: false, status: 400, message: M.missing };
  if (file.size > TRANSFER_PROOF_MAX_BYTES) return { ok: false, status: 413, message: M.tooLarge };
  const kind = detectProofKind(file.head);
  if (!kind) return { ok: false, status: 400, message: M.wrongType };
  return db().transaction(async (tx) => {
    // The order locked: a proof lands only on an order still awaiting its transfer, not beside its confirmation.
    const [o] = await tx
      .select({ id: order.id, method: order.method, status: order.status, amountClp: order.amountClp, courseId: order.courseId })
      .from(order)
      .where(and(eq(order.number, input.number), eq(order.userId, input.userId)))
      .for("update");
    if (!o) return { ok: false, status: 404, message: "" };
    if (o.method !== "transfer" || o.status !== "pending") return { ok: false, status: 409, message: M.notAwaiting };
    const [{ n }] = (await tx.select({ n: count() }).from(transferProof).where(eq(transferProof.orderId, o.id))) as [{ n: number }];
    if (Number(n) >= MAX_PROOFS_PER_ORDER) return { ok: false, status: 409, message: M.tooMany };
    const uploadedAt = now();
    // Named by the order, not by the buyer's file: the stored name is what a download is called.
    const stored = await storeAssetFile(file, { filename: `comprobante-${input.number}${PROOF_EXTENSION[kind]}`, mime: PROOF_MIME[kind] }, tx);
    await tx.insert(transferProof).values({ orderId: o.id, assetId: stored.id, filename: cleanFilename(file.filename), uploadedBy: input.userId, uploadedAt });
    const [about] = await tx
      .select({ buyerName: user.name, courseTitle: course.title })
      .from(user)
      .innerJoin(course, eq(course.id, o.courseId))
      .where(eq(user.id, input.userId))
      .limit(1);
    const mail = await renderMail(
      { kind: "transferProofInbox", orderNumber: input.number, buyerName: about?.buyerName ?? "", courseTitle: about?.courseTitle ?? "", total: o.amountClp, uploadedAt },
      { baseUrl: env().PUBLIC_URL },
    );
    await queueMail({ to: site.bank.proofEmail, ...mail }, tx);
    return { ok: true };
  });
}

/** The proofs of an order, newest first (its page and the administration's). */
export async function proofsOfOrder(orderId: number): Promise<ProofView[]> {
  return db()
    .select({ id: transferProof.id, filename: transferProof.filename, uploadedAt: transferProof.uploadedAt })
    .from(transferProof)
    .where(eq(transferProof.orderId, orderId))
    .orderBy(desc(transferProof.uploadedAt), desc(transferProof.id));
}

/**
 * A proof's bytes for download: by its buyer (`userId`) or by an administrator (`userId` null); null for a proof
 * that does not exist, is another order's, or belongs to someone else's order.
 */
export async function proofForDownload(number: string, proofId: number, userId: string | null) {
  const [row] = await db()
    .select({ storageKey: asset.storageKey, filename: asset.filename, mime: asset.mime, size: asset.size, buyerId: order.userId })
    .from(transferProof)
    .innerJoin(order, eq(order.id, transferProof.orderId))
    .innerJoin(asset, eq(asset.id, transferProof.assetId))
    .where(and(eq(transferProof.id, proofId), eq(order.number, number), userId === null ? undefined : eq(order.userId, userId)))
    .orderBy(asc(transferProof.id))
    .limit(1);
  if (!row) return null;
  const body = await objectStore().read(row.storageKey);
  return body ? { ...row, body } : null;
}
