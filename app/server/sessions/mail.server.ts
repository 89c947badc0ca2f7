// The mails of a skills session: booked (with the calendar file), on the waiting list, promoted with a time limit,
// an offer that lapsed, a cancelled booking or session, the reminders 48 hours and 2 hours before, and the
// teórico-práctico certificate after the sign-off.
import { site } from "~/config/site";
import { formatDateTime, formatTime, formatWeekdayAndTime } from "~/domain/format";
import { certificatePath, formatCertificateCode } from "~/domain/certificate-code";
import type { SessionReminder } from "~/domain/skills-sessions";
import { link, note, p, strong, type Block, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting } from "../platform/mail/template-parts.server";

export type SessionMailEvent = "booked" | "waiting" | "promoted" | "offerExpired" | "cancelled" | "sessionCancelled" | "signedOff" | "moved" | SessionReminder;

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    skillsSession: SkillsSessionMail;
  }
}

export interface SkillsSessionMail extends Addressee {
  kind: "skillsSession";
  event: SessionMailEvent;
  sessionId: number;
  courseTitle: string;
  startsAt: Date;
  durationMin: number;
  place: string;
  placeNotes: string;
  instructorName: string;
  cancelUntil: Date;
  /** Is the learner's cancellation deadline still ahead (when the mail is written)? */
  canCancel: boolean;
  offerExpiresAt: Date | null;
  certificateCode: string | null;
  /** Who cancelled the seat: the learner (also when absent), the academy, or the learner's company's manager. */
  cancelledBy?: "learner" | "academy" | "company";
  /** The seat was bought online: giving it up refunds the order (the refund's own mail follows). */
  paid?: boolean;
}

const SUBJECTS: Record<Exclude<SessionMailEvent, SessionReminder>, string> = {
  booked: "Reserva confirmada: sesión práctica de",
  waiting: "Estás en la lista de espera: sesión práctica de",
  promoted: "Se liberó un cupo para ti: sesión práctica de",
  offerExpired: "Venció el plazo de tu cupo: sesión práctica de",
  cancelled: "Cancelaste tu reserva: sesión práctica de",
  sessionCancelled: "Sesión práctica cancelada:",
  signedOff: "Tu certificado teórico-práctico de",
  moved: "Cambio de fecha: sesión práctica de",
};

