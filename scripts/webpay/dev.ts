// `npm run dev:webpay`: the local Webpay Plus server on its own, for working offline.
// Options: --port 3390 --host 127.0.0.1 --public-url http://… --environment integration|production
import { parseArgs } from "node:util";
import { startLocalWebpay } from "./local-webpay";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.WEBPAY_LOCAL_PORT ?? "3390" },
    host: { type: "string", default: "127.0.0.1" },
    "public-url": { type: "string" },
    environment: { type: "string", default: "integration" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, not ${values.port}`);
if (values.environment !== "integration" && values.environment !== "production") throw new Error("--environment must be integration or production");

const server = await startLocalWebpay({
  port,
  host: values.host,
  publicUrl: values["public-url"],
  environment: values.environment,
  log: (line) => console.log(`[webpay] ${line}`),
});

console.log(`Local Webpay Plus on ${server.url} (Transbank integration credentials; test cards only).
Start the academy against it in another terminal:
  WEBPAY_BASE_URL=${server.url} npm run dev`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
