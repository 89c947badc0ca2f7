// How the academy hands over a file (a CSV, a spreadsheet, a ZIP, a PDF): one place for the headers every
// download needs — its type, a file name any browser keeps (accents included), never cached by a shared cache,
// never sniffed as something else.

export const DOWNLOAD_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
  pdf: "application/pdf",
} as const;

/**
 * `inline` or `attachment` with the file's name: an ASCII fallback (accents dropped, quotes and non-ASCII
 * replaced) for old clients, and the exact name in RFC 5987's `filename*`.
 */
export function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const fallback = filename.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file to download, private to whoever asked (nothing in between keeps it). */
export function downloadResponse(
  body: BodyInit,
  file: { filename: string; type: keyof typeof DOWNLOAD_TYPES; length?: number },
): Response {
  const headers: Record<string, string> = {
    "Content-Type": DOWNLOAD_TYPES[file.type],
    "Content-Disposition": contentDisposition("attachment", file.filename),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (file.length !== undefined) headers["Content-Length"] = String(file.length);
  return new Response(body, { headers });
}
