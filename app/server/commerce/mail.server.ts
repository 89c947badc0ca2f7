// Mails about orders and money (docs/decisions.md E1): receipt, transfer instructions and outcome, refund.
import { site } from "~/config/site";
import { formatClp, formatDate, formatDateTime } from "~/domain/format";
import { seatCount, seatsLine } from "~/domain/commerce";
import { link, note, p, strong, type Block, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee, CourseRef } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    purchaseReceipt: PurchaseReceiptMail;
    transferInstructions: TransferInstructionsMail;
    transferConfirmed: TransferConfirmedMail;
    orderRejected: OrderRejectedMail;
    refund: RefundMail;
    taxDocument: TaxDocumentMail;
    transferProofInbox: TransferProofInboxMail;
  }
}

export type PaymentMethod =
  /** Webpay Plus; card details as Transbank returns them, null when unknown. */
  | { type: "webpay"; cardLast4: string | null; authorizationCode: string | null }
  | { type: "transfer" }
  /** A coupon brought the price to 0: nothing was paid. */
  | { type: "free" };

export interface OrderRef {
  orderNumber: string;
  course: CourseRef;
  /** Seats bought (a company buys several); 1 for a learner's own purchase. */
  quantity: number;
  /** A company's seat purchase: whom the seats are for and the price of one; absent or null for a learner's own. */
  seats?: SeatPurchaseRef | null;
  /** A seat in a priced skills session: its date and place; absent or null for a course or a company's seats. */
  session?: SessionSeatRef | null;
}

export interface SessionSeatRef {
  id: number;
  startsAt: Date;
  /** 'Av. Providencia 1234, Providencia'. */
  place: string;
}

export interface SeatPurchaseRef {
  companyName: string;
  /** Formatted: '76.543.210-3'. */
  companyRut: string;
  /** Whole CLP of one seat. */
  unitPrice: number;
}

export interface PurchaseReceiptMail extends Addressee, OrderRef {
  kind: "purchaseReceipt";
  paidAt: Date;
  /** Whole CLP before the discount (quantity × price). */
  subtotal: number;
  coupon: { code: string; discount: number } | null;
  /** Whole CLP charged. */
  total: number;
  method: PaymentMethod;
  /** Where the learner starts (the first lesson, or the company portal for seats). */
  startPath: string;
  /** The order's receipt page. */
  orderPath: string;
  /** Absent or null: the order has no tax document (none is due, or they are not configured). */
  taxDocument?: ReceiptTaxDocument | null;
}

/** The order's tax document on its receipt: attached (with its folio), or on its way in a later mail. */
export interface ReceiptTaxDocument {
  /** 'Boleta exenta electrónica N° 12', or the type alone while it has no folio. */
  label: string;
  attached: boolean;
}

export interface TransferInstructionsMail extends Addressee, OrderRef {
  kind: "transferInstructions";
  /** Whole CLP to transfer. */
  total: number;
  /** The order is released after this moment if no transfer arrives; null when it does not expire. */
  expiresAt: Date | null;
  orderPath: string;
}

export interface TransferConfirmedMail extends Addressee, OrderRef {
  kind: "transferConfirmed";
  total: number;
  startPath: string;
  orderPath: string;
  taxDocument?: ReceiptTaxDocument | null;
}

/** A tax document sent on its own: a boleta or factura issued after its receipt went out, or a nota de crédito. */
export interface TaxDocumentMail extends Addressee, OrderRef {
  kind: "taxDocument";
  /** 'Nota de crédito electrónica N° 3'. */
  documentLabel: string;
  credit: boolean;
  orderPath: string;
}

/** A buyer uploaded the proof of a transfer: to the academy's payments inbox (site.bank.proofEmail). */
export interface TransferProofInboxMail {
  kind: "transferProofInbox";
  orderNumber: string;
  buyerName: string;
  courseTitle: string;
  /** Whole CLP the order awaits. */
  total: number;
  uploadedAt: Date;
}

export interface OrderRejectedMail extends Addressee, OrderRef {
  kind: "orderRejected";
  total: number;
  /** The admin's reason as written, or null. */
  reason: string | null;
}

export interface RefundMail extends Addressee, OrderRef {
  kind: "refund";
  /** Whole CLP refunded. */
  amount: number;
  method: PaymentMethod["type"];
  refundedAt: Date;
  reason: string | null;
  /** Whether the learner keeps studying the course after the refund. */
  accessKept: boolean;
}

const ORDER_REASON = `Recibes este correo porque hiciste un pedido en ${site.name}.`;

