// The accounts area's e-mails: plain text (what every client shows) plus a simple HTML version.
import { AsyncLocalStorage } from "node:async_hooks";
import { site } from "~/config/site";

// Better Auth logs and swallows an error thrown while sending its e-mails; the reset form must still be
// able to say 'Ha ocurrido un error al enviar el correo de recuperación.', so the failure is noted here.
const deliveries = new AsyncLocalStorage<{ error?: unknown }>();

/** Runs `fn` and reports whether an e-mail sent through `sendTracked` during it failed. */
export async function withMailTracking<T>(fn: () => Promise<T>): Promise<{ result: T; mailError?: unknown }> {
  const state: { error?: unknown } = {};
  const result = await deliveries.run(state, fn);
  return { result, mailError: state.error };
}

export async function sendTracked(send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    const state = deliveries.getStore();
    if (state) state.error = error;
    throw error;
  }
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function resetPasswordMail({ name, url }: { name: string; url: string }) {
  const subject = `Restablece tu contraseña de ${site.name}`;
  const text = [
    `Hola ${name}:`,
    "",
    "Recibimos una solicitud para restablecer la contraseña de tu cuenta.",
    "Para elegir una nueva contraseña, abre este enlace (válido por 1 hora y de un solo uso):",
    "",
    url,
    "",
    "Si no solicitaste este cambio, puedes ignorar este mensaje: tu contraseña no cambiará.",
    "",
    site.name,
  ].join("\n");
  const html = `<!doctype html>
<html lang="es-CL">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
    <tr><td style="padding:24px 28px;border-bottom:4px solid #b91c1c">
      <strong style="font-size:18px;color:#b91c1c">${escapeHtml(site.name)}</strong>
    </td></tr>
    <tr><td style="padding:28px;font-size:15px;line-height:1.6">
      <p style="margin:0 0 16px">Hola ${escapeHtml(name)}:</p>
      <p style="margin:0 0 16px">Recibimos una solicitud para restablecer la contraseña de tu cuenta.</p>
      <p style="margin:0 0 24px">Para elegir una nueva contraseña, usa este botón. El enlace es válido por 1 hora y sirve una sola vez.</p>
      <p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">Elegir nueva contraseña</a></p>
      <p style="margin:0 0 16px;font-size:13px;color:#475569">Si el botón no funciona, copia este enlace en tu navegador:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>
      <p style="margin:0;font-size:13px;color:#475569">Si no solicitaste este cambio, puedes ignorar este mensaje: tu contraseña no cambiará.</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { subject, text, html };
}
