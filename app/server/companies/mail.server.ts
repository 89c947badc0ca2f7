// Mails a company's worker receives: the invitation (no account yet) and the enrolment notice (has one).
import { site } from "~/config/site";
import { formatDate, formatShortDay } from "~/domain/format";
import { note, p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee, CourseRef } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    companyInvitation: CompanyInvitationMail;
    companyEnrolment: CompanyEnrolmentMail;
    companyManagerInvitation: CompanyManagerInvitationMail;
    companyManagerAdded: CompanyManagerAddedMail;
    companyReminder: CompanyReminderMail;
    companySeatReleased: CompanySeatReleasedMail;
    companyNudge: CompanyNudgeMail;
    companyCompletionDigest: CompanyCompletionDigestMail;
  }
}

/** An automatic nudge the company switched on (companies/nudges.server.ts): one per worker and rule. */
export interface CompanyNudgeMail extends Addressee {
  kind: "companyNudge";
  rule: "inactive" | "before-due" | "overdue";
  companyName: string;
  course: CourseRef;
  startPath: string;
  /** '2 de 5 módulos · 40 %', or null when they have not started. */
  progress: string | null;
  dueOn: string | null;
  /** Days without activity, for the 'inactive' rule. */
  inactiveDays: number | null;
}

/** The managers' daily list of workers who completed a course the company assigned. */
export interface CompanyCompletionDigestMail extends Addressee {
  kind: "companyCompletionDigest";
  companyId: number;
  companyName: string;
  workers: { name: string; courseTitle: string; completedAt: Date | string }[];
}

export interface CompanyInvitationMail extends Addressee {
  kind: "companyInvitation";
  companyName: string;
  course: CourseRef;
  /** The set-a-password link (path or absolute URL on PUBLIC_URL). */
  acceptUrl: string;
  expiresAt: Date;
  /** The address already has an account: the person signs in to accept instead of creating a password. */
  hasAccount?: boolean;
}