function methodLabel(method: PaymentMethod): string {
  switch (method.type) {
    case "webpay":
      return method.cardLast4 ? `Webpay Plus, tarjeta terminada en ${method.cardLast4}` : "Webpay Plus";
    case "transfer":
      return "Transferencia bancaria";
    case "free":
      return "Sin pago (cupón de descuento)";
  }
}

/** What was bought: the course, or for a company 'N cupos de ‹course›'. */
function orderLine(m: OrderRef): string {
  if (m.session) return `un cupo en la sesión práctica de ${m.course.title}`;
  return m.seats ? `${seatCount(m.quantity)} de ${m.course.title}` : m.course.title;
}

/** The rows naming the company a seat purchase is for (its factura's razón social and RUT), and the course. */
function whatRows(m: OrderRef): { label: string; value: string }[] {
  if (m.session) {
    return [
      { label: "Sesión práctica", value: m.course.title },
      { label: "Fecha", value: formatDateTime(m.session.startsAt) },
      { label: "Lugar", value: m.session.place },
    ];
  }
  if (!m.seats) return [{ label: "Curso", value: m.course.title }];
  return [
    { label: "Empresa", value: m.seats.companyName },
    { label: "RUT de la empresa", value: m.seats.companyRut },
    { label: "Curso", value: m.course.title },
    { label: "Cupos", value: seatsLine(m.quantity, m.seats.unitPrice) },
  ];
}

/** Where a paid order's button leads, in words: a manager assigns seats, a learner starts. */
const startLabel = (m: OrderRef) => (m.session ? "Ver mi reserva" : m.seats ? "Asignar los cupos" : "Empezar el curso");

const issuer = (): Block => note(`Emitido por ${site.legalName}, RUT ${site.rut}, ${site.address}.`);

/** What a receipt says of the order's tax document: attached, or on its way in its own mail. */
function taxDocumentBlock(doc: ReceiptTaxDocument | null | undefined): Block[] {
  if (!doc) return [];
  if (doc.attached) return [p("Adjuntamos tu ", strong(doc.label), " en PDF.")];
  return [p("Tu ", strong(doc.label.toLowerCase()), " está en proceso de emisión: te la enviaremos por correo apenas esté lista.")];
}

