// A small, strict XML scanner for the parts of an XLSX the academy reads (workbook, relationships, shared
// strings, one worksheet). It knows the five predefined entities and character references only: a DOCTYPE or
// entity declaration is refused rather than expanded (no billion laughs, no external entities). Element and
// attribute names are reported without their namespace prefix ('x:row' → 'row').

export class XmlUnreadable extends Error {}

export interface XmlHandler {
  /** An element starts; return false to stop scanning. */
  open?(name: string, attributes: Record<string, string>, selfClosing: boolean): boolean | void;
  close?(name: string): boolean | void;
  /** Character data between tags, already decoded. Only called while `wantsText()` says so (saves decoding). */
  text?(text: string): void;
  wantsText?(): boolean;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** Decodes the predefined entities and character references; anything else is not XML we accept. */
export function decodeXmlText(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});?/g, (match, ref: string) => {
    if (!match.endsWith(";")) throw new XmlUnreadable(`bad reference ${match}`);
    if (ref[0] === "#") {
      const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!(code > 0 && code <= 0x10ffff)) throw new XmlUnreadable(`bad character reference ${match}`);
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref];
    if (named === undefined) throw new XmlUnreadable(`unknown entity ${match}`);
    return named;
  });
}

function attributesOf(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (!raw) return attributes;
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const name = m[1]!;
    if (name === "xmlns" || name.startsWith("xmlns:")) continue;
    const local = localName(name);
    if (!(local in attributes)) attributes[local] = decodeXmlText(m[2] ?? m[3] ?? "");
  }
  return attributes;
}

/** Scans `xml` from the start, calling the handler for each element and (when it wants it) each text. */
export function scanXml(xml: string, handler: XmlHandler): void {
  let at = 0;
  const length = xml.length;
  const wantsText = handler.wantsText ?? (() => false);
  while (at < length) {
    const lt = xml.indexOf("<", at);
    const textEnd = lt < 0 ? length : lt;
    if (textEnd > at && handler.text && wantsText()) handler.text(decodeXmlText(xml.slice(at, textEnd)));
    if (lt < 0) return;
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end < 0) throw new XmlUnreadable("unclosed comment");
      at = end + 3;
      continue;
    }
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end < 0) throw new XmlUnreadable("unclosed CDATA");
      if (handler.text && wantsText()) handler.text(xml.slice(lt + 9, end));
      at = end + 3;
      continue;
    }
    if (xml.startsWith("<?", lt)) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) throw new XmlUnreadable("unclosed processing instruction");
      at = end + 2;
      continue;
    }
    if (xml.startsWith("<!", lt)) throw new XmlUnreadable("declarations (DOCTYPE, ENTITY) are not accepted");
    TAG.lastIndex = lt;
    const tag = TAG.exec(xml);
    if (!tag) throw new XmlUnreadable(`malformed tag at ${lt}`);
    at = TAG.lastIndex;
    const name = localName(tag[2]!);
    if (tag[1]) {
      if (tag[3] || tag[4]) throw new XmlUnreadable(`malformed closing tag at ${lt}`);
      if (handler.close?.(name) === false) return;
      continue;
    }
    const selfClosing = tag[4] === "/";
    if (handler.open?.(name, attributesOf(tag[3]!), selfClosing) === false) return;
    if (selfClosing && handler.close?.(name) === false) return;
  }
}
