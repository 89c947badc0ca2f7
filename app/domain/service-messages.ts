// What a visitor reads while the academy cannot reach its database (HTTP 503): the page's texts, and the
// body of the answers that are not pages (API calls), in one place.
export const serviceUnavailable = {
  title: "Servicio no disponible",
  message: "El servicio no está disponible en este momento. Estamos trabajando para restablecerlo; por favor, inténtalo de nuevo en unos minutos.",
  formNote: "Si estabas enviando un formulario, no se pudo procesar: vuelve a enviarlo cuando el servicio se restablezca.",
  retry: "Reintentar",
  home: "Volver al inicio",
  /** Seconds a client is asked to wait before trying again (Retry-After). */
  retryAfterSeconds: 30,
} as const;
