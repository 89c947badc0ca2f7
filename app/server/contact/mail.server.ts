// The contact form's two mails: the copy for the academy's inbox and the auto-reply to the person.
import { site } from "~/config/site";
import { formatDateTime } from "~/domain/format";
import { link, note, p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting, phoneLink } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    contactAutoReply: ContactAutoReplyMail;
    contactInbox: ContactInboxMail;
    contactReply: ContactReplyMail;
  }
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

/** An administrator's answer to a contact message, to the person who wrote it. */
export interface ContactReplyMail extends Addressee {
  kind: "contactReply";
  subjectLabel: string;
  /** The answer as the administrator wrote it. */
  reply: string;
  /** The person's own message, quoted below the answer. */
  message: string;
  writtenAt: Date;
}

export function contactReply(m: ContactReplyMail, ctx: MailContext): MailContent {
  return {
    subject: `Respuesta a tu mensaje: ${m.subjectLabel}`,
    preview: m.reply.slice(0, 120),
    heading: "Respuesta a tu mensaje",
    greeting: greeting(m.name),
    blocks: [
      { type: "quote", title: "Nuestra respuesta", text: m.reply },
      { type: "quote", title: `Tu mensaje del ${formatDateTime(m.writtenAt)}`, text: m.message },
      p("Para seguir la conversación, responde a este correo o escríbenos a ", emailLink(), "."),
      note("También puedes ", link("revisar nuestros cursos", ctx.url("/cursos")), "."),
    ],
    reason: `Recibes este correo porque escribiste a ${site.name} desde el formulario de contacto.`,
  };
}

export function contactAutoReply(m: ContactAutoReplyMail, ctx: MailContext): MailContent {
  return {
    subject: `Recibimos tu mensaje: ${m.subjectLabel}`,
    preview: "Gracias por escribirnos. Te responderemos a la brevedad.",
    heading: "Recibimos tu mensaje",
    greeting: greeting(m.name),
    blocks: [
      p("Gracias por escribirnos. Recibimos tu mensaje sobre ", strong(m.subjectLabel), " y te responderemos a la brevedad."),
      { type: "details", title: "Horario de atención", rows: site.officeHours.map((h) => ({ label: h.days, value: h.hours })) },
      { type: "quote", title: "Tu mensaje", text: m.message },
      p("Si es urgente, llámanos al ", phoneLink(), ". Para agregar algo, responde a este correo o escríbenos a ", emailLink(), "."),
      note("Mientras tanto, puedes ", link("revisar nuestros cursos", ctx.url("/cursos")), "."),
    ],
    reason: `Recibes este correo porque escribiste a ${site.name} desde el formulario de contacto.`,
  };
}

export function contactInbox(m: ContactInboxMail, ctx: MailContext): MailContent {
  return {
    // Only a fixed label reaches the header: nothing the sender typed goes into the subject.
    subject: `Nuevo mensaje de contacto: ${m.subjectLabel}`,
    preview: `${m.name} escribió desde el formulario de contacto.`,
    heading: "Nuevo mensaje de contacto",
    greeting: null,
    blocks: [
      p(`Nuevo mensaje desde el formulario de contacto de ${site.name}.`),
      {
        type: "details",
        rows: [
          { label: "Nombre", value: m.name },
          { label: "Correo electrónico", value: m.email },
          { label: "Teléfono", value: m.phone || "(no indicado)" },
          { label: "Asunto", value: m.subjectLabel },
          { label: "Recibido", value: formatDateTime(m.receivedAt) },
        ],
      },
      { type: "quote", title: "Mensaje", text: m.message },
      p("Responde a este correo para contestarle directamente."),
      { type: "button", label: "Ver en la administración", href: ctx.url("/admin/mensajes") },
    ],
    reason: `Recibes este correo porque es la casilla de contacto de ${site.name}.`,
  };
}

registerMailTemplates({ contactAutoReply, contactInbox, contactReply });
