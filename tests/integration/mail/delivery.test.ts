// Every rendered mail goes through the real sender (nodemailer over SMTP to a local server) and is read
// back part by part: the recipient's client gets the same HTML and text that renderMail produced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverMail } from "~/server/platform/mail/transport.server";
import { renderMail } from "~/server/platform/mail/render-mail.server";
import { startMailbox } from "../accounts/mailbox";
import { BASE_URL, allSamples } from "./samples";

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.stop();
});

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The decoded text/plain and text/html parts of a multipart/alternative message. */
function parts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error(`not multipart:\n${raw.slice(0, 500)}`);
  const found: Record<string, string> = {};
  for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
    const split = chunk.search(/\r?\n\r?\n/);
    const headers = chunk.slice(0, split);
    const body = chunk.slice(split).replace(/^\r?\n\r?\n/, "").replace(/\r?\n$/, "");
    const type = /Content-Type: ([^;\r\n]+)/i.exec(headers)![1]!;
    expect(headers).toMatch(/charset=utf-8/i);
    const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase() ?? "7bit";
    found[type] = decodeBody(body, encoding).replace(/\r\n/g, "\n");
  }
  return found;
}

describe("cada correo llega con su parte HTML y su parte de texto", () => {
  for (const message of allSamples) {
    it(message.kind, async () => {
      const to = `${message.kind.toLowerCase()}@academia.test`;
      const mail = await renderMail(message, { baseUrl: BASE_URL });
      await deliverMail({ to, ...mail });
      const raw = mailbox.received.filter((m) => m.to.includes(to)).at(-1)!.raw;
      expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
      const got = parts(raw);
      expect(got["text/plain"]).toBe(mail.text);
      expect(got["text/html"]).toBe(mail.html);
      // The subject header decodes to the rendered subject (nodemailer encodes non-ASCII words).
      const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!;
      const decoded = header
        .replace(/\r?\n[ \t]/g, " ")
        .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
          enc.toUpperCase() === "B"
            ? Buffer.from(text, "base64").toString("utf8")
            : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
        );
      expect(decoded.trim()).toBe(mail.subject);
    });
  }
});
