// The catalogue's one mail: telling someone on a course's waiting list that it opened (docs/decisions.md D).
import { site } from "~/config/site";
import { p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import { registerMailTemplates } from "../platform/mail/templates.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    waitlistOpened: WaitlistOpenedMail;
  }
}

/** No name: the list keeps only the address the person left. */
export interface WaitlistOpenedMail {
  kind: "waitlistOpened";
  courseId: number;
  courseTitle: string;
}

export function waitlistOpened(m: WaitlistOpenedMail, ctx: MailContext): MailContent {
  return {
    subject: `Ya está disponible: ${m.courseTitle}`,
    preview: `El curso que esperabas ya abrió en ${site.name}.`,
    heading: "El curso que esperabas ya abrió",
    greeting: "Hola:",
    blocks: [
      p("Nos pediste que te avisáramos: ", strong(m.courseTitle), " ya está disponible para inscribirse."),
      { type: "button", label: "Ver el curso", href: ctx.url(`/cursos/${m.courseId}`) },
      p("Este es el único aviso que te enviaremos por este curso."),
    ],
    reason: `Recibes este correo porque dejaste tu correo en ${site.name} para saber cuándo abría este curso.`,
  };
}

registerMailTemplates({ waitlistOpened });
