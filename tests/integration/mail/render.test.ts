import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { render as reactEmailRender } from "@react-email/render";
import { mailElement, renderHtml, renderMail } from "~/server/platform/mail/render-mail.server";
import type { MailKind, MailMessage } from "~/server/platform/mail/messages.server";
import { BASE_URL, HOSTILE, allSamples, hostile, samples } from "./samples";

const render = (message: MailMessage, baseUrl = BASE_URL) => renderMail(message, { baseUrl });

/** What each mail must say: its subject, the links it must carry (HTML and text), and text it must contain. */
const expected: { [K in MailKind]: { subject: string; links: string[]; text: string[] } } = {
  welcome: {
    subject: "Te damos la bienvenida a Academia Andes",
    links: ["/cursos", "/dashboard"],
    text: ["Hola, Ana Pérez:", "Gracias por unirte a Academia Andes"],
  },
  enrolment: {
    subject: "Inscripción confirmada: Reanimación Cardiopulmonar solo Compresiones",
    links: ["/cursos/1/contenido?leccion=101", "/dashboard"],
    text: ["Reanimación Cardiopulmonar solo Compresiones", "«Bienvenida al curso»", "Empezar el curso:"],
  },
  skillsSession: {
    subject: "Se liberó un cupo para ti: sesión práctica de Reanimación Cardiopulmonar solo Compresiones",
    links: ["/sesiones/7", "/dashboard"],
    text: ["Ana Pérez", "Fecha y hora: 15/03/2026 14:05 (hora de Chile)", "Lugar: Av. Providencia 1234, Providencia", "Confírmalo antes del 13/03/2026 14:05"],
  },
  certificate: {
    subject: "¡Felicitaciones! Tu certificado de Reanimación Cardiopulmonar solo Compresiones",
    links: ["/certificados/ABCD-EFGH-JK12", "/certificados/ABCD-EFGH-JK12/pdf", "/dashboard"],
    text: [
      "José Muñoz",
      "Duración: 16 horas",
      "Fecha de término: 15 de marzo de 2026",
      "Código: ABCD-EFGH-JK12",
      "Adjuntamos tu certificado en PDF",
      "Ver mi certificado:\nhttps://academia.example.cl/certificados/ABCD-EFGH-JK12\n",
    ],
  },
  certificateExpiry: {
    subject: "Tu certificado de Reanimación Cardiopulmonar solo Compresiones vence el 30 de noviembre de 2028",
    links: ["/contacto", "/cursos/1/comprar", "/certificados/ABCD-EFGH-JK12"],
    text: ["José Muñoz", "vence el 30 de noviembre de 2028 (quedan 30 días)", "Código: ABCD-EFGH-JK12", "Válido hasta: 30 de noviembre de 2028"],
  },
  certificateExpiryDigest: {
    subject: "Constructora Andes SpA: 1 certificado de tu equipo por vencer",
    links: ["/contacto", "/empresa/3/cumplimiento"],
    text: ["Marta Soto", "Pedro Rojas", "válido hasta el 30 de noviembre de 2028"],
  },
  contactAutoReply: {
    subject: "Recibimos tu mensaje: Capacitación para empresas",
    links: ["/cursos"],
    text: [
      "Capacitación para empresas",
      "Tu mensaje:\n> Hola:\n> Necesitamos capacitar a 15 personas en RCP.\n>\n> Gracias.",
      "Horario de atención\nLunes a viernes: 9:00 - 18:00\nSábado: 9:00 - 13:00",
      site.phone,
    ],
  },
  companyReminder: {
    subject: "Recordatorio de Constructora Andes SpA: Reanimación Cardiopulmonar solo Compresiones",
    links: ["/cursos/1/contenido"],
    text: ["Hola, Pedro Rojas:", "Llevas 2 de 5 módulos · 40 %.", "Seguir el curso"],
  },
  companySeatReleased: {
    subject: "Constructora Andes SpA liberó tu cupo en Reanimación Cardiopulmonar solo Compresiones",
    links: [],
    text: ["Hola, Pedro Rojas:", "que aún no empezabas"],
  },
  companyNudge: {
    subject: "Termina Reanimación Cardiopulmonar solo Compresiones antes del 15/12/2026",
    links: ["/cursos/1/contenido"],
    text: ["Hola, Pedro Rojas:", "pide terminar el curso", "15/12/2026", "Empezar el curso"],
  },
  companyCompletionDigest: {
    subject: "2 trabajadores de Constructora Andes SpA completaron un curso",
    links: ["/empresa/7"],
    text: ["Hola, Ana Díaz:", "Pedro Rojas", "Rosa Valdés", "Avisos automáticos"],
  },
  waitlistOpened: {
    subject: "Ya está disponible: Reanimación Cardiopulmonar solo Compresiones",
    links: ["/cursos/1"],
    text: ["Hola:", "Reanimación Cardiopulmonar solo Compresiones ya está disponible para inscribirse", "Este es el único aviso"],
  },
  contactReply: {
    subject: "Respuesta a tu mensaje: Capacitación para empresas",
    links: ["/cursos"],
    text: ["Hola, Rosa Valdés:", "Podemos ir a su empresa el 15 de abril.", "Tu mensaje del 15/03/2026 14:05", "> Necesitamos capacitar a 15 personas en RCP."],
  },
  transferProofInbox: {
    subject: "Comprobante de transferencia: pedido K7QM-4XTP",
    links: ["/admin/ventas/K7QM-4XTP"],
    text: ["Pedido: K7QM-4XTP", "Comprador: Ana Pérez", "Monto esperado: $20.000", "Recibido: 15/03/2026 14:05"],
  },
  contactInbox: {
    subject: "Nuevo mensaje de contacto: Capacitación para empresas",
    links: ["/admin/mensajes"],
    text: [
      "Nombre: Rosa Valdés",
      "Correo electrónico: rosa.valdes@example.cl",
      "Teléfono: (no indicado)",
      "Asunto: Capacitación para empresas",
      "Recibido: 15/03/2026 14:05",
      "> Necesitamos capacitar a 15 personas en RCP.",
    ],
  },
  passwordReset: {
    subject: "Restablece tu contraseña de Academia Andes",
    links: ["/api/auth/reset-password/tok3n?callbackURL=%2Frestablecer-contrasena%2Fnueva"],
    text: ["válido por 1 hora", "Si no solicitaste este cambio, puedes ignorar este mensaje"],
  },
  passwordChanged: {
    subject: "Tu contraseña de Academia Andes fue cambiada",
    links: ["/restablecer-contrasena", "/contacto"],
    text: ["15/03/2026 14:05 (hora de Chile)", "¿No fuiste tú?", site.email],
  },
  signUpAttempt: {
    subject: "Ya tienes una cuenta en Academia Andes",
    links: ["/login", "/restablecer-contrasena"],
    text: ["Hola, Ana Pérez:", "15/03/2026 14:05 (hora de Chile)", "no creamos otra", "¿Fuiste tú?", "Si no fuiste tú, no tienes que hacer nada", site.email],
  },
  purchaseReceipt: {
    subject: "Comprobante de tu compra: pedido A-000123",
    links: ["/cursos/1/contenido?leccion=101", "/perfil/compras/123"],
    text: [
      "Pedido: A-000123",
      "Fecha: 15/03/2026 14:05",
      "Curso: Reanimación Cardiopulmonar solo Compresiones",
      "Subtotal: $20.000",
      "Cupón BIENVENIDA: -$5.000",
      "Total pagado: $15.000",
      "Medio de pago: Webpay Plus, tarjeta terminada en 6623",
      "Código de autorización: 1213",
      `${site.legalName}, RUT ${site.rut}`,
    ],
  },
  transferInstructions: {
    subject: "Datos para transferir: pedido A-000124",
    links: ["/perfil/compras/124"],
    text: [
      "Monto: $20.000",
      `Banco: ${site.bank.name}`,
      `Tipo de cuenta: ${site.bank.accountType}`,
      `Número de cuenta: ${site.bank.accountNumber}`,
      `RUT: ${site.bank.rut}`,
      `Titular: ${site.bank.holder}`,
      `Correo para el comprobante: ${site.bank.proofEmail}`,
      "Comentario de la transferencia: Pedido A-000124",
      "antes del 22 de marzo de 2026",
    ],
  },
  transferConfirmed: {
    subject: "Pago confirmado: Reanimación Cardiopulmonar solo Compresiones",
    links: ["/cursos/1/contenido?leccion=101", "/perfil/compras/124"],
    text: ["Recibimos tu transferencia de $20.000 del pedido A-000124.", `RUT ${site.rut}`],
  },
  orderRejected: {
    subject: "No pudimos confirmar tu pedido A-000125",
    links: ["/cursos/1"],
    text: ["Pedido: A-000125", "Monto: $20.000", "Motivo: No recibimos la transferencia en el plazo."],
  },
  refund: {
    subject: "Reembolso del pedido A-000123",
    links: [],
    text: ["Monto reembolsado: $15.000", "Motivo: Compra duplicada.", "termina tu acceso a este curso", "tarjeta con la que pagaste"],
  },
  taxDocument: {
    subject: "Nota de crédito electrónica N° 3 del pedido A-000123",
    links: ["/compras/A-000123", "/compras"],
    text: ["Nota de crédito electrónica N° 3", "anula el documento tributario de tu pedido A-000123", "Hola, Ana Pérez:"],
  },
  companyInvitation: {
    subject: "Constructora Los Andes SpA te invita a capacitarte en Academia Andes",
    links: ["/invitacion/abc123"],
    text: ["Constructora Los Andes SpA", "Reanimación Cardiopulmonar solo Compresiones", "vence el 22 de marzo de 2026", "Hola, Pedro Soto:"],
  },
  companyEnrolment: {
    subject: "Constructora Los Andes SpA te inscribió en Reanimación Cardiopulmonar solo Compresiones",
    links: ["/cursos/1/contenido?leccion=101"],
    text: ["Constructora Los Andes SpA te inscribió en el curso Reanimación Cardiopulmonar solo Compresiones"],
  },
  companyManagerInvitation: {
    subject: "Te damos acceso al portal de Constructora Los Andes SpA en Academia Andes",
    links: ["/invitacion/def456"],
    text: ["Academia Andes te dio acceso al portal de Constructora Los Andes SpA", "vence el 22 de marzo de 2026", "Hola, Marta Rojas:"],
  },
  companyManagerAdded: {
    subject: "Ya puedes administrar la capacitación de Constructora Los Andes SpA",
    links: ["/empresa/7"],
    text: ["Academia Andes te dio acceso al portal de Constructora Los Andes SpA", "Portal de empresa", "Hola, Marta Rojas:"],
  },
  privacyRequestReceived: {
    subject: "Recibimos tu solicitud de supresión de datos personales",
    links: ["/mis-datos"],
    text: ["Hola, Ana Pérez:", "Recibida el: 15 de marzo de 2026", "Respuesta a más tardar el: 14 de abril de 2026", "desde «Mis datos»"],
  },
  privacyRequestAnswered: {
    subject: "Respuesta a tu solicitud de rectificación de datos personales",
    links: ["/mis-datos"],
    text: ["Hola, Ana Pérez:", "Atendimos tu solicitud de rectificación", "Nuestra respuesta:\n> Corregimos tu RUT en el certificado.\n> Ya puedes descargarlo de nuevo."],
  },
  privacyInactiveWarning: {
    subject: "Tu cuenta se eliminará el 14 de abril de 2029 si no vuelves a entrar",
    links: ["/login", "/mis-datos"],
    text: ["Hola, Ana Pérez:", "Hace más de 3 años que no entras a tu cuenta", "la eliminaremos el 14 de abril de 2029", "seguirán siendo verificables"],
  },
};

