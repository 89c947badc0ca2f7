import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

const MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR || "test-results/mail-e2e");

function decodeQuotedPrintable(s: string) {
  return Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

/** Waits for the newest message sent to `to` (matching `subject` if given) and returns its decoded text. */
export async function waitForMail(to: string, subject?: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(MAIL_DIR)) return false;
        const files = fs.readdirSync(MAIL_DIR).sort().reverse();
        for (const f of files) {
          const raw = fs.readFileSync(path.join(MAIL_DIR, f), "utf8");
          if (!raw.toLowerCase().includes(`x-envelope-to: ${to.toLowerCase()}`)) continue;
          const text = decodeQuotedPrintable(raw);
          if (subject && !subject.test(text)) continue;
          found = text;
          return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}
