// A real SMTP server for the end-to-end run: every message the academy sends lands in test-results/mail.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export const MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR || "test-results/mail-e2e");

export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  const port = Number(process.env.E2E_SMTP_PORT || 2526);
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const file = path.join(MAIL_DIR, `${Date.now()}-${++n}.eml`);
        fs.writeFileSync(file, `X-Envelope-To: ${to}\r\n` + Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
