// `npm run dev:sence`: the local SENCE attendance register (test environment) on its own, for working offline.
// Options: --port 4105 --host 127.0.0.1 --public-url http://localhost:4105 --otec 76543210-3=<token> (repeatable)
import { parseArgs } from "node:util";
import { DEFAULT_OTEC, OTHER_OTEC, startLocalSence, type LocalOtec } from "./local-sence";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.SENCE_LOCAL_PORT ?? "3396" },
    host: { type: "string", default: "127.0.0.1" },
    "public-url": { type: "string" },
    otec: { type: "string", multiple: true },
    "zona-horaria": { type: "string" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, not ${values.port}`);
const otecs: LocalOtec[] = [DEFAULT_OTEC, OTHER_OTEC];
for (const entry of values.otec ?? []) {
  const [rut, token] = entry.split("=");
  if (!rut || !token) throw new Error(`--otec must be RUT=TOKEN, not ${entry}`);
  otecs.push({ rut, tokens: { [token]: "vigente" } });
}

const server = await startLocalSence({
  port,
  host: values.host,
  publicUrl: values["public-url"],
  otecs,
  zonaHoraria: values["zona-horaria"],
  log: (line) => console.log(`[sence] ${line}`),
});

const [defaultToken] = Object.entries(DEFAULT_OTEC.tokens).find(([, state]) => state === "vigente")!;
console.log(`Local SENCE (test environment, rcetest) on ${server.url}
Test OTEC: RUT ${DEFAULT_OTEC.rut}, token ${defaultToken}
Start the academy against it in another terminal:
  SENCE_BASE_URL=${server.url} npm run dev`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