/** Every href in the HTML, with the entities React writes turned back into characters. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

describe("renderMail: cada tipo de correo", () => {
  for (const message of allSamples) {
    const want = expected[message.kind];

    it(`${message.kind}: asunto, marca, enlaces absolutos, parte de texto`, async () => {
      const mail = await render(message);
      expect(mail.subject).toBe(want.subject);

      // Brand: name, logo (a PNG on PUBLIC_URL), brand colour, legal footer and why the person gets it.
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('lang="es-CL"');
      expect(mail.html).toContain(site.name);
      expect(mail.html).toContain(`src="${BASE_URL}/images/logo-correo.png"`);
      expect(mail.html).toContain(site.colors.brand);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(site.legalName);
        expect(part).toContain(site.rut);
        expect(part).toContain(site.email);
        expect(part).toMatch(/Recibes este (correo|aviso)/);
        expect(part, "the privacy notice, from every mail's footer").toContain(`${BASE_URL}/privacidad`);
      }

      // Links: every one absolute on the base URL (or mailto:/tel:), and the mail's own links in both parts.
      for (const href of hrefs(mail.html)) {
        expect(href, href).toMatch(new RegExp(`^(${BASE_URL.replace(/\./g, "\\.")}/|mailto:|tel:\\+?\\d+$)`));
      }
      for (const path of want.links) {
        expect(hrefs(mail.html)).toContain(BASE_URL + path);
        expect(mail.text).toContain(BASE_URL + path);
      }

      // The text part is readable text: no markup, every expected phrase, the sign-off.
      expect(mail.text).not.toMatch(/<[a-z/!]/i);
      for (const phrase of want.text) expect(mail.text).toContain(phrase);
      // The academy's own inboxes get no greeting and no sign-off.
      if (message.kind === "contactInbox" || message.kind === "transferProofInbox") expect(mail.text).not.toContain("Saludos");
      else expect(mail.text).toContain(`Saludos,\nEl equipo de ${site.name}`);
      expect(mail.text).toContain("Atención: Lunes a viernes, 9:00 - 18:00; Sábado, 9:00 - 13:00");

      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toMatch(/undefined|NaN|\[object Object\]|\bnull\b/);
      }
    });

    it(`${message.kind}: el texto que escribe una persona se escapa en el HTML y llega intacto al texto`, async () => {
      const mail = await render(hostile(message));
      expect(mail.html).not.toContain("<script");
      expect(mail.html).not.toContain(HOSTILE);
      expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ñuñoa&quot;");
      expect(mail.text).toContain(HOSTILE);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    });
  }
});

describe("renderMail: reglas comunes", () => {
  it("el HTML es el documento que arma @react-email/render, sin la precarga de imagen que React pone en <head>", async () => {
    // Its streaming render also leaves React's markers (Suspense boundaries, text separators): comments no client shows.
    const withoutStreamMarkers = (html: string) => html.replace(/<!--(\$|\/\$|html|head|body| )-->/g, "");
    for (const message of [...allSamples, ...allSamples.map(hostile)]) {
      const { element } = mailElement(message, { baseUrl: BASE_URL });
      const ours = renderHtml(element);
      expect(ours, message.kind).toBe(withoutStreamMarkers(await reactEmailRender(element)));
      expect(ours).not.toContain('rel="preload"');
      expect(ours).toContain("/images/logo-correo.png");
    }
  });

  it("los enlaces se arman desde la URL base recibida, con o sin barra final", async () => {
    const mail = await render(samples.welcome, "https://cursos.otra-academia.cl/");
    expect(hrefs(mail.html)).toContain("https://cursos.otra-academia.cl/cursos");
    expect(mail.text).toContain("https://cursos.otra-academia.cl/dashboard");
    expect(mail.html).not.toContain("//cursos.otra-academia.cl//");
    expect(mail.html).not.toContain(BASE_URL);
  });

  it("un enlace a otro sitio no entra en un correo", async () => {
    await expect(render({ ...samples.passwordReset, resetUrl: "https://evil.example/api/auth/reset-password/x" })).rejects.toThrow(/outside/);
    await expect(render({ ...samples.companyInvitation, acceptUrl: "//evil.example/x" })).rejects.toThrow();
    await expect(render({ ...samples.purchaseReceipt, startPath: "javascript:alert(1)" })).rejects.toThrow();
  });

  it("el asunto queda en una línea aunque el título traiga saltos o caracteres de control", async () => {
    const mail = await render({ ...samples.enrolment, course: { id: 1, title: "RCP\r\nBcc: x@evil.example\u0000" } });
    expect(mail.subject).toBe("Inscripción confirmada: RCP Bcc: x@evil.example");
  });

  it("un nombre vacío saluda sin nombre", async () => {
    const mail = await render({ ...samples.welcome, name: "   " });
    expect(mail.text).toContain("Hola:\n");
  });

  it("el certificado sin PDF adjunto no dice que lo adjunta y ofrece la descarga", async () => {
    const mail = await render({ ...samples.certificate, pdfAttached: false });
    expect(mail.text).not.toContain("Adjuntamos");
    expect(mail.text).toContain("Descarga tu certificado en PDF con tu sesión iniciada");
    expect(mail.text).toContain(`${BASE_URL}/certificados/ABCD-EFGH-JK12/pdf`);
  });

  it("el certificado acepta el código con guiones y rechaza uno inválido", async () => {
    const mail = await render({ ...samples.certificate, code: "abcd-efgh-jk12" });
    expect(mail.text).toContain(`${BASE_URL}/certificados/ABCD-EFGH-JK12`);
    await expect(render({ ...samples.certificate, code: "nope" })).rejects.toThrow(/certificate code/);
  });

  it("comprobante sin cupón: sin subtotal ni descuento; pago por transferencia o sin pago", async () => {
    const transfer = await render({ ...samples.purchaseReceipt, coupon: null, subtotal: 20000, total: 20000, method: { type: "transfer" } });
    expect(transfer.text).not.toContain("Subtotal");
    expect(transfer.text).not.toContain("Cupón");
    expect(transfer.text).toContain("Total pagado: $20.000");
    expect(transfer.text).toContain("Medio de pago: Transferencia bancaria");
    expect(transfer.text).not.toContain("autorización");
    const free = await render({ ...samples.purchaseReceipt, total: 0, coupon: { code: "GRATIS", discount: 20000 }, method: { type: "free" } });
    expect(free.text).toContain("Total pagado: $0");
    expect(free.text).toContain("Cupón GRATIS: -$20.000");
    expect(free.text).toContain("Sin pago (cupón de descuento)");
  });

  const seats = { companyName: "Constructora Los Andes SpA", companyRut: "76.543.210-3", unitPrice: 20000 };

  it("cupos de empresa: el comprobante nombra la empresa y su RUT, cantidad × precio = total, y lleva a asignarlos", async () => {
    const mail = await render({ ...samples.purchaseReceipt, quantity: 30, subtotal: 600000, coupon: null, total: 600000, seats, startPath: "/empresa/4/cursos/1" });
    expect(mail.text).toContain("Empresa: Constructora Los Andes SpA");
    expect(mail.text).toContain("RUT de la empresa: 76.543.210-3");
    expect(mail.text).toContain("Curso: Reanimación Cardiopulmonar solo Compresiones");
    expect(mail.text).toContain("Cupos: 30 cupos × $20.000 = $600.000");
    expect(mail.text).toContain("Total pagado: $600.000");
    expect(mail.text).toContain("Los 30 cupos de Reanimación Cardiopulmonar solo Compresiones ya están disponibles para Constructora Los Andes SpA");
    expect(mail.text).toContain(`Asignar los cupos:\n${BASE_URL}/empresa/4/cursos/1`);
    // The manager bought seats for others: nothing tells them they have access or should start studying.
    expect(mail.text).not.toMatch(/tienes acceso|Ya puedes empezar|Empezar el curso/);
    expect(mail.html).not.toMatch(/tienes acceso|Ya puedes empezar|Empezar el curso/);
  });

  it("un solo cupo de empresa sigue siendo un cupo: se asigna, no se estudia", async () => {
    const mail = await render({ ...samples.purchaseReceipt, quantity: 1, subtotal: 20000, coupon: null, total: 20000, seats, startPath: "/empresa/4/cursos/1" });
    expect(mail.text).toContain("Cupos: 1 cupo × $20.000 = $20.000");
    expect(mail.text).toContain("Asignar los cupos:");
    expect(mail.text).not.toContain("Empezar el curso");
  });

  it("cupos por transferencia: los datos nombran la empresa; la confirmación no dice «ya tienes acceso»", async () => {
    const instructions = await render({ ...samples.transferInstructions, quantity: 30, total: 600000, seats });
    expect(instructions.text).toContain("Constructora Los Andes SpA (RUT 76.543.210-3)");
    expect(instructions.text).toContain("30 cupos × $20.000 = $600.000");
    expect(instructions.text).toContain("los cupos quedarán disponibles para asignarlos");
    expect(instructions.text).not.toContain("podrás empezar");
    const confirmed = await render({ ...samples.transferConfirmed, quantity: 30, total: 600000, seats, startPath: "/empresa/4/cursos/1" });
    expect(confirmed.text).toContain("ya están disponibles para Constructora Los Andes SpA");
    expect(confirmed.text).toContain("RUT de la empresa: 76.543.210-3");
    expect(confirmed.text).toContain("Cupos: 30 cupos × $20.000 = $600.000");
    expect(confirmed.text).not.toMatch(/tienes acceso|Ya puedes empezar|Empezar el curso/);
    const refunded = await render({ ...samples.refund, quantity: 30, amount: 600000, seats });
    expect(refunded.text).toContain("Empresa: Constructora Los Andes SpA");
    expect(refunded.text).not.toContain("termina tu acceso");
  });

  it("los correos de un encargado no le dan un título con género: «te dio acceso», no «te nombró encargado»", async () => {
    for (const mail of [await render(samples.companyManagerInvitation), await render(samples.companyManagerAdded)]) {
      expect(mail.text).not.toMatch(/encargad[oa]\b/i);
      expect(mail.html).not.toMatch(/encargad[oa]\b/i);
    }
  });

  it("transferencia sin vencimiento no promete una fecha", async () => {
    const mail = await render({ ...samples.transferInstructions, expiresAt: null });
    expect(mail.text).not.toContain("se anulará");
  });

  it("pedido rechazado sin motivo; reembolso que mantiene el acceso o por transferencia", async () => {
    const rejected = await render({ ...samples.orderRejected, reason: null });
    expect(rejected.text).not.toContain("Motivo");
    const kept = await render({ ...samples.refund, accessKept: true, method: "transfer", reason: null });
    expect(kept.text).toContain("Mantienes el acceso al curso");
    expect(kept.text).toContain(`${BASE_URL}/dashboard`);
    expect(kept.text).toContain("por transferencia");
    expect(kept.text).not.toContain("Motivo");
  });

  it("la parte de texto escribe cada enlace completo y no repite teléfonos ni correos", async () => {
    const mail = await render(samples.welcome);
    expect(mail.text).toContain(`ir a mi panel (${BASE_URL}/dashboard)`);
    expect(mail.text).toContain(`${site.email} · ${site.phone} · ${BASE_URL}/`);
    expect(mail.text).not.toContain("mailto:");
    expect(mail.text).not.toContain("tel:");
  });
});