export function skillsSession(m: SkillsSessionMail, ctx: MailContext): MailContent {
  const sessionUrl = ctx.url(`/sesiones/${m.sessionId}`);
  const details: Block = {
    type: "details",
    title: "La sesión",
    rows: [
      { label: "Curso", value: m.courseTitle },
      { label: "Fecha y hora", value: `${formatDateTime(m.startsAt)} (hora de Chile)` },
      { label: "Duración", value: `${m.durationMin} minutos` },
      { label: "Lugar", value: m.place },
      ...(m.placeNotes ? [{ label: "Indicaciones", value: m.placeNotes }] : []),
      { label: "Relator", value: m.instructorName },
    ],
  };
  const blocks: Block[] = [];
  switch (m.event) {
    case "booked":
      blocks.push(
        p("Tu cupo en la sesión práctica de ", strong(m.courseTitle), " está confirmado."),
        details,
        p("Adjuntamos la sesión en un archivo de calendario (.ics) para que la agregues a tu agenda."),
        p(`Puedes cancelar tu reserva hasta el ${formatDateTime(m.cancelUntil)}.`),
        { type: "button", label: "Ver mi reserva", href: sessionUrl },
      );
      break;
    case "moved":
      blocks.push(
        p("Cambiamos tu sesión práctica de ", strong(m.courseTitle), " a una nueva fecha. Tu cupo en ella está confirmado."),
        details,
        p("Adjuntamos la nueva fecha en un archivo de calendario (.ics). Si habías agregado la fecha anterior a tu agenda, el otro archivo adjunto la quita."),
        p(`Puedes cancelar tu reserva hasta el ${formatDateTime(m.cancelUntil)}.`),
        { type: "button", label: "Ver mi reserva", href: sessionUrl },
      );
      break;
    case "waiting":
      blocks.push(
        p("La sesión práctica de ", strong(m.courseTitle), " está completa: quedaste en la lista de espera."),
        details,
        p("Si se libera un cupo te escribiremos, y tendrás un plazo para confirmarlo."),
        { type: "button", label: "Ver la sesión", href: sessionUrl },
      );
      break;
    case "promoted":
      blocks.push(
        p("Se liberó un cupo en la sesión práctica de ", strong(m.courseTitle), " y es tuyo si lo confirmas."),
        details,
        p(strong(`Confírmalo antes del ${formatDateTime(m.offerExpiresAt)}`), "; después pasará a la siguiente persona de la lista."),
        { type: "button", label: "Confirmar mi cupo", href: sessionUrl, showUrl: true },
      );
      break;
    case "offerExpired":
      blocks.push(
        p("Venció el plazo para confirmar tu cupo en la sesión práctica de ", strong(m.courseTitle), ", así que pasó a la siguiente persona."),
        p("Puedes reservar otra fecha cuando quieras."),
        { type: "button", label: "Ver fechas", href: sessionUrl },
      );
      break;
    case "cancelled":
      blocks.push(
        m.cancelledBy === "company"
          ? p("Tu empresa canceló tu reserva en la sesión práctica de ", strong(m.courseTitle), ".")
          : m.cancelledBy === "academy"
            ? p("Cancelamos tu reserva en la sesión práctica de ", strong(m.courseTitle), ".")
            : p("Cancelaste tu reserva en la sesión práctica de ", strong(m.courseTitle), "."),
        details,
        ...(m.paid ? [p("Te devolvemos lo que pagaste por el cupo: te llegará otro correo con el reembolso.")] : []),
        p("Puedes reservar otra fecha cuando quieras."),
      );
      break;
    case "sessionCancelled":
      blocks.push(
        p("Lamentamos avisarte que la sesión práctica de ", strong(m.courseTitle), " fue cancelada. Tu reserva quedó sin efecto."),
        details,
        ...(m.paid ? [p("Te devolvemos el total que pagaste por el cupo: te llegará otro correo con el reembolso.")] : []),
        p("Escríbenos y te ayudamos a elegir otra fecha."),
      );
      break;
    case "reminder48h":
      blocks.push(
        p("Te recordamos tu sesión práctica de ", strong(m.courseTitle), ": es el ", strong(formatWeekdayAndTime(m.startsAt)), " (hora de Chile)."),
        details,
        m.canCancel
          ? p(`¿No vas a poder ir? Cancela tu reserva hasta el ${formatDateTime(m.cancelUntil)} y el cupo quedará para otra persona.`)
          : p("¿No vas a poder ir? Escríbenos y el cupo quedará para otra persona."),
        { type: "button", label: "Ver mi reserva", href: sessionUrl },
      );
      break;
    case "reminder2h":
      blocks.push(
        p("Tu sesión práctica de ", strong(m.courseTitle), " empieza a las ", strong(formatTime(m.startsAt)), " (hora de Chile), en ", strong(m.place), "."),
        details,
        p("Llega unos minutos antes para firmar la lista de asistencia con el relator."),
        { type: "button", label: "Ver mi reserva", href: sessionUrl },
      );
      break;
    case "signedOff": {
      const code = m.certificateCode ?? "";
      blocks.push(
        p("El relator firmó tu evaluación práctica de ", strong(m.courseTitle), ". Tu certificado ahora es teórico-práctico."),
        details,
        { type: "button", label: "Ver mi certificado", href: ctx.url(certificatePath(code)), showUrl: true },
        note("Código: ", formatCertificateCode(code)),
      );
      break;
    }
  }
  blocks.push(note("¿Dudas? Escríbenos a ", emailLink(), ". También puedes ver tus reservas en ", link("tu panel", ctx.url("/dashboard")), "."));
  return {
    subject:
      m.event === "reminder48h"
        ? `Recordatorio: tu sesión práctica de ${m.courseTitle} es el ${formatWeekdayAndTime(m.startsAt)}`
        : m.event === "reminder2h"
          ? `Tu sesión práctica de ${m.courseTitle} empieza a las ${formatTime(m.startsAt)}`
          : m.event === "cancelled" && m.cancelledBy === "company"
            ? `Tu empresa canceló tu reserva: sesión práctica de ${m.courseTitle}`
            : m.event === "cancelled" && m.cancelledBy === "academy"
              ? `Cancelamos tu reserva: sesión práctica de ${m.courseTitle}`
              : `${SUBJECTS[m.event]} ${m.courseTitle}`,
    preview: `${m.courseTitle}, ${formatDateTime(m.startsAt)}, ${m.place}`,
    heading: m.event === "signedOff" ? "Certificado teórico-práctico" : "Sesión práctica presencial",
    greeting: greeting(m.name),
    blocks,
    reason: `Recibes este correo por tu reserva de una sesión práctica en ${site.name}.`,
  };
}

registerMailTemplates({ skillsSession });