export function purchaseReceipt(m: PurchaseReceiptMail, ctx: MailContext): MailContent {
  const rows = [
    { label: "Pedido", value: m.orderNumber },
    { label: m.session ? "Fecha de pago" : "Fecha", value: formatDateTime(m.paidAt) },
    ...whatRows(m),
  ];
  if (m.coupon) {
    rows.push({ label: "Subtotal", value: formatClp(m.subtotal) });
    rows.push({ label: `Cupón ${m.coupon.code}`, value: formatClp(-m.coupon.discount) });
  }
  rows.push({ label: "Total pagado", value: formatClp(m.total) });
  rows.push({ label: "Medio de pago", value: methodLabel(m.method) });
  if (m.method.type === "webpay" && m.method.authorizationCode) {
    rows.push({ label: "Código de autorización", value: m.method.authorizationCode });
  }
  return {
    subject: `Comprobante de tu compra: pedido ${m.orderNumber}`,
    preview: m.seats
      ? `Pagaste ${formatClp(m.total)} por ${orderLine(m)} para ${m.seats.companyName}.`
      : m.session
        ? `Pagaste ${formatClp(m.total)} por ${orderLine(m)} del ${formatDateTime(m.session.startsAt)}.`
        : `Pagaste ${formatClp(m.total)} por ${m.course.title}. Ya puedes empezar.`,
    heading: "¡Gracias por tu compra!",
    greeting: greeting(m.name),
    blocks: [
      m.seats
        ? p("Recibimos tu pago. Los ", strong(orderLine(m)), " ya están disponibles para ", strong(m.seats.companyName), ": asígnalos a tus trabajadores desde el portal de la empresa.")
        : m.session
          ? p("Recibimos tu pago y tu cupo quedó reservado. En otro correo te enviamos la fecha para tu calendario. Este es el comprobante de tu compra:")
          : p("Recibimos tu pago. Este es el comprobante de tu compra:"),
      { type: "details", title: "Comprobante de compra", rows },
      ...taxDocumentBlock(m.taxDocument),
      { type: "button", label: startLabel(m), href: ctx.url(m.startPath) },
      p("Puedes ver este comprobante cuando quieras en ", link("tu pedido", ctx.url(m.orderPath)), "."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}

export function transferInstructions(m: TransferInstructionsMail, ctx: MailContext): MailContent {
  const bank = site.bank;
  const blocks: Block[] = [
    m.seats
      ? p("Recibimos tu pedido de ", strong(orderLine(m)), " para ", strong(`${m.seats.companyName} (RUT ${m.seats.companyRut})`), ": ", seatsLine(m.quantity, m.seats.unitPrice), ". Para completarlo, transfiere el monto exacto a esta cuenta:")
      : p("Recibimos tu pedido de ", strong(m.course.title), ". Para completarlo, transfiere el monto exacto a esta cuenta:"),
    {
      type: "details",
      title: "Datos para la transferencia",
      rows: [
        { label: "Monto", value: formatClp(m.total) },
        { label: "Banco", value: bank.name },
        { label: "Tipo de cuenta", value: bank.accountType },
        { label: "Número de cuenta", value: bank.accountNumber },
        { label: "RUT", value: bank.rut },
        { label: "Titular", value: bank.holder },
        { label: "Correo para el comprobante", value: bank.proofEmail },
        { label: "Comentario de la transferencia", value: `Pedido ${m.orderNumber}` },
      ],
    },
    {
      type: "list",
      items: [
        ["Transfiere exactamente ", strong(formatClp(m.total)), "."],
        ["Escribe ", strong(`Pedido ${m.orderNumber}`), " en el comentario de la transferencia."],
        ["Envía el comprobante a ", emailLink(bank.proofEmail), "."],
      ],
    },
    p(m.seats ? "Cuando confirmemos la transferencia te avisaremos por correo y los cupos quedarán disponibles para asignarlos." : "Cuando confirmemos la transferencia te avisaremos por correo y podrás empezar."),
  ];
  if (m.expiresAt) {
    blocks.push(p("Si no recibimos la transferencia antes del ", strong(formatDate(m.expiresAt)), ", el pedido se anulará."));
  }
  blocks.push({ type: "button", label: "Ver mi pedido", href: ctx.url(m.orderPath) });
  blocks.push(note("¿Prefieres pagar con tarjeta, o necesitas ayuda con tu orden de compra? Escríbenos a ", emailLink(), "."));
  return {
    subject: `Datos para transferir: pedido ${m.orderNumber}`,
    preview: `Transfiere ${formatClp(m.total)} indicando el pedido ${m.orderNumber}.`,
    heading: "Completa tu pago por transferencia",
    greeting: greeting(m.name),
    blocks,
    reason: ORDER_REASON,
  };
}

export function transferConfirmed(m: TransferConfirmedMail, ctx: MailContext): MailContent {
  return {
    subject: `Pago confirmado: ${m.course.title}`,
    preview: m.seats
      ? `Confirmamos tu transferencia de ${formatClp(m.total)}. Los cupos ya están disponibles.`
      : `Confirmamos tu transferencia de ${formatClp(m.total)}. Ya puedes empezar.`,
    heading: "Confirmamos tu pago",
    greeting: greeting(m.name),
    blocks: [
      p("Recibimos tu transferencia de ", strong(formatClp(m.total)), ` del pedido ${m.orderNumber}.`),
      m.seats
        ? p("Los ", strong(orderLine(m)), " ya están disponibles para ", strong(m.seats.companyName), ": asígnalos a tus trabajadores desde el portal de la empresa.")
        : p("Ya tienes acceso a ", strong(m.course.title), "."),
      ...(m.seats ? [{ type: "details" as const, title: "Comprobante de compra", rows: [...whatRows(m), { label: "Total pagado", value: formatClp(m.total) }] }] : []),
      ...taxDocumentBlock(m.taxDocument),
      { type: "button", label: startLabel(m), href: ctx.url(m.startPath) },
      p("El comprobante está en ", link("tu pedido", ctx.url(m.orderPath)), "."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}

export function orderRejected(m: OrderRejectedMail, ctx: MailContext): MailContent {
  const rows = [
    { label: "Pedido", value: m.orderNumber },
    ...whatRows(m),
    { label: "Monto", value: formatClp(m.total) },
  ];
  if (m.reason) rows.push({ label: "Motivo", value: m.reason });
  return {
    subject: `No pudimos confirmar tu pedido ${m.orderNumber}`,
    preview: "Tu pedido no fue confirmado. Te contamos por qué y cómo seguir.",
    heading: "Tu pedido no fue confirmado",
    greeting: greeting(m.name),
    blocks: [
      p("No pudimos confirmar el pago de tu pedido, así que no quedó activo:"),
      { type: "details", rows },
      p("Si ya transferiste o crees que es un error, responde a este correo o escríbenos a ", emailLink(), " indicando el número de pedido, y lo revisamos."),
      { type: "button", label: "Volver al curso", href: ctx.url(`/cursos/${m.course.id}`) },
    ],
    reason: ORDER_REASON,
  };
}

export function refund(m: RefundMail, ctx: MailContext): MailContent {
  const rows = [
    { label: "Pedido", value: m.orderNumber },
    ...whatRows(m),
    { label: "Monto reembolsado", value: formatClp(m.amount) },
    { label: m.session ? "Fecha del reembolso" : "Fecha", value: formatDateTime(m.refundedAt) },
  ];
  if (m.reason) rows.push({ label: "Motivo", value: m.reason });
  const howMoneyReturns =
    m.method === "webpay"
      ? "El monto vuelve a la tarjeta con la que pagaste; verás el abono según los plazos de tu banco."
      : m.method === "transfer"
        ? "Te devolveremos el monto por transferencia; si aún no nos indicas la cuenta de destino, responde a este correo con sus datos."
        : "Este pedido no tuvo pago, así que no hay dinero que devolver.";
  return {
    subject: `Reembolso del pedido ${m.orderNumber}`,
    preview: `Reembolsamos ${formatClp(m.amount)} de tu pedido ${m.orderNumber}.`,
    heading: "Reembolsamos tu pedido",
    greeting: greeting(m.name),
    blocks: [
      p("Hicimos el reembolso de tu pedido:"),
      { type: "details", rows },
      p(howMoneyReturns),
      m.session
        ? p("El reembolso corresponde a tu cupo en la sesión práctica. Si quieres asistir a otra fecha, puedes ver las fechas disponibles en ", link("el curso", ctx.url(`/cursos/${m.course.id}/fechas`)), ".")
        : m.seats
        ? p("Los cupos de este pedido que aún no estaban asignados dejan de estar disponibles para la empresa; los que ya usan tus trabajadores siguen siendo de ellos.")
        : m.accessKept
        ? p("Mantienes el acceso al curso: puedes seguir estudiando en ", link("tu panel", ctx.url("/dashboard")), ".")
        : p("Con el reembolso termina tu acceso a este curso."),
      note("¿Dudas sobre este reembolso? Escríbenos a ", emailLink(), " indicando el número de pedido."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}

export function taxDocument(m: TaxDocumentMail, ctx: MailContext): MailContent {
  return {
    subject: m.credit ? `${m.documentLabel} del pedido ${m.orderNumber}` : `Tu ${m.documentLabel.toLowerCase()} del pedido ${m.orderNumber}`,
    preview: m.credit ? `La nota de crédito de tu reembolso del pedido ${m.orderNumber}.` : `El documento tributario de tu compra del pedido ${m.orderNumber}.`,
    heading: m.credit ? "Nota de crédito de tu reembolso" : "Tu documento tributario",
    greeting: greeting(m.name),
    blocks: [
      m.credit
        ? p("Adjuntamos la ", strong(m.documentLabel), ", que anula el documento tributario de tu pedido ", strong(m.orderNumber), " por el reembolso.")
        : p("Adjuntamos tu ", strong(m.documentLabel), " de la compra de ", strong(orderLine(m)), ` (pedido ${m.orderNumber}).`),
      { type: "button", label: "Ver mi pedido", href: ctx.url(m.orderPath) },
      p("También puedes descargarla cuando quieras desde ", link("Mis compras", ctx.url("/compras")), "."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}

export function transferProofInbox(m: TransferProofInboxMail, ctx: MailContext): MailContent {
  return {
    // The order's number only: nothing the buyer typed reaches the header.
    subject: `Comprobante de transferencia: pedido ${m.orderNumber}`,
    preview: `${m.buyerName} subió el comprobante de su transferencia.`,
    heading: "Comprobante de transferencia recibido",
    greeting: null,
    blocks: [
      p("Un comprador subió el comprobante de su transferencia. Revísalo contra la cartola antes de confirmar el pago."),
      {
        type: "details",
        rows: [
          { label: "Pedido", value: m.orderNumber },
          { label: "Comprador", value: m.buyerName },
          { label: "Curso", value: m.courseTitle },
          { label: "Monto esperado", value: formatClp(m.total) },
          { label: "Recibido", value: formatDateTime(m.uploadedAt) },
        ],
      },
      { type: "button", label: "Revisar el pedido", href: ctx.url(`/admin/ventas/${m.orderNumber}`) },
    ],
    reason: `Recibes este correo porque es la casilla de pagos de ${site.name}.`,
  };
}

registerMailTemplates({ purchaseReceipt, transferInstructions, transferConfirmed, orderRejected, refund, taxDocument, transferProofInbox });
