// HTTP plumbing of the local Webpay server: bodies, headers and answers in Webpay's JSON error shape.
import type http from "node:http";
import { WebpayApiError } from "./local-webpay-state";

const MAX_BODY = 64 * 1024;

/** referencia/webpay, "Códigos de error": 400 "El mensaje JSON es inválido … o que contenga un campo no esperado". */
export function checkFields(body: Record<string, unknown>, allowed: string[]) {
  const unexpected = Object.keys(body).find((key) => !allowed.includes(key));
  if (unexpected) throw new WebpayApiError(400, `Unexpected field: ${unexpected}`);
  return body;
}

export function parseJsonBody(req: http.IncomingMessage, raw: string): Record<string, unknown> {
  // 415 "Tipo de mensaje no permitido".
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) throw new WebpayApiError(415, "Unsupported Media Type");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new WebpayApiError(400, "Invalid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new WebpayApiError(400, "Invalid JSON");
  return body as Record<string, unknown>;
}

export function header(req: http.IncomingMessage, name: string) {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new WebpayApiError(413, "Payload Too Large"));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
export function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}
export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}
