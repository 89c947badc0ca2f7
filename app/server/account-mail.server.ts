// Whether the accounts area's e-mails went out. Their content is built by renderMail (app/server/mail/).
import { AsyncLocalStorage } from "node:async_hooks";

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
