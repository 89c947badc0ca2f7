// What a download of a tax document answers when there is none to give: not this person's, not issued yet, or
// its PDF unavailable right now (the provider down and no stored copy) — the same 404, which reveals nothing.
export function documentNotFound(): Response {
  return new Response("Documento no encontrado o aún no emitido.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}
