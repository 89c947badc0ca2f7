// The proof of a bank transfer a buyer uploads to their order (docs/payments.md, "Proof of transfer"): what it may
// be, by its first bytes, whatever its name says — a PDF or a photo or screenshot of the bank's receipt — and how
// large. The browser's declared type is never trusted.

/** A receipt is one page or one photo: 10 MB holds any phone's photo, far below the lesson-file limit. */
export const TRANSFER_PROOF_MAX_MB = 10;
export const TRANSFER_PROOF_MAX_BYTES = TRANSFER_PROOF_MAX_MB * 1024 * 1024;

export type ProofKind = "pdf" | "png" | "jpeg" | "webp" | "heic";

export const PROOF_MIME: Record<ProofKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  heic: "image/heic",
};

export const PROOF_EXTENSION: Record<ProofKind, string> = { pdf: ".pdf", png: ".png", jpeg: ".jpg", webp: ".webp", heic: ".heic" };

/** What the `accept` attribute offers: the same list the server checks. */
export const PROOF_ACCEPT = ".pdf,.png,.jpg,.jpeg,.webp,.heic,application/pdf,image/png,image/jpeg,image/webp,image/heic";

const latin1 = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

/** The kind of a file by its first 12 bytes, or null for anything else. */
export function detectProofKind(head: Uint8Array): ProofKind | null {
  if (latin1(head, 0, 5) === "%PDF-") return "pdf";
  if (head.length >= 8 && head[0] === 0x89 && latin1(head, 1, 4) === "PNG" && head[4] === 0x0d && head[5] === 0x0a) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 12 && latin1(head, 0, 4) === "RIFF" && latin1(head, 8, 12) === "WEBP") return "webp";
  // An iPhone's photo: an ISO media file whose brand is HEIF's.
  if (head.length >= 12 && latin1(head, 4, 8) === "ftyp" && ["heic", "heix", "mif1", "msf1", "hevc"].includes(latin1(head, 8, 12))) return "heic";
  return null;
}

export const transferProofMessages = {
  missing: "Elige el archivo del comprobante.",
  wrongType: "Sube el comprobante en PDF o como imagen (JPG, PNG, WebP o HEIC).",
  tooLarge: `El comprobante no puede superar ${TRANSFER_PROOF_MAX_MB} MB.`,
  notAwaiting: "Este pedido ya no espera una transferencia: no hace falta subir un comprobante.",
  tooMany: "Ya subiste varios comprobantes para este pedido. Si necesitas enviar otro, escríbenos.",
  saveFailed: "No pudimos guardar el comprobante. Inténtalo de nuevo en unos minutos.",
  received: "Recibimos tu comprobante. Lo revisaremos y te avisaremos por correo cuando confirmemos el pago.",
} as const;

/** At most this many proofs per order: enough for a wrong first photo, not a file store. */
export const MAX_PROOFS_PER_ORDER = 5;
