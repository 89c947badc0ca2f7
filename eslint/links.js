// Links to pages of the site are <Link>s, or plain <a>s inside an element whose click handler has the router
// follow them (followInternalLink, app/ui/layout/internal-links.ts) — cheaper to render. A plain <a> anywhere else
// would reload the whole document on every click: this rule finds it. A link that must load as a document (a
// file, a CSV, an error page's way out) says so with `download` or `data-document`. A component whose anchors are
// only ever rendered inside such an element (the header's menus, the logo) says so where it renders them, with
// an eslint-disable comment naming the containers.
const EXTERNAL = /^(#|mailto:|tel:|https?:|\/\/)/;

function hrefKind(attr) {
  if (!attr || !attr.value) return "none";
  const v = attr.value;
  if (v.type === "Literal") return typeof v.value === "string" && EXTERNAL.test(v.value) ? "external" : "internal";
  if (v.type === "JSXExpressionContainer") {
    const e = v.expression;
    if (e.type === "Literal") return typeof e.value === "string" && EXTERNAL.test(e.value) ? "external" : "internal";
    if (e.type === "TemplateLiteral") {
      const head = e.quasis[0]?.value.cooked ?? "";
      return EXTERNAL.test(head) ? "external" : "internal";
    }
    // Brand settings hold the academy's own outside addresses (phone, social networks).
    if (e.type === "MemberExpression" && e.object.type === "Identifier" && e.object.name === "site") return "external";
    return "internal";
  }
  return "internal";
}

const attribute = (opening, name) => opening.attributes.find((a) => a.type === "JSXAttribute" && a.name.name === name);

function delegatedAncestor(node, source) {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === "JSXElement") {
      const onClick = attribute(p.openingElement, "onClick");
      if (onClick && source.getText(onClick).includes("followInternalLink")) return true;
    }
  }
  return false;
}

export const linksPlugin = {
  rules: {
    "internal-anchor": {
      meta: {
        type: "problem",
        schema: [],
        messages: {
          plain:
            "A plain <a> to a page of the site reloads the whole document: use <Link>, put it inside an element whose onClick calls followInternalLink, or mark a file or document link with download / data-document.",
        },
      },
      create(context) {
        const source = context.sourceCode;
        return {
          JSXElement(node) {
            const opening = node.openingElement;
            if (opening.name.type !== "JSXIdentifier" || opening.name.name !== "a") return;
            if (attribute(opening, "download") || attribute(opening, "data-document") || attribute(opening, "target")) return;
            // An anchor that handles its own click (a drawer's opener, with its href for the no-JavaScript case).
            if (attribute(opening, "onClick")) return;
            if (hrefKind(attribute(opening, "href")) !== "internal") return;
            if (delegatedAncestor(node, source)) return;
            context.report({ node: opening, messageId: "plain" });
          },
        };
      },
    },
  },
};
