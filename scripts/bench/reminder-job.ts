// The expiry reminder job for the bench (compliance.ts): the application's own queueDueCertificateReminders, the
// function the hourly look runs, on the database in DATABASE_URL, in a process of its own so the bench's clients
// are not slowed by it. Prints {"ready":true} once connected; then one look per "go" line on stdin, each answered
// with {"ms":…,"queued":…}; ends when stdin closes.
import { performance } from "node:perf_hooks";
import readline from "node:readline";
import { queueDueCertificateReminders } from "../../app/server/certificates/reminders.server";
import { openDb, setDbHandle } from "../../app/server/platform/db/client.server";
import { parseEnv, setEnv } from "../../app/server/platform/env.server";

const say = (value: unknown) => process.stdout.write(JSON.stringify(value) + "\n");

async function main() {
  setEnv(parseEnv(process.env));
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL is required");
  const handle = await openDb({ url: process.env.DATABASE_URL });
  setDbHandle(handle);
  say({ ready: true });
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line.trim() !== "go") continue;
    try {
      const started = performance.now();
      const queued = await queueDueCertificateReminders();
      say({ ms: performance.now() - started, queued });
    } catch (error) {
      say({ error: error instanceof Error ? error.message : String(error) });
    }
  }
  await handle.close();
}

main().catch((error: unknown) => {
  say({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
