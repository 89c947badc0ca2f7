// The mail templates, registered by the areas that send them (each area's mail.server.ts), looked up by kind
// when a mail is rendered. The areas are loaded at start by app/server/areas.server.ts (and by the tests' setup).
import type { MailContent, MailContext } from "./content.server";
import type { MailKind, MailKinds } from "./messages.server";

export type MailTemplate<M> = (message: M, ctx: MailContext) => MailContent;

const templates = new Map<string, MailTemplate<never>>();

/** An area registers the templates of the kinds it declared in MailKinds; a kind registered twice is a bug. */
export function registerMailTemplates(entries: { [K in MailKind]?: MailTemplate<MailKinds[K]> }): void {
  for (const [kind, template] of Object.entries(entries)) {
    if (templates.has(kind) && templates.get(kind) !== template) throw new Error(`mail template "${kind}" registered twice`);
    templates.set(kind, template as MailTemplate<never>);
  }
}

export function mailTemplate<K extends MailKind>(kind: K): MailTemplate<MailKinds[K]> {
  const template = templates.get(kind);
  if (!template) throw new Error(`no mail template for "${kind}": is its area loaded (app/server/areas.server.ts)?`);
  return template as MailTemplate<MailKinds[K]>;
}