export interface CompanyEnrolmentMail extends Addressee {
  kind: "companyEnrolment";
  companyName: string;
  course: CourseRef;
  /** Where the worker starts (usually the course's first lesson). */
  startPath: string;
  /** The company renewed the worker's certificate: a new cycle of a course they had completed. */
  renewal?: boolean;
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

/** The manager's nudge to a worker who has not finished the course the company assigned. */
export interface CompanyReminderMail extends Addressee {
  kind: "companyReminder";
  companyName: string;
  course: CourseRef;
  startPath: string;
  /** '2 de 5 módulos · 40 %', or null when they have not started. */
  progress: string | null;
  /** The day the company asks them to finish by ('2026-12-15'), when it set one. */
  dueOn?: string | null;
}

/** The company took back the seat of a course the worker had not started. */
export interface CompanySeatReleasedMail extends Addressee {
  kind: "companySeatReleased";
  companyName: string;
  course: CourseRef;
}

export type CompanyMailMessage =
  | CompanyInvitationMail
  | CompanyEnrolmentMail
  | CompanyManagerInvitationMail
  | CompanyManagerAddedMail
  | CompanyReminderMail
  | CompanySeatReleasedMail;

export function companyReminder(m: CompanyReminderMail, ctx: MailContext): MailContent {
  return {
    subject: `Recordatorio de ${m.companyName}: ${m.course.title}`,
    preview: m.progress ? `Llevas ${m.progress}. Sigue donde lo dejaste.` : "Aún no empiezas el curso que te asignó tu empresa.",
    heading: m.progress ? "Sigue con tu curso" : "Tu curso te espera",
    greeting: greeting(m.name),
    blocks: [
      m.progress
        ? p(strong(m.companyName), " te recuerda terminar el curso ", strong(m.course.title), `. Llevas ${m.progress}.`)
        : p(strong(m.companyName), " te recuerda que tienes asignado el curso ", strong(m.course.title), " y aún no lo empiezas."),
      ...(m.dueOn ? [p("Tu empresa pide terminarlo antes del ", strong(formatShortDay(m.dueOn)), ".")] : []),
      { type: "button", label: m.progress ? "Seguir el curso" : "Empezar el curso", href: ctx.url(m.startPath) },
      p("Tu avance se guarda solo: puedes avanzar por partes, también desde el teléfono."),
      note("¿Tienes problemas para entrar? Escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque ${m.companyName} te inscribió en un curso de ${site.name}.`,
  };
}

export function companyNudge(m: CompanyNudgeMail, ctx: MailContext): MailContent {
  const due = m.dueOn ? formatShortDay(m.dueOn) : "";
  const lead =
    m.rule === "overdue"
      ? p(strong(m.companyName), " pedía terminar el curso ", strong(m.course.title), ` antes del ${due}, y aún no lo terminas. Todavía puedes hacerlo.`)
      : m.rule === "before-due"
        ? p(strong(m.companyName), " pide terminar el curso ", strong(m.course.title), " antes del ", strong(due), ".")
        : p(strong(m.companyName), " te asignó el curso ", strong(m.course.title), `, y no registra avance hace ${m.inactiveDays ?? 0} días.`);
  return {
    subject: m.rule === "overdue" ? `Tu curso ${m.course.title} está atrasado` : m.rule === "before-due" ? `Termina ${m.course.title} antes del ${due}` : `Retoma tu curso ${m.course.title}`,
    preview: m.progress ? `Llevas ${m.progress}. Sigue donde lo dejaste.` : "Aún no empiezas el curso que te asignó tu empresa.",
    heading: m.rule === "inactive" ? "Tu curso te espera" : "Se acerca la fecha límite de tu curso",
    greeting: greeting(m.name),
    blocks: [
      lead,
      ...(m.progress ? [p(`Llevas ${m.progress}.`)] : []),
      ...(m.rule === "inactive" && due ? [p("Tu empresa pide terminarlo antes del ", strong(due), ".")] : []),
      { type: "button", label: m.progress ? "Seguir el curso" : "Empezar el curso", href: ctx.url(m.startPath) },
      p("Tu avance se guarda solo: puedes avanzar por partes, también desde el teléfono."),
      note("¿Tienes problemas para entrar? Escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque ${m.companyName} te inscribió en un curso de ${site.name} y activó los recordatorios automáticos.`,
  };
}

export function companyCompletionDigest(m: CompanyCompletionDigestMail, ctx: MailContext): MailContent {
  const n = m.workers.length;
  return {
    subject: n === 1 ? `${m.workers[0]!.name} completó ${m.workers[0]!.courseTitle}` : `${n} trabajadores de ${m.companyName} completaron un curso`,
    preview: n === 1 ? `Un trabajador de ${m.companyName} completó su curso.` : `${n} trabajadores de ${m.companyName} completaron su curso.`,
    heading: n === 1 ? "Un trabajador completó su curso" : "Trabajadores que completaron su curso",
    greeting: greeting(m.name),
    blocks: [
      p(n === 1 ? "Este trabajador de " : "Estos trabajadores de ", strong(m.companyName), n === 1 ? " completó su curso:" : " completaron su curso:"),
      { type: "list", items: m.workers.map((w) => [strong(w.name), ` — ${w.courseTitle}, el ${formatDate(w.completedAt)}`]) },
      { type: "button", label: "Abrir el portal de empresa", href: ctx.url(`/empresa/${m.companyId}`), showUrl: true },
      note("Puedes dejar de recibir este resumen en el portal de empresa, en «Avisos automáticos»."),
    ],
    reason: `Recibes este correo porque administras la capacitación de ${m.companyName} en ${site.name}.`,
  };
}

export function companySeatReleased(m: CompanySeatReleasedMail): MailContent {
  return {
    subject: `${m.companyName} liberó tu cupo en ${m.course.title}`,
    preview: "Tu empresa retiró la inscripción que aún no empezabas.",
    heading: "Tu empresa liberó tu cupo",
    greeting: greeting(m.name),
    blocks: [
      p(strong(m.companyName), " retiró tu inscripción en el curso ", strong(m.course.title), ", que aún no empezabas. Ya no aparece en tu panel."),
      note("Si crees que es un error, consúltalo con tu empresa o escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque ${m.companyName} te había inscrito en un curso de ${site.name}.`,
  };
}

export function companyInvitation(m: CompanyInvitationMail, ctx: MailContext): MailContent {
  const expiry = `vence el ${formatDate(m.expiresAt)}`;
  return {
    subject: `${m.companyName} te invita a capacitarte en ${site.name}`,
    preview: m.hasAccount
      ? `Acepta la invitación con tu cuenta y empieza ${m.course.title}. La invitación ${expiry}.`
      : `Crea tu contraseña y empieza ${m.course.title}. La invitación ${expiry}.`,
    heading: "Te invitaron a un curso",
    greeting: greeting(m.name),
    blocks: m.hasAccount
      ? [
          p(strong(m.companyName), " te invita al curso ", strong(m.course.title), ` de ${site.name}, online y a tu ritmo.`),
          p("Ya tienes una cuenta con este correo: entra con ella y acepta la invitación con este botón. El enlace es personal y ", strong(expiry), "."),
          { type: "button", label: "Ver la invitación", href: ctx.url(m.acceptUrl), showUrl: true },
          p("Solo quedarás inscrito si la aceptas. Tu empresa podrá ver tu avance en este curso."),
          note("Si no conoces a esta empresa, no hagas nada: la invitación vencerá sola. ¿Dudas? Escríbenos a ", emailLink(), "."),
        ]
      : [
          p(strong(m.companyName), " te inscribió en el curso ", strong(m.course.title), ` de ${site.name}, online y a tu ritmo.`),
          p("Para empezar, crea tu contraseña con este botón. El enlace es personal y ", strong(expiry), "."),
          { type: "button", label: "Crear mi contraseña", href: ctx.url(m.acceptUrl), showUrl: true },
          p("Después entrarás con tu correo y esa contraseña. Tu empresa podrá ver tu avance en este curso."),
          note("Si el enlace venció, pide a tu empresa que te envíe una nueva invitación. ¿Dudas? Escríbenos a ", emailLink(), "."),
        ],
    reason: `Recibes este correo porque ${m.companyName} te invitó a un curso de ${site.name} con esta dirección.`,
  };
}

export function companyEnrolment(m: CompanyEnrolmentMail, ctx: MailContext): MailContent {
  if (m.renewal) {
    return {
      subject: `${m.companyName} renovó tu curso ${m.course.title}`,
      preview: `Tu empresa te inscribió de nuevo en ${m.course.title} para renovar tu certificado.`,
      heading: "Tu empresa renovó tu curso",
      greeting: greeting(m.name),
      blocks: [
        p(strong(m.companyName), " te inscribió de nuevo en el curso ", strong(m.course.title), " para renovar tu certificado. Empiezas con el avance en cero y, al aprobar, recibirás un certificado nuevo."),
        { type: "button", label: "Empezar la renovación", href: ctx.url(m.startPath) },
        p("Tu certificado anterior sigue siendo verificable y cuenta hasta su fecha de vencimiento."),
        note("¿No esperabas esta inscripción? Consulta con tu empresa o escríbenos a ", emailLink(), "."),
      ],
      reason: `Recibes este correo porque ${m.companyName} te inscribió en un curso de ${site.name}.`,
    };
  }
  return {
    subject: `${m.companyName} te inscribió en ${m.course.title}`,
    preview: `Tu empresa te inscribió en ${m.course.title}. Ya puedes empezar.`,
    heading: "Tu empresa te inscribió en un curso",
    greeting: greeting(m.name),
    blocks: [
      p(strong(m.companyName), " te inscribió en el curso ", strong(m.course.title), ` de ${site.name}. Ya puedes empezar con tu cuenta de siempre.`),
      { type: "button", label: "Empezar el curso", href: ctx.url(m.startPath) },
      p("Tu avance se guarda solo y, al terminar, recibirás tu certificado. Tu empresa podrá ver tu avance en este curso."),
      note("¿No esperabas esta inscripción? Consulta con tu empresa o escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque ${m.companyName} te inscribió en un curso de ${site.name}.`,
  };
}

export function companyManagerInvitation(m: CompanyManagerInvitationMail, ctx: MailContext): MailContent {
  return {
    subject: `Te damos acceso al portal de ${m.companyName} en ${site.name}`,
    preview: `Crea tu contraseña para administrar la capacitación de ${m.companyName}. La invitación vence el ${formatDate(m.expiresAt)}.`,
    heading: "Administra la capacitación de tu empresa",
    greeting: greeting(m.name),
    blocks: [
      p(`${site.name} te dio acceso al portal de `, strong(m.companyName), ": podrás inscribir a sus trabajadores, seguir su avance y descargar sus certificados."),
      p("Para empezar, crea tu contraseña con este botón. El enlace es personal y ", strong(`vence el ${formatDate(m.expiresAt)}`), "."),
      { type: "button", label: "Crear mi contraseña", href: ctx.url(m.acceptUrl), showUrl: true },
      note("Si el enlace venció o no esperabas este correo, escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque ${site.name} te dio acceso al portal de ${m.companyName}.`,
  };
}

export function companyManagerAdded(m: CompanyManagerAddedMail, ctx: MailContext): MailContent {
  return {
    subject: `Ya puedes administrar la capacitación de ${m.companyName}`,
    preview: `Desde tu cuenta de ${site.name} ya puedes administrar la capacitación de ${m.companyName}.`,
    heading: "Tienes acceso al portal de tu empresa",
    greeting: greeting(m.name),
    blocks: [
      p(`${site.name} te dio acceso al portal de `, strong(m.companyName), ": desde ahí inscribes a sus trabajadores, sigues su avance y descargas sus certificados."),
      { type: "button", label: "Abrir el portal de empresa", href: ctx.url(m.portalPath) },
      p("También lo encuentras en el menú de tu cuenta, en «Portal de empresa»."),
      note("¿No esperabas este correo? Escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque ${site.name} te dio acceso al portal de ${m.companyName}.`,
  };
}

registerMailTemplates({ companyInvitation, companyEnrolment, companyManagerInvitation, companyManagerAdded, companyReminder, companySeatReleased, companyNudge, companyCompletionDigest });
