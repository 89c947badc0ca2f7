// The mail that confirms an enrolment.
import { site } from "~/config/site";
import { link, note, p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee, CourseRef } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { greeting, lessonPath } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    enrolment: EnrolmentMail;
  }
}

export interface EnrolmentMail extends Addressee {
  kind: "enrolment";
  course: CourseRef;
  /** The lesson the 'start' button opens. */
  firstLesson: { id: number; title: string };
}

export function enrolment(m: EnrolmentMail, ctx: MailContext): MailContent {
  return {
    subject: `Inscripción confirmada: ${m.course.title}`,
    preview: `Ya puedes empezar ${m.course.title}. Tu avance se guarda solo.`,
    heading: "¡Inscripción confirmada!",
    greeting: greeting(m.name),
    blocks: [
      p("Tu inscripción en ", strong(m.course.title), " está confirmada. Puedes empezar cuando quieras, a tu ritmo."),
      { type: "button", label: "Empezar el curso", href: ctx.url(lessonPath(m.course.id, m.firstLesson.id)) },
      p(`La primera lección es «${m.firstLesson.title}». Tu avance se guarda solo: vuelve cuando quieras desde `, link("tu panel", ctx.url("/dashboard")), "."),
      note("Al completar el curso recibirás tu certificado por correo."),
    ],
    reason: `Recibes este correo porque te inscribiste en un curso de ${site.name}.`,
  };
}

registerMailTemplates({ enrolment });
