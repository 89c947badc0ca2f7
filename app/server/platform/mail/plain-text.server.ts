// The text/plain part of every mail: the same content as the HTML, with every link written out,
// for clients that show no HTML and for people who read mail as text.
import type { Block, Inline, MailContent, MailContext } from "./content.server";
import { SIGN_OFF, footerLines } from "./template-parts.server";

function inlineText(run: Inline): string {
  if (typeof run === "string") return run;
  if ("strong" in run) return run.strong;
  if ("nowrap" in run) return run.nowrap;
  // An e-mail address or phone number is its own label; a web link is written out in full once.
  if (/^(mailto|tel):/.test(run.href)) return run.label;
  const bare = run.href.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return run.label === run.href || run.label === bare ? run.href : `${run.label} (${run.href})`;
}

const runs = (content: Inline[]) => content.map(inlineText).join("");

function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "note":
      return runs(block.content);
    case "button":
      return `${block.label}:\n${block.href}`;
    case "details": {
      const rows = block.rows.map((r) => `${r.label}: ${r.value}`);
      return (block.title ? [`${block.title}`, ...rows] : rows).join("\n");
    }
    case "quote":
      return [`${block.title}:`, ...block.text.split(/\r?\n/).map((line) => (line ? `> ${line}` : ">"))].join("\n");
    case "list":
      return block.items.map((item, i) => `${i + 1}. ${runs(item)}`).join("\n");
  }
}

export function mailText(content: MailContent, ctx: MailContext): string {
  const parts = [content.heading];
  if (content.greeting) parts.push(content.greeting);
  for (const block of content.blocks) parts.push(blockText(block));
  if (content.greeting) parts.push(SIGN_OFF.join("\n"));
  parts.push(["--", ...footerLines(ctx.url("/")).map(runs), "", content.reason].join("\n"));
  return `${parts.join("\n\n")}\n`;
}
