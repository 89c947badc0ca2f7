// Looks at every mail as a person would: `npx tsx tests/integration/mail/preview.ts [kind]` writes
// /tmp/mail-<kind>.html and .txt, and screenshots at 375 and 800 px (/tmp/mail-<kind>-<width>.png).
// A tiny local server on an ephemeral port serves public/ so the logo loads as it would from PUBLIC_URL.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "@playwright/test";
import { renderMail } from "~/server/platform/mail/render-mail.server";
import { BASE_URL, allSamples } from "./samples";

const publicDir = path.resolve(import.meta.dirname, "../../../public");
const server = http.createServer((req, res) => {
  const file = path.join(publicDir, path.normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)));
  if (!file.startsWith(publicDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": file.endsWith(".png") ? "image/png" : "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
try {
  for (const sample of allSamples) {
    if (process.argv[2] && sample.kind !== process.argv[2]) continue;
    // Absolute sample links point at BASE_URL; move them to the local server so the origin check passes.
    const message = JSON.parse(JSON.stringify(sample).replaceAll(BASE_URL, base), (_, v) =>
      typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v,
    );
    const mail = await renderMail(message, { baseUrl: base });
    fs.writeFileSync(`/tmp/mail-${sample.kind}.html`, mail.html);
    fs.writeFileSync(`/tmp/mail-${sample.kind}.txt`, `Subject: ${mail.subject}\n\n${mail.text}`);
    for (const width of [375, 800]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`file:///tmp/mail-${sample.kind}.html`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `/tmp/mail-${sample.kind}-${width}.png`, fullPage: true });
      await page.close();
    }
    console.log(`/tmp/mail-${sample.kind}-{375,800}.png`);
  }
} finally {
  await browser.close();
  server.close();
}
