// The mails of a privacy request (docs/privacy.md): the person is told that their request was received, with its
// legal deadline, and what was answered. Rendered when queued (requests.server.ts), in the request's transaction.
import { site } from "~/config/site";
import { formatDate } from "~/domain/format";
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from "~/domain/privacy";
import { link, note, p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    privacyRequestReceived: PrivacyRequestReceivedMail;
    privacyRequestAnswered: PrivacyRequestAnsweredMail;
    privacyInactiveWarning: PrivacyInactiveWarningMail;
  }
}

export interface PrivacyRequestReceivedMail extends Addressee {
  kind: "privacyRequestReceived";
  requestKind: PrivacyRequestKind;
  /** 'web': from "Mis datos"; 'mail': written to the academy and registered by an admin. */
  channel: "web" | "mail";
  receivedAt: Date;
  /** The legal deadline, a Chile calendar day ('2026-12-31'). */
  dueOn: string;
}

export interface PrivacyRequestAnsweredMail extends Addressee {
  kind: "privacyRequestAnswered";
  requestKind: PrivacyRequestKind;
  decision: "done" | "refused";
  /** The answer as the admin wrote it, with what a deletion kept and why. */
  answer: string;
  /** Whether the person still has an account to read it in "Mis datos" (not after a deletion). */
  hasAccount: boolean;
}

export interface PrivacyInactiveWarningMail extends Addressee {
  kind: "privacyInactiveWarning";
  /** The Chile day ('2029-12-31') from which the account is deleted unless its owner signs in. */
  deleteOn: string;
  /** The configured years without a sign-in. */
  years: number;
}

const kindLabel = (kind: PrivacyRequestKind) => PRIVACY_REQUEST_KINDS[kind].toLowerCase();

export function privacyRequestReceived(m: PrivacyRequestReceivedMail, ctx: MailContext): MailContent {
  const label = kindLabel(m.requestKind);
  return {
    subject: `Recibimos tu solicitud de ${label} de datos personales`,
    preview: `Te responderemos a más tardar el ${formatDate(m.dueOn)}.`,
    heading: "Recibimos tu solicitud",
    greeting: greeting(m.name),
    blocks: [
      p(
        m.channel === "web"
          ? `Recibimos tu solicitud de ${label} de tus datos personales, enviada desde «Mis datos».`
          : `Registramos la solicitud de ${label} de tus datos personales que nos enviaste por correo.`,
      ),
      {
        type: "details",
        rows: [
          { label: "Solicitud", value: PRIVACY_REQUEST_KINDS[m.requestKind] },
          { label: "Recibida el", value: formatDate(m.receivedAt) },
          { label: "Respuesta a más tardar el", value: formatDate(m.dueOn) },
        ],
      },
      p("Te responderemos por correo dentro de ese plazo, que fija la ley de protección de datos personales."),
      m.channel === "web"
        ? note("También verás la respuesta en ", link("Mis datos", ctx.url("/mis-datos")), ". Si tienes dudas, escríbenos a ", emailLink(site.privacy.email), ".")
        : note("Si tienes dudas, escríbenos a ", emailLink(site.privacy.email), "."),
    ],
    reason: `Recibes este correo porque pediste ejercer un derecho sobre tus datos personales en ${site.name}.`,
  };
}

export function privacyRequestAnswered(m: PrivacyRequestAnsweredMail, ctx: MailContext): MailContent {
  const label = kindLabel(m.requestKind);
  return {
    subject: `Respuesta a tu solicitud de ${label} de datos personales`,
    preview: m.decision === "done" ? "Respondimos tu solicitud." : "Respondimos tu solicitud: no pudimos acogerla.",
    heading: "Respondimos tu solicitud",
    greeting: greeting(m.name),
    blocks: [
      p(
        m.decision === "done" ? `Atendimos tu solicitud de ${label} de tus datos personales.` : `Revisamos tu solicitud de ${label} de tus datos personales y `,
        ...(m.decision === "done" ? [] : [strong("no pudimos acogerla"), "."]),
      ),
      { type: "quote", title: "Nuestra respuesta", text: m.answer },
      m.hasAccount
        ? note("También puedes verla en ", link("Mis datos", ctx.url("/mis-datos")), ". Si no estás de acuerdo, respóndenos a ", emailLink(site.privacy.email), ".")
        : note("Si no estás de acuerdo, escríbenos a ", emailLink(site.privacy.email), "."),
      ...(m.decision === "refused" ? [note("También puedes reclamar ante la Agencia de Protección de Datos Personales.")] : []),
    ],
    reason: `Recibes este correo porque pediste ejercer un derecho sobre tus datos personales en ${site.name}.`,
  };
}

/** The warning before an inactive account is deleted (inactive-accounts.server.ts): a sign-in keeps it. */
export function privacyInactiveWarning(m: PrivacyInactiveWarningMail, ctx: MailContext): MailContent {
  const day = formatDate(m.deleteOn);
  return {
    subject: `Tu cuenta se eliminará el ${day} si no vuelves a entrar`,
    preview: "Basta con que inicies sesión para conservarla.",
    heading: "Tu cuenta está inactiva",
    greeting: greeting(m.name),
    blocks: [
      p(`Hace más de ${m.years} años que no entras a tu cuenta de ${site.name}. Para no guardar datos que ya no usas, `, strong(`la eliminaremos el ${day}`), " si no vuelves a entrar antes."),
      p("Si quieres conservarla, basta con que inicies sesión: ", link("Iniciar sesión", ctx.url("/login")), "."),
      p("Antes de esa fecha también puedes descargar todo lo que guardamos sobre ti en ", link("Mis datos", ctx.url("/mis-datos")), "."),
      note(
        "Si se elimina, tus certificados seguirán siendo verificables con su código, sin tu nombre, y las boletas y facturas se conservan el plazo que exige la ley. Si tienes dudas, escríbenos a ",
        emailLink(site.privacy.email),
        ".",
      ),
    ],
    reason: `Recibes este correo porque tienes una cuenta en ${site.name} sin uso desde hace más de ${m.years} años.`,
  };
}

registerMailTemplates({ privacyRequestReceived, privacyRequestAnswered, privacyInactiveWarning });
