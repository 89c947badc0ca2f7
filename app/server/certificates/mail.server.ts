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

registerMailTemplates({ certificate });
