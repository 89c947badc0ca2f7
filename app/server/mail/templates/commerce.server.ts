// Mails about orders and money (decisions.md E1): receipt, transfer instructions and outcome, refund.
import { site } from "~/config/site";
import { formatClp, formatDate, formatDateTime } from "~/domain/format";
import { link, note, p, strong, type Block, type MailContent, type MailContext } from "../content.server";
import type {
  OrderRejectedMail,
  PaymentMethod,
  PurchaseReceiptMail,
  RefundMail,
  TransferConfirmedMail,
  TransferInstructionsMail,
} from "../messages.server";
import { courseLine, emailLink, greeting } from "./shared.server";

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

const issuer = (): Block => note(`Emitido por ${site.legalName}, RUT ${site.rut}, ${site.address}.`);

export function purchaseReceipt(m: PurchaseReceiptMail, ctx: MailContext): MailContent {
  const rows = [
    { label: "Pedido", value: m.orderNumber },
    { label: "Fecha", value: formatDateTime(m.paidAt) },
    { label: "Curso", value: courseLine(m.course.title, m.quantity) },
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
    preview: `Pagaste ${formatClp(m.total)} por ${m.course.title}. Ya puedes empezar.`,
    heading: "¡Gracias por tu compra!",
    greeting: greeting(m.name),
    blocks: [
      p("Recibimos tu pago. Este es el comprobante de tu compra:"),
      { type: "details", title: "Comprobante de compra", rows },
      { type: "button", label: m.quantity > 1 ? "Asignar los cupos" : "Empezar el curso", href: ctx.url(m.startPath) },
      p("Puedes ver este comprobante cuando quieras en ", link("tu pedido", ctx.url(m.orderPath)), "."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}

export function transferInstructions(m: TransferInstructionsMail, ctx: MailContext): MailContent {
  const bank = site.bank;
  const blocks: Block[] = [
    p("Recibimos tu pedido de ", strong(courseLine(m.course.title, m.quantity)), ". Para completarlo, transfiere el monto exacto a esta cuenta:"),
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
    p("Cuando confirmemos la transferencia te avisaremos por correo y podrás empezar."),
  ];
  if (m.expiresAt) {
    blocks.push(p("Si no recibimos la transferencia antes del ", strong(formatDate(m.expiresAt)), ", el pedido se anulará."));
  }
  blocks.push({ type: "button", label: "Ver mi pedido", href: ctx.url(m.orderPath) });
  blocks.push(note("¿Prefieres pagar con tarjeta, o necesitas orden de compra o factura? Escríbenos a ", emailLink(), "."));
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
    preview: `Confirmamos tu transferencia de ${formatClp(m.total)}. Ya puedes empezar.`,
    heading: "Confirmamos tu pago",
    greeting: greeting(m.name),
    blocks: [
      p("Recibimos tu transferencia de ", strong(formatClp(m.total)), ` del pedido ${m.orderNumber}.`),
      p(m.quantity > 1 ? "Tus cupos de " : "Ya tienes acceso a ", strong(courseLine(m.course.title, m.quantity)), m.quantity > 1 ? " están disponibles." : "."),
      { type: "button", label: m.quantity > 1 ? "Asignar los cupos" : "Empezar el curso", href: ctx.url(m.startPath) },
      p("El comprobante está en ", link("tu pedido", ctx.url(m.orderPath)), "."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}

export function orderRejected(m: OrderRejectedMail, ctx: MailContext): MailContent {
  const rows = [
    { label: "Pedido", value: m.orderNumber },
    { label: "Curso", value: courseLine(m.course.title, m.quantity) },
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
    { label: "Curso", value: courseLine(m.course.title, m.quantity) },
    { label: "Monto reembolsado", value: formatClp(m.amount) },
    { label: "Fecha", value: formatDateTime(m.refundedAt) },
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
      m.accessKept
        ? p("Mantienes el acceso al curso: puedes seguir estudiando en ", link("tu panel", ctx.url("/dashboard")), ".")
        : p("Con el reembolso termina tu acceso a este curso."),
      note("¿Dudas sobre este reembolso? Escríbenos a ", emailLink(), " indicando el número de pedido."),
      issuer(),
    ],
    reason: ORDER_REASON,
  };
}
