// React Router's Node entry, with two changes: the CSP nonce (every inline script React Router or React renders
// carries the nonce that this response's Content-Security-Policy allows, server/security.ts), and the document
// sent in one piece rather than streamed.
//
// Why one piece: every loader has finished before a page renders (no page defers data), so streaming only
// cut the same bytes into dozens of small writes, and each one went through the compression stream and the socket
// on its own, a cost paid per write (docs/performance-log.md). Rendered to the end first,
// the page is compressed and written once. Crawlers were already served this way.
import { Writable } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { cspNonceFrom } from "~/server/platform/http/csp-nonce.server";
import { logger } from "~/server/platform/logger.server";
import { staticHtmlOf } from "~/server/platform/http/static-html.server";
import { StaticHtmlSource } from "~/ui/public/static-html";

export const streamTimeout = 5_000;

/**
 * React Router's own refusal of a cross-origin action is a visitor's doing, not the server's: one warning line,
 * no stack trace (server/security.ts refuses these first; this is what remains if a request slips past it). A
 * request the client abandoned is no error at all; everything else is logged as React Router would.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && /origin does not match|`origin` header is not a valid URL/.test(error.message)) {
    logger.warn({ url: request.url, origin: request.headers.get("origin") }, "action refused: its origin is not the request's");
    return;
  }
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = cspNonceFrom(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Whatever still waits after streamTimeout is rendered as its error fallback (React Router rejects it then).
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      // The router's nonce is the default of <Scripts>, <Links> and <ScrollRestoration>.
      // The public pages' server-rendered sections travel as references in the router's data (static-html.server.tsx).
      <StaticHtmlSource.Provider value={staticHtmlOf}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StaticHtmlSource.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              const body = Buffer.concat(chunks);
              responseHeaders.set("Content-Type", "text/html");
              responseHeaders.set("Content-Length", String(body.length));
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          document.on("error", reject);
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; these happen while rendering what was waited for.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
