// What a mail says, independent of how it is drawn: each template returns this, and the HTML layout
// and the plain-text writer both render it, so the two parts of a mail can never say different things.

/** A run of text inside a paragraph: plain, bold, kept on one line, or a link (absolute URL, mailto: or tel:). */
export type Inline = string | { strong: string } | { nowrap: string } | { href: string; label: string };

export type Block =
  | { type: "paragraph"; content: Inline[] }
  /** Small, muted text: fine print, "if it wasn't you". */
  | { type: "note"; content: Inline[] }
  /** The mail's main action. `showUrl` also writes the link out below it (for links people must not lose). */
  | { type: "button"; label: string; href: string; showUrl?: boolean }
  /** Label/value pairs: an order, a bank account, a contact message's fields. */
  | { type: "details"; title?: string; rows: { label: string; value: string }[] }
  /** Text someone typed (a contact message), kept with its line breaks. */
  | { type: "quote"; title: string; text: string }
  | { type: "list"; items: Inline[][] };

export interface MailContent {
  subject: string;
  /** Shown by inbox lists after the subject. */
  preview: string;
  heading: string;
  /** 'Hola, Ana:'; null for mails to the academy itself, which also go without the sign-off. */
  greeting: string | null;
  blocks: Block[];
  /** Why this person receives this mail, in the footer. */
  reason: string;
}

/** Everything a template needs besides its message. */
export interface MailContext {
  /** PUBLIC_URL, without a trailing slash. */
  baseUrl: string;
  /** Makes an app path absolute; passes through an absolute URL on the same origin; throws otherwise. */
  url: (pathOrUrl: string) => string;
}

export function mailContext(baseUrl: string): MailContext {
  const base = new URL(baseUrl);
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new Error(`mail base URL must be http(s): ${baseUrl}`);
  const root = baseUrl.replace(/\/+$/, "");
  return {
    baseUrl: root,
    url(pathOrUrl) {
      if (pathOrUrl.startsWith("/") && !pathOrUrl.startsWith("//")) return root + pathOrUrl;
      // A link built elsewhere (Better Auth's reset link) must still point at this academy: a mail
      // must never carry a link to another site, whatever a caller passes.
      const parsed = new URL(pathOrUrl);
      if (parsed.origin !== base.origin) throw new Error(`mail link outside ${base.origin}: ${pathOrUrl}`);
      return parsed.toString();
    },
  };
}

export const p = (...content: Inline[]): Block => ({ type: "paragraph", content });
export const note = (...content: Inline[]): Block => ({ type: "note", content });
export const strong = (text: string): Inline => ({ strong: text });
export const link = (label: string, href: string): Inline => ({ href, label });
