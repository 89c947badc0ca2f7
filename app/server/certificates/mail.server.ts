// The mail that brings a learner their certificate.
import { site } from "~/config/site";
import { certificatePath, certificatePdfPath, formatCertificateCode, parseCertificateCode } from "~/domain/certificate-code";
import { formatDate, formatHours } from "~/domain/format";
import { certificateScope } from "~/domain/certificate-scope";
import { link, note, p, strong, type MailContent, type MailContext } from "../platform/mail/content.server";
import type { Addressee } from "../platform/mail/messages.server";
import { registerMailTemplates } from "../platform/mail/templates.server";
import { emailLink, greeting } from "../platform/mail/template-parts.server";

declare module "../platform/mail/messages.server" {
  interface MailKinds {
    certificate: CertificateMail;
    certificateExpiry: CertificateExpiryMail;
    certificateExpiryDigest: CertificateExpiryDigestMail;
  }
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

export function certificate(m: CertificateMail, ctx: MailContext): MailContent {
  const code = parseCertificateCode(m.code);
  if (!code) throw new Error(`not a certificate code: ${m.code}`);
  const verifyUrl = ctx.url(certificatePath(code));
  const pdfUrl = ctx.url(certificatePdfPath(code));
  const scope = certificateScope();
  return {
    subject: `¡Felicitaciones! Tu certificado de ${m.courseTitle}`,
    preview: `Completaste ${m.courseTitle}. Tu certificado ${formatCertificateCode(code)} ya está disponible.`,
    heading: "¡Completaste tu curso!",
    greeting: greeting(m.name),
    blocks: [
      p("¡Felicitaciones! Completaste el curso ", strong(m.courseTitle), ` el ${formatDate(m.completedAt)}.`),
      {
        type: "details",
        title: "Tu certificado",
        rows: [
          { label: "Curso", value: m.courseTitle },
          { label: "Duración", value: formatHours(m.hours) },
          { label: "Fecha de término", value: formatDate(m.completedAt) },
          { label: "Código", value: formatCertificateCode(code) },
        ],
      },
      // What it certifies (docs/decisions.md D1), so nobody reads more into it than it says.
      p([scope.issuer, scope.scope, scope.certifier].filter(Boolean).join(" ")),
      m.pdfAttached
        ? p("Adjuntamos tu certificado en PDF. También puedes ", link("descargarlo", pdfUrl), " cuando quieras, con tu sesión iniciada.")
        : p("Descarga tu certificado en PDF con tu sesión iniciada: ", link("descargar certificado", pdfUrl), "."),
      p("Cualquier persona, por ejemplo tu empleador, puede comprobar que es auténtico en:"),
      { type: "button", label: "Ver mi certificado", href: verifyUrl, showUrl: true },
      note("También lo encontrarás en ", link("tu panel", ctx.url("/dashboard")), ". ¿Algún dato está mal? Escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque completaste un curso en ${site.name}.`,
  };
}

/** A reminder that a certificate is about to expire (docs/certificate-validity.md), to its holder. */
export interface CertificateExpiryMail extends Addressee {
  kind: "certificateExpiry";
  courseId: number;
  courseTitle: string;
  code: string;
  /** Its last valid day, 'yyyy-mm-dd' (Chile). */
  validUntil: string;
  /** Days from today to that day: 0 today, negative once past. */
  daysLeft: number;
}

function expiryPhrase(validUntil: string, daysLeft: number): string {
  if (daysLeft === 0) return "vence hoy";
  if (daysLeft < 0) return `venció el ${formatDate(validUntil)}`;
  return `vence el ${formatDate(validUntil)}`;
}

export function certificateExpiry(m: CertificateExpiryMail, ctx: MailContext): MailContent {
  const code = parseCertificateCode(m.code);
  if (!code) throw new Error(`not a certificate code: ${m.code}`);
  const when = expiryPhrase(m.validUntil, m.daysLeft);
  const left = m.daysLeft > 0 ? ` (quedan ${m.daysLeft} ${m.daysLeft === 1 ? "día" : "días"})` : "";
  return {
    subject: m.daysLeft === 0 ? `Tu certificado de ${m.courseTitle} vence hoy` : `Tu certificado de ${m.courseTitle} ${when}`,
    preview: `Tu certificado ${formatCertificateCode(code)} ${when}. Te contamos cómo renovarlo.`,
    heading: m.daysLeft === 0 ? "Tu certificado vence hoy" : m.daysLeft < 0 ? "Tu certificado venció" : "Tu certificado está por vencer",
    greeting: greeting(m.name),
    blocks: [
      p("Tu certificado del curso ", strong(m.courseTitle), " ", strong(when), `${left}.`),
      {
        type: "details",
        rows: [
          { label: "Curso", value: m.courseTitle },
          { label: "Código", value: formatCertificateCode(code) },
          { label: "Válido hasta", value: formatDate(m.validUntil) },
        ],
      },
      // One click: the checkout of the renewal (after signing in, the sign-in page brings the learner back to it).
      p("Para renovarlo vuelves a hacer el curso, con el avance en cero, y al aprobarlo recibes un certificado nuevo. Tu certificado actual queda en tu historial, verificable."),
      { type: "button", label: "Renovar mi certificado", href: ctx.url(`/cursos/${m.courseId}/comprar`) },
      p("Si tu empresa paga tu capacitación, pídele que te renueve desde su portal; para otra forma de pago, ", link("escríbenos", ctx.url("/contacto")), "."),
      p("Cualquier persona puede ver el estado de tu certificado en ", link(ctx.url(certificatePath(code)), ctx.url(certificatePath(code))), "."),
      note("Tu certificado seguirá siendo verificable: después de esa fecha su página dirá que está vencido. ¿Dudas? Escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque tienes un certificado de ${site.name} con fecha de vencimiento.`,
  };
}

/** The company's digest: its workers whose certificates reached a reminder in one run, to each of its managers. */
export interface CertificateExpiryDigestMail extends Addressee {
  kind: "certificateExpiryDigest";
  companyId: number;
  companyName: string;
  workers: { name: string; courseTitle: string; validUntil: string }[];
}

export function certificateExpiryDigest(m: CertificateExpiryDigestMail, ctx: MailContext): MailContent {
  const n = m.workers.length;
  const count = n === 1 ? "1 certificado" : `${n} certificados`;
  return {
    subject: `${m.companyName}: ${count} de tu equipo por vencer`,
    preview: `${count} de trabajadores de ${m.companyName} vencen pronto. Revisa el cumplimiento de tu empresa.`,
    heading: "Certificados de tu equipo por vencer",
    greeting: greeting(m.name),
    blocks: [
      p(n === 1 ? "Este certificado de un trabajador de " : "Estos certificados de trabajadores de ", strong(m.companyName), n === 1 ? " vence pronto:" : " vencen pronto:"),
      { type: "list", items: m.workers.map((w) => [strong(w.name), ` — ${w.courseTitle}, válido hasta el ${formatDate(w.validUntil)}`]) },
      p("Cada trabajador recibió su propio aviso. Para renovarlos, ", link("escríbenos", ctx.url("/contacto")), " y coordinamos los cupos."),
      { type: "button", label: "Ver el cumplimiento", href: ctx.url(`/empresa/${m.companyId}/cumplimiento`), showUrl: true },
      note("¿Dudas? Escríbenos a ", emailLink(), "."),
    ],
    reason: `Recibes este correo porque administras la cuenta de ${m.companyName} en ${site.name}.`,
  };
}

registerMailTemplates({ certificate, certificateExpiry, certificateExpiryDigest });
