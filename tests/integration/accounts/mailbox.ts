// A real SMTP server in the test process: the app sends through SMTP_URL, the test reads what arrived.
import { SMTPServer } from "smtp-server";
import { env, parseEnv, setEnv } from "~/server/platform/env.server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

function decodeQuotedPrintable(s: string) {
  return Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const previous = env();
  setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: previous.DATA_DIR, PUBLIC_URL: previous.PUBLIC_URL, LOG_LEVEL: "silent", SMTP_URL: `smtp://127.0.0.1:${port}` }));
  return {
    received,
    /** Messages to this address, decoded. */
    to(address: string) {
      return received.filter((m) => m.to.includes(address.toLowerCase())).map((m) => decodeQuotedPrintable(m.raw));
    },
    async stop() {
      setEnv(previous);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first reset link in a message. */
export function resetLink(mail: string): string {
  const match = /https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/.exec(mail);
  if (!match) throw new Error(`no reset link in:\n${mail}`);
  return match[0];
}
