// Mails about the account itself: welcome, password reset, password changed, a sign-up with an address in use.
import { site } from "~/config/site";
import { formatDateTime } from "~/domain/format";
import { link, note, p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    welcome: WelcomeMail;
    passwordReset: PasswordResetMail;
    passwordChanged: PasswordChangedMail;
    signUpAttempt: SignUpAttemptMail;
  }
}

export interface WelcomeMail extends Addressee {
  kind: "welcome";
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

export interface SignUpAttemptMail extends Addressee {
  kind: "signUpAttempt";
  attemptedAt: Date;
}

const ACCOUNT_REASON = `Recibes este correo porque tienes una cuenta en ${site.name}.`;

export function welcome(m: WelcomeMail, ctx: MailContext): MailContent {
  return {
    subject: `Te damos la bienvenida a ${site.name}`,
    preview: "Tu cuenta está lista: elige un curso y aprende a tu ritmo, también desde el celular.",
    heading: "¡Tu cuenta está lista!",
    greeting: greeting(m.name),
    blocks: [
      p(`Gracias por unirte a ${site.name}. Desde hoy puedes capacitarte en salud y seguridad a tu ritmo, desde el computador o el celular.`),
      { type: "button", label: "Ver los cursos", href: ctx.url("/cursos") },
      p("En tu panel verás tus cursos, tu avance y tus certificados: ", link("ir a mi panel", ctx.url("/dashboard")), "."),
      note("¿Tienes dudas? Escríbenos a ", emailLink(), " y te ayudamos."),
    ],
    reason: `Recibes este correo porque creaste una cuenta en ${site.name} con esta dirección.`,
  };
}

export function passwordReset(m: PasswordResetMail, ctx: MailContext): MailContent {
  return {
    subject: `Restablece tu contraseña de ${site.name}`,
    preview: "Usa el enlace de este correo para elegir una nueva contraseña. Es válido por 1 hora.",
    heading: "Restablece tu contraseña",
    greeting: greeting(m.name),
    blocks: [
      p("Recibimos una solicitud para restablecer la contraseña de tu cuenta."),
      p("Para elegir una nueva contraseña, usa este botón. El enlace es ", strong("válido por 1 hora"), " y sirve una sola vez."),
      { type: "button", label: "Elegir nueva contraseña", href: ctx.url(m.resetUrl), showUrl: true },
      note("Si no solicitaste este cambio, puedes ignorar este mensaje: tu contraseña no cambiará."),
    ],
    reason: ACCOUNT_REASON,
  };
}

export function passwordChanged(m: PasswordChangedMail, ctx: MailContext): MailContent {
  return {
    subject: `Tu contraseña de ${site.name} fue cambiada`,
    preview: "Te avisamos por seguridad. Si no fuiste tú, restablécela ahora.",
    heading: "Tu contraseña fue cambiada",
    greeting: greeting(m.name),
    blocks: [
      p("La contraseña de tu cuenta se cambió el ", strong(`${formatDateTime(m.changedAt)} (hora de Chile)`), "."),
      p("Si fuiste tú, no necesitas hacer nada más."),
      p(strong("¿No fuiste tú?"), " Restablece tu contraseña ahora mismo y escríbenos para revisar tu cuenta:"),
      { type: "button", label: "Restablecer mi contraseña", href: ctx.url("/restablecer-contrasena") },
      note("Contacto: ", emailLink(), " · ", link("formulario de contacto", ctx.url("/contacto")), "."),
    ],
    reason: `Recibes este aviso de seguridad porque tienes una cuenta en ${site.name}.`,
  };
}

export function signUpAttempt(m: SignUpAttemptMail, ctx: MailContext): MailContent {
  return {
    subject: `Ya tienes una cuenta en ${site.name}`,
    preview: "Alguien intentó crear una cuenta nueva con este correo. Si fuiste tú, inicia sesión o restablece tu contraseña.",
    heading: "Ya tienes una cuenta con este correo",
    greeting: greeting(m.name),
    blocks: [
      p(
        "El ",
        strong(`${formatDateTime(m.attemptedAt)} (hora de Chile)`),
        " alguien intentó crear una cuenta nueva con este correo. Como ya tienes una, no creamos otra.",
      ),
      p(strong("¿Fuiste tú?"), " Entra con tu correo y tu contraseña de siempre:"),
      { type: "button", label: "Iniciar sesión", href: ctx.url("/login") },
      p("¿No te acuerdas de tu contraseña? ", link("Elige una nueva aquí", ctx.url("/restablecer-contrasena")), "."),
      note(
        "Si no fuiste tú, no tienes que hacer nada: tu cuenta y tu contraseña siguen igual. Si te llegan varios avisos como este, escríbenos a ",
        emailLink(),
        ".",
      ),
    ],
    reason: `Recibes este aviso de seguridad porque tienes una cuenta en ${site.name}.`,
  };
}

registerMailTemplates({ welcome, passwordReset, passwordChanged, signUpAttempt });
