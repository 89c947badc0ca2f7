// Every e-mail the academy sends, as data: a discriminated union, so a caller that builds one cannot
// leave out a field the mail needs (TypeScript says which). renderMail turns one into subject, HTML and text.
// Links are given as app paths ('/cursos/1') or, for links another library builds (the reset link), as
// absolute URLs on PUBLIC_URL; renderMail makes every link absolute from the base URL it is given.

/** A person the mail is addressed to, by the name they gave. */
interface Addressee {
  name: string;
}

interface CourseRef {
  id: number;
  title: string;
}

export interface WelcomeMail extends Addressee {
  kind: "welcome";
}

export interface EnrolmentMail extends Addressee {
  kind: "enrolment";
  course: CourseRef;
  /** The lesson the 'start' button opens. */
  firstLesson: { id: number; title: string };
}

export interface CertificateMail extends Addressee {
  kind: "certificate";
  courseTitle: string;
  hours: number;
  /** The day the course was completed. */
  completedAt: Date;
  /** Canonical or display form; links and text use the display form ('ABCD-EFGH-JK12'). */
  code: string;
  /** Whether the sender attaches the PDF: the mail says so only when it is true. */
  pdfAttached: boolean;
}

export interface ContactAutoReplyMail extends Addressee {
  kind: "contactAutoReply";
  /** The subject's label as the form shows it ('Capacitación para empresas'). */
  subjectLabel: string;
  message: string;
}

/** The contact form's message, to the academy's inbox (the sender sets Reply-To to the person). */
export interface ContactInboxMail {
  kind: "contactInbox";
  name: string;
  email: string;
  /** '' when not given. */
  phone: string;
  subjectLabel: string;
  message: string;
  receivedAt: Date;
}

export interface PasswordResetMail extends Addressee {
  kind: "passwordReset";
  /** The link Better Auth builds (absolute, on PUBLIC_URL); valid 1 hour, single use. */
  resetUrl: string;
}

export interface PasswordChangedMail extends Addressee {
  kind: "passwordChanged";
  changedAt: Date;
}

export type PaymentMethod =
  /** Webpay Plus; card details as Transbank returns them, null when unknown. */
  | { type: "webpay"; cardLast4: string | null; authorizationCode: string | null }
  | { type: "transfer" }
  /** A coupon brought the price to 0: nothing was paid. */
  | { type: "free" };

interface OrderRef {
  orderNumber: string;
  course: CourseRef;
  /** Seats bought (a company buys several); 1 for a learner's own purchase. */
  quantity: number;
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

export interface CompanyInvitationMail extends Addressee {
  kind: "companyInvitation";
  companyName: string;
  course: CourseRef;
  /** The set-a-password link (path or absolute URL on PUBLIC_URL). */
  acceptUrl: string;
  expiresAt: Date;
}

export interface CompanyEnrolmentMail extends Addressee {
  kind: "companyEnrolment";
  companyName: string;
  course: CourseRef;
  /** Where the worker starts (usually the course's first lesson). */
  startPath: string;
}

export interface CompanyManagerInvitationMail extends Addressee {
  kind: "companyManagerInvitation";
  companyName: string;
  /** The set-a-password link (path or absolute URL on PUBLIC_URL). */
  acceptUrl: string;
  expiresAt: Date;
}

/** An existing account was named manager of a company: where its portal is. */
export interface CompanyManagerAddedMail extends Addressee {
  kind: "companyManagerAdded";
  companyName: string;
  portalPath: string;
}

export type MailMessage =
  | WelcomeMail
  | EnrolmentMail
  | CertificateMail
  | ContactAutoReplyMail
  | ContactInboxMail
  | PasswordResetMail
  | PasswordChangedMail
  | PurchaseReceiptMail
  | TransferInstructionsMail
  | TransferConfirmedMail
  | OrderRejectedMail
  | RefundMail
  | CompanyInvitationMail
  | CompanyEnrolmentMail
  | CompanyManagerInvitationMail
  | CompanyManagerAddedMail;

export type MailKind = MailMessage["kind"];

/** The mails a company's manager or an admin causes for workers and managers (queued as data, rendered when sent). */
export type CompanyMailMessage = CompanyInvitationMail | CompanyEnrolmentMail | CompanyManagerInvitationMail | CompanyManagerAddedMail;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
