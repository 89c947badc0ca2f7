// Mails about studying: enrolment and certificate.
import { site } from "~/config/site";
import { certificatePath, certificatePdfPath, formatCertificateCode, parseCertificateCode } from "~/domain/certificate-code";
import { formatDate, formatHours } from "~/domain/format";
import { certificateScope } from "~/domain/certificate-scope";
import { link, note, p, strong, type MailContent, type MailContext } from "../content.server";
import type { CertificateMail, EnrolmentMail } from "../messages.server";
import { emailLink, greeting, lessonPath } from "./shared.server";

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
      // What it certifies (decisions.md D1), so nobody reads more into it than it says.
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
