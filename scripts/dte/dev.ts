// `npm run dev:dte`: the local OpenFactura server on its own, for working offline.
// Options: --port 3395 --host 127.0.0.1 --sii-delay-ms 0
import { parseArgs } from "node:util";
import { startLocalOpenFactura } from "./local-openfactura";
import { SANDBOX_COMPANIES } from "./local-openfactura-state";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.DTE_LOCAL_PORT ?? "3395" },
    host: { type: "string", default: "127.0.0.1" },
    "sii-delay-ms": { type: "string", default: "0" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, not ${values.port}`);
const siiDelayMs = Number(values["sii-delay-ms"]);
if (!Number.isInteger(siiDelayMs) || siiDelayMs < 0) throw new Error(`--sii-delay-ms must be a whole number of milliseconds, not ${values["sii-delay-ms"]}`);

const server = await startLocalOpenFactura({ port, host: values.host, siiDelayMs, log: (line) => console.log(`[openfactura] ${line}`) });
const sandbox = SANDBOX_COMPANIES[0]!;

console.log(`Local OpenFactura on ${server.url} (the development environment's public company ${sandbox.name}, RUT ${sandbox.rut}).
Start the academy against it in another terminal:
  DTE_PROVIDER=openfactura OPENFACTURA_ENVIRONMENT=development OPENFACTURA_BASE_URL=${server.url} \\
  OPENFACTURA_API_KEY=${sandbox.apiKey} DTE_ISSUER_RUT=${sandbox.rut} npm run dev
(and the DTE_ISSUER_* variables of docs/payments.md).`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
