// One realistic message of every kind (a mapped type: a new kind without a sample does not compile).
import type { MailKind, MailMessage } from "~/server/platform/mail/messages.server";

export const BASE_URL = "https://academia.example.cl";

type Samples = { [K in MailKind]: Extract<MailMessage, { kind: K }> };

const RCP = { id: 1, title: "Reanimación Cardiopulmonar solo Compresiones" };
// 15 March 2026, 17:05 UTC = 14:05 in Santiago (summer time, UTC-3).
const MOMENT = new Date("2026-03-15T17:05:00Z");

export const samples: Samples = {
  skillsSession: {
    kind: "skillsSession",
    event: "promoted",
    name: "Ana Pérez",
    sessionId: 7,
    courseTitle: RCP.title,
    startsAt: MOMENT,
    durationMin: 180,
    place: "Av. Providencia 1234, Providencia",
    placeNotes: "Piso 3, sala 2",
    instructorName: "Carla Soto",
    cancelUntil: new Date("2026-03-14T17:05:00Z"),
    canCancel: true,
    offerExpiresAt: new Date("2026-03-13T17:05:00Z"),
    certificateCode: null,
  },
  welcome: { kind: "welcome", name: "Ana Pérez" },
  enrolment: { kind: "enrolment", name: "Ana Pérez", course: RCP, firstLesson: { id: 101, title: "Bienvenida al curso" } },
  certificate: {
    kind: "certificate",
    name: "José Muñoz",
    courseTitle: RCP.title,
    hours: 16,
    completedAt: MOMENT,
    code: "ABCDEFGHJK12",
    pdfAttached: true,
  },
  certificateExpiry: {
    kind: "certificateExpiry",
    name: "José Muñoz",
    courseId: RCP.id,
    courseTitle: RCP.title,
    code: "ABCDEFGHJK12",
    validUntil: "2028-11-30",
    daysLeft: 30,
  },
  certificateExpiryDigest: {
    kind: "certificateExpiryDigest",
    name: "Marta Soto",
    companyId: 3,
    companyName: "Constructora Andes SpA",
    workers: [{ name: "Pedro Rojas", courseTitle: RCP.title, validUntil: "2028-11-30" }],
  },
  contactAutoReply: {
    kind: "contactAutoReply",
    name: "Rosa Valdés",
    subjectLabel: "Capacitación para empresas",
    message: "Hola:\nNecesitamos capacitar a 15 personas en RCP.\n\nGracias.",
  },
  companyReminder: {
    kind: "companyReminder",
    name: "Pedro Rojas",
    companyName: "Constructora Andes SpA",
    course: RCP,
    startPath: "/cursos/1/contenido",
    progress: "2 de 5 módulos · 40 %",
  },
  companySeatReleased: { kind: "companySeatReleased", name: "Pedro Rojas", companyName: "Constructora Andes SpA", course: RCP },
  companyNudge: {
    kind: "companyNudge",
    rule: "before-due",
    name: "Pedro Rojas",
    companyName: "Constructora Andes SpA",
    course: RCP,
    startPath: "/cursos/1/contenido",
    progress: null,
    dueOn: "2026-12-15",
    inactiveDays: null,
  },
  companyCompletionDigest: {
    kind: "companyCompletionDigest",
    name: "Ana Díaz",
    companyId: 7,
    companyName: "Constructora Andes SpA",
    workers: [
      { name: "Pedro Rojas", courseTitle: RCP.title, completedAt: MOMENT },
      { name: "Rosa Valdés", courseTitle: RCP.title, completedAt: MOMENT },
    ],
  },
  waitlistOpened: { kind: "waitlistOpened", courseId: 1, courseTitle: RCP.title },
  contactReply: {
    kind: "contactReply",
    name: "Rosa Valdés",
    subjectLabel: "Capacitación para empresas",
    reply: "Hola Rosa:\nPodemos ir a su empresa el 15 de abril. Le enviamos la cotización.",
    message: "Hola:\nNecesitamos capacitar a 15 personas en RCP.",
    writtenAt: MOMENT,
  },
  transferProofInbox: {
    kind: "transferProofInbox",
    orderNumber: "K7QM-4XTP",
    buyerName: "Ana Pérez",
    courseTitle: RCP.title,
    total: 20000,
    uploadedAt: MOMENT,
  },
  contactInbox: {
    kind: "contactInbox",
    name: "Rosa Valdés",
    email: "rosa.valdes@example.cl",
    phone: "",
    subjectLabel: "Capacitación para empresas",
    message: "Hola:\nNecesitamos capacitar a 15 personas en RCP.",
    receivedAt: MOMENT,
  },
  passwordReset: {
    kind: "passwordReset",
    name: "Ana Pérez",
    resetUrl: `${BASE_URL}/api/auth/reset-password/tok3n?callbackURL=%2Frestablecer-contrasena%2Fnueva`,
  },
  passwordChanged: { kind: "passwordChanged", name: "Ana Pérez", changedAt: MOMENT },
  signUpAttempt: { kind: "signUpAttempt", name: "Ana Pérez", attemptedAt: MOMENT },
  purchaseReceipt: {
    kind: "purchaseReceipt",
    name: "Ana Pérez",
    orderNumber: "A-000123",
    course: RCP,
    quantity: 1,
    paidAt: MOMENT,
    subtotal: 20000,
    coupon: { code: "BIENVENIDA", discount: 5000 },
    total: 15000,
    method: { type: "webpay", cardLast4: "6623", authorizationCode: "1213" },
    startPath: "/cursos/1/contenido?leccion=101",
    orderPath: "/perfil/compras/123",
  },
  transferInstructions: {
    kind: "transferInstructions",
    name: "Ana Pérez",
    orderNumber: "A-000124",
    course: RCP,
    quantity: 1,
    total: 20000,
    expiresAt: new Date("2026-03-22T12:00:00Z"),
    orderPath: "/perfil/compras/124",
  },
  transferConfirmed: {
    kind: "transferConfirmed",
    name: "Ana Pérez",
    orderNumber: "A-000124",
    course: RCP,
    quantity: 1,
    total: 20000,
    startPath: "/cursos/1/contenido?leccion=101",
    orderPath: "/perfil/compras/124",
  },
  orderRejected: {
    kind: "orderRejected",
    name: "Ana Pérez",
    orderNumber: "A-000125",
    course: RCP,
    quantity: 1,
    total: 20000,
    reason: "No recibimos la transferencia en el plazo.",
  },
  refund: {
    kind: "refund",
    name: "Ana Pérez",
    orderNumber: "A-000123",
    course: RCP,
    quantity: 1,
    amount: 15000,
    method: "webpay",
    refundedAt: MOMENT,
    reason: "Compra duplicada.",
    accessKept: false,
  },
  taxDocument: {
    kind: "taxDocument",
    name: "Ana Pérez",
    orderNumber: "A-000123",
    course: RCP,
    quantity: 1,
    documentLabel: "Nota de crédito electrónica N° 3",
    credit: true,
    orderPath: "/compras/A-000123",
  },
  companyInvitation: {
    kind: "companyInvitation",
    name: "Pedro Soto",
    companyName: "Constructora Los Andes SpA",
    course: RCP,
    acceptUrl: "/invitacion/abc123",
    expiresAt: new Date("2026-03-22T17:05:00Z"),
  },
  companyEnrolment: {
    kind: "companyEnrolment",
    name: "Pedro Soto",
    companyName: "Constructora Los Andes SpA",
    course: RCP,
    startPath: "/cursos/1/contenido?leccion=101",
  },
  companyManagerInvitation: {
    kind: "companyManagerInvitation",
    name: "Marta Rojas",
    companyName: "Constructora Los Andes SpA",
    acceptUrl: "/invitacion/def456",
    expiresAt: new Date("2026-03-22T17:05:00Z"),
  },
  companyManagerAdded: {
    kind: "companyManagerAdded",
    name: "Marta Rojas",
    companyName: "Constructora Los Andes SpA",
    portalPath: "/empresa/7",
  },
  privacyRequestReceived: {
    kind: "privacyRequestReceived",
    name: "Ana Pérez",
    requestKind: "deletion",
    channel: "web",
    receivedAt: MOMENT,
    dueOn: "2026-04-14",
  },
  privacyRequestAnswered: {
    kind: "privacyRequestAnswered",
    name: "Ana Pérez",
    requestKind: "rectification",
    decision: "done",
    answer: "Corregimos tu RUT en el certificado.\nYa puedes descargarlo de nuevo.",
    hasAccount: true,
  },
  privacyInactiveWarning: { kind: "privacyInactiveWarning", name: "Ana Pérez", deleteOn: "2029-04-14", years: 3 },
};

export const allSamples = Object.values(samples) as MailMessage[];

export const HOSTILE = `<script>alert(1)</script> & "Ñuñoa"`;

// Fields whose text comes from a person (a learner, an admin, a company manager), not from the code.
const TYPED = new Set(["name", "title", "courseTitle", "companyName", "message", "reason", "subjectLabel", "orderNumber", "code", "answer"]);

/** The same message with every typed text replaced by markup (a coupon code or lesson title too). */
export function hostile(message: MailMessage): MailMessage {
  const swap = (value: unknown, key: string): unknown => {
    if (typeof value === "string") return TYPED.has(key) && !(key === "code" && (message.kind === "certificate" || message.kind === "certificateExpiry")) ? HOSTILE : value;
    if (Array.isArray(value)) return value.map((v) => swap(v, key));
    if (value && typeof value === "object" && !(value instanceof Date)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v, k)]));
    }
    return value;
  };
  return swap(message, "") as MailMessage;
}
