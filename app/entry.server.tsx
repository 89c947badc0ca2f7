// React Router's Node entry, with two changes: the CSP nonce (every inline script React Router or React renders
// carries the nonce that this response's Content-Security-Policy allows, server/security.ts), and the document
// sent in one piece rather than streamed.
//
// Why one piece (#19): every loader has finished before a page renders (no page defers data), so streaming only
// cut the same bytes into dozens of small writes, and each one went through the compression stream and the socket
// on its own — measured at about 0.1 ms of CPU apiece, a few milliseconds per page. Rendered to the end first,
// the page is compressed and written once. Crawlers were already served this way.
import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { cspNonceFrom } from "~/server/csp-nonce.server";

export const streamTimeout = 5_000;

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
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
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
