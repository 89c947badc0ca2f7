// Pure rules of selling a course (decisions.md E1): what a coupon takes off, what an order's states
// mean and are called, and the Spanish texts of checkout, receipts and the sales pages.
import { z } from "zod";
import { singleLineText } from "./plain-text";

export const ORDER_STATUSES = ["pending", "paid", "rejected", "cancelled", "refunded", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ["webpay", "transfer", "free"] as const;
export type PaymentMethodType = (typeof PAYMENT_METHODS)[number];
export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  paid: "Pagado",
  rejected: "Rechazado",
  cancelled: "Anulado",
  refunded: "Reembolsado",
  failed: "Fallido",
};

export const METHOD_LABELS: Record<PaymentMethodType, string> = {
  webpay: "Webpay Plus",
  transfer: "Transferencia bancaria",
  free: "Sin pago (cupón)",
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** A coupon as the price rule needs it. */
export interface CouponTerms {
  kind: CouponKind;
  value: number;
}

/** Whole CLP taken off `subtotal` by a coupon: never more than the subtotal, never negative. */
export function couponDiscount(subtotal: number, coupon: CouponTerms | null): number {
  if (!coupon || subtotal <= 0) return 0;
  const raw = coupon.kind === "percent" ? Math.round((subtotal * Math.min(Math.max(coupon.value, 0), 100)) / 100) : Math.max(coupon.value, 0);
  return Math.min(raw, subtotal);
}

export interface OrderAmounts {
  unitPrice: number;
  quantity: number;
  subtotal: number;
  discount: number;
  total: number;
}

export function orderAmounts(unitPrice: number, quantity: number, coupon: CouponTerms | null): OrderAmounts {
  const subtotal = unitPrice * quantity;
  const discount = couponDiscount(subtotal, coupon);
  return { unitPrice, quantity, subtotal, discount, total: subtotal - discount };
}

// Order numbers: short enough to dictate on the phone or type in a transfer's comment, with no
// letters that look alike (0/O, 1/I/L). 31^8 ≈ 8.5·10^11 numbers; a collision is retried.
const ORDER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const ORDER_NUMBER_PATTERN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

export function newOrderNumber(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(8);
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (i === 4) out += "-";
    out += ORDER_ALPHABET[bytes[i]! % ORDER_ALPHABET.length];
  }
  return out;
}

/** A coupon code as typed: trimmed, upper-case, letters, digits, '-' and '_' only. */
export function normalizeCouponCode(value: string): string {
  return value.trim().toUpperCase();
}
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export const commerceMessages = {
  // Checkout
  termsRequired: "Debes aceptar los términos y condiciones para continuar.",
  methodRequired: "Elige un medio de pago.",
  couponInvalid: "El cupón no existe o ya no está vigente.",
  couponExpired: "El cupón está vencido.",
  couponExhausted: "El cupón ya alcanzó su máximo de usos.",
  couponOtherCourse: "El cupón no es válido para este curso.",
  couponFormat: "El código del cupón solo admite letras, números, guiones y guiones bajos (3 a 32).",
  paymentStartFailed: "No pudimos conectar con Webpay. Inténtalo de nuevo en unos minutos o paga por transferencia.",
  notForSale: "Este curso aún no está a la venta.",
  // Return from Webpay
  paymentRejected: "Tu pago fue rechazado. No se realizó ningún cargo. Puedes intentarlo de nuevo con otra tarjeta o pagar por transferencia.",
  paymentCancelled: "Anulaste el pago en Webpay. No se realizó ningún cargo.",
  paymentTimedOut: "El tiempo para pagar en Webpay se agotó. No se realizó ningún cargo.",
  paymentUnconfirmed: "Aún no podemos confirmar tu pago con Webpay. No vuelvas a pagar: revisa esta página en unos minutos.",
  paymentReturnInvalid: "No reconocemos esta respuesta de Webpay. Si pagaste, revisa «Mis compras» o escríbenos.",
  paymentFailed: "No pudimos iniciar el pago de este pedido.",
  // Waiting list
  waitlistEmail: "Ingresa un correo electrónico válido.",
  waitlistDone: "¡Listo! Te avisaremos por correo cuando el curso abra.",
} as const;

// ── Forms ────────────────────────────────────────────────────────────────────

export const CHECKOUT_FIELDS = ["method", "coupon", "terms"] as const;
export const checkoutSchema = z.object({
  method: z.enum(["webpay", "transfer"], { message: commerceMessages.methodRequired }),
  coupon: singleLineText.transform(normalizeCouponCode).pipe(z.union([z.literal(""), z.string().regex(COUPON_CODE_PATTERN, commerceMessages.couponFormat)])),
  terms: z.literal("on", { message: commerceMessages.termsRequired }),
});

export const WAITLIST_FIELDS = ["email"] as const;
export const waitlistSchema = z.object({
  email: singleLineText.pipe(z.string().trim().toLowerCase().max(254, commerceMessages.waitlistEmail).pipe(z.email(commerceMessages.waitlistEmail))),
});

export const COUPON_FIELDS = ["code", "kind", "value", "courseId", "expiresOn", "maxUses"] as const;
const optionalInt = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : v))
    .pipe(z.union([z.null(), z.string().regex(/^\d{1,9}$/, message).transform(Number).pipe(z.number().int().min(min, message).max(max, message))]));

export const couponSchema = z
  .object({
    code: singleLineText.transform(normalizeCouponCode).pipe(z.string().regex(COUPON_CODE_PATTERN, commerceMessages.couponFormat)),
    kind: z.enum(COUPON_KINDS, { message: "Elige el tipo de descuento." }),
    value: z.string().trim().regex(/^\d{1,9}$/, "Ingresa un número entero mayor que 0.").transform(Number).pipe(z.number().int().min(1, "Ingresa un número entero mayor que 0.")),
    courseId: optionalInt("Elige un curso de la lista.", 1, 2_147_483_647),
    expiresOn: z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : v))
      .pipe(z.union([z.null(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Usa una fecha válida (aaaa-mm-dd).")])),
    maxUses: optionalInt("Ingresa un número entero mayor que 0, o déjalo vacío.", 1, 1_000_000),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.value > 100) ctx.addIssue({ code: "custom", path: ["value"], message: "Un porcentaje va de 1 a 100." });
  });

export const REFUND_FIELDS = ["reason", "keepAccess"] as const;
export const refundSchema = z.object({
  reason: singleLineText.pipe(z.string().trim().min(1, "Indica el motivo del reembolso.").max(500, "Máximo 500 caracteres.")),
  keepAccess: z.string().transform((v) => v === "on"),
});

export const REJECT_FIELDS = ["reason"] as const;
export const rejectSchema = z.object({
  reason: singleLineText.pipe(z.string().trim().max(500, "Máximo 500 caracteres.")).transform((v) => v || null),
});

/** What a Date of the Santiago calendar day 'yyyy-mm-dd' ends at: a coupon valid 'until' that day. */
export function endOfChileDay(isoDay: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return null;
  const probe = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  if (probe.getUTCMonth() !== Number(m[2]) - 1) return null;
  // Chile is UTC-3 or UTC-4: the day ends at 03:00 or 04:00 UTC of the next day; take the later one.
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1, 4, 0, 0) - 1);
}
