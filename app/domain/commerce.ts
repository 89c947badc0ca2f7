// Pure rules of selling a course (docs/decisions.md E1): what a coupon takes off, what an order's states
// mean and are called, and the Spanish texts of checkout, receipts and the sales pages.
import { z } from "zod";
import { singleLineText } from "./plain-text";
import { chileDayEnd, parseIsoDay } from "./chile-time";
import { formatClp, formatCount } from "./format";

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

/**
 * The most one order may cost, before any coupon. The amount columns are PostgreSQL integers (up to
 * 2.147.483.647) and stay so: a ceiling well below that keeps every sum of an order, its payment, refund and tax
 * document exact without widening each of those columns and their readers to bigint, for a purchase no buyer makes
 * online — an order of a billion pesos is a contract, quoted and invoiced by hand.
 */
export const MAX_ORDER_AMOUNT_CLP = 999_999_999;

/** Whether price × quantity stays within MAX_ORDER_AMOUNT_CLP (checked before a coupon use is taken). */
export function orderWithinCeiling(unitPrice: number, quantity: number): boolean {
  return Number.isSafeInteger(unitPrice * quantity) && unitPrice * quantity <= MAX_ORDER_AMOUNT_CLP;
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
  transferNotChecked: "Marca la casilla cuando hayas visto el dinero en la cuenta.",
  couponExhausted: "El cupón ya alcanzó su máximo de usos.",
  couponOtherCourse: "El cupón no es válido para este curso.",
  couponFormat: "El código del cupón solo admite letras, números, guiones y guiones bajos (3 a 32).",
  paymentStartFailed: "No pudimos conectar con Webpay. Inténtalo de nuevo en unos minutos o paga por transferencia.",
  notForSale: "Este curso aún no está a la venta.",
  tooManyRequests: "Recibimos demasiadas solicitudes seguidas desde tu conexión. Espera unos minutos e inténtalo de nuevo.",
  tooManyOrders: "Iniciaste demasiadas compras seguidas. Espera unos minutos e inténtalo de nuevo; si ya pagaste, revisa «Mis compras».",
  amountTooLarge: `El total de una compra en línea no puede superar ${formatClp(MAX_ORDER_AMOUNT_CLP)}. Compra menos cupos por vez o escríbenos para cotizar.`,
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

/** A company's seats: '30 cupos' (one home for the word, singular for one). */
export function seatCount(quantity: number): string {
  return `${formatCount(quantity)} ${quantity === 1 ? "cupo" : "cupos"}`;
}

/** A seat purchase's line on its checkout and receipts: '30 cupos × $20.000 = $600.000' (before any coupon). */
export function seatsLine(quantity: number, unitPriceClp: number): string {
  return `${seatCount(quantity)} × ${formatClp(unitPriceClp)} = ${formatClp(quantity * unitPriceClp)}`;
}

/** The last instant of the Santiago calendar day 'yyyy-mm-dd' (a coupon valid "until" that day); null if no such day. */
export function endOfChileDay(isoDay: string): Date | null {
  const day = parseIsoDay(isoDay);
  return day ? new Date(chileDayEnd(day).getTime() - 1) : null;
}

/**
 * What a Webpay voucher says of the payment (Transbank's payment_type_code and installments_number): the card's
 * kind and, for a credit card, its cuotas. VD débito, VP prepago; VN crédito sin cuotas, VC cuotas normales,
 * SI / S2 / NC cuotas sin interés (3, 2, N). An unknown code shows as given, never guessed.
 */
export function webpayPaymentDetails(code: string | null, installments: number | null): { type: string | null; installments: string | null } {
  if (!code) return { type: null, installments: null };
  const n = installments ?? 0;
  const cuotas = (count: number, free: boolean) => `${count} ${count === 1 ? "cuota" : "cuotas"}${free ? " sin interés" : ""}`;
  switch (code) {
    case "VD":
      return { type: "Débito", installments: null };
    case "VP":
      return { type: "Prepago", installments: null };
    case "VN":
      return { type: "Crédito", installments: "Sin cuotas" };
    case "VC":
      return { type: "Crédito", installments: n > 0 ? cuotas(n, false) : null };
    case "SI":
      return { type: "Crédito", installments: cuotas(3, true) };
    case "S2":
      return { type: "Crédito", installments: cuotas(2, true) };
    case "NC":
      return { type: "Crédito", installments: n > 0 ? cuotas(n, true) : null };
    default:
      return { type: code, installments: n > 0 ? cuotas(n, false) : null };
  }
}
