// The one import rule of the house (docs/architecture.md, "Layers"): every import is resolved to the file it
// names, and the layer of the importing file says which layers it may reach. Type-only imports count too, so a
// view type cannot make a layer depend on the one above it.
import path from "node:path";

// Areas of app/server, lowest first: an area may import only the areas before it (and itself). Platform knows
// no area; the areas register their jobs and mail templates with it instead.
export const AREAS = [
  "platform",
  "accounts",
  "contact",
  "catalogue",
  "certificates",
  "learning",
  "exams",
  "companies",
  "commerce",
  "authoring",
  "sence",
  "sessions",
  "renewal",
  "reports",
  "privacy",
];

// The only packages pure rules may use.
const DOMAIN_PACKAGES = new Set(["zod"]);
// Packages that touch the machine or the database: never in ui/ (it reaches the browser) nor domain/.
const SERVER_PACKAGES = /^(node:|drizzle-orm|postgres$|@electric-sql\/pglite|nodemailer|pino|busboy|better-auth|pdfkit|fflate|tar$|express$)/;

function layerOf(rel) {
  if (rel.startsWith("app/domain/")) return { kind: "domain" };
  if (rel.startsWith("app/config/")) return { kind: "config" };
  if (rel.startsWith("app/ui/")) return { kind: "ui" };
  if (rel.startsWith("app/routes/") || /^app\/(root|routes|entry\.[a-z]+)\.tsx?$/.test(rel)) return { kind: "routes" };
  if (rel.startsWith("app/server/")) {
    const parts = rel.slice("app/server/".length).split("/");
    if (parts.length === 1) return { kind: "server-root" };
    return { kind: "area", area: parts[0] };
  }
  if (rel.startsWith("server/")) return { kind: "express" };
  // The lesson sources' parser (Markdown, figures) is the PDF build's, shared with the reading view so both
  // always agree on a source.
  if (rel.startsWith("scripts/content/")) return { kind: "lesson-source" };
  // Generated route types, stylesheets.
  if (rel.startsWith("app/")) return { kind: "app-file" };
  return { kind: "other" };
}

const NAMES = {
  domain: "domain/",
  config: "config/",
  ui: "ui/",
  routes: "routes",
  "server-root": "app/server's composition root",
  express: "the Express layer (server/)",
  other: "scripts and tests",
  "app-file": "app/",
  "lesson-source": "scripts/content/",
};
const nameOf = (l) => (l.kind === "area" ? `app/server/${l.area}` : NAMES[l.kind]);

/** Why `from` may not import `to`, or null when it may. */
export function refusal(from, to) {
  const k = from.kind;
  const t = to.kind;
  if (t === "app-file") return null;
  if (t === "lesson-source") return k === "area" && (from.area === "catalogue" || from.area === "authoring") ? null : "only the catalogue's reading view and the course editor use the lesson sources' parser (scripts/content/)";
  if (t === "other") return k === "other" ? null : "app code never imports scripts or tests";
  if (k === "other") return null;
  if (t === "config" || t === "domain") return k === "config" && t === "domain" ? "config/ holds brand data: it imports nothing" : null;
  if (k === "domain") return "domain/ holds pure rules: it imports only domain/, config/ and zod";
  if (k === "config") return "config/ holds brand data: it imports nothing";
  if (k === "ui") return t === "ui" ? null : "ui/ never imports server code or routes: take data through loaders and types from domain/";
  if (t === "routes") return k === "routes" ? null : `${nameOf(from)} never imports routes`;
  if (t === "ui") return k === "routes" ? null : `${nameOf(from)} never imports ui/`;
  if (t === "express") return k === "express" ? null : "only server.js reaches the Express layer (server/): app modules publish an event instead (catalogue/events.server.ts)";
  if (t === "server-root") return k === "express" || k === "server-root" || k === "routes" ? null : "the composition root (app/server/*.server.ts) is imported by the server only";
  // t is an area.
  if (k !== "area") return null;
  if (from.area === to.area) return null;
  const a = AREAS.indexOf(from.area);
  const b = AREAS.indexOf(to.area);
  if (a === -1) return `app/server/${from.area} is not in the areas' order (eslint/layers.js): add it there`;
  if (b === -1) return `app/server/${to.area} is not in the areas' order (eslint/layers.js): add it there`;
  if (b > a) {
    return from.area === "platform"
      ? `platform knows no area: ${to.area} registers its jobs or mail with it instead`
      : `areas depend on each other one way (eslint/layers.js): ${from.area} comes before ${to.area}, so it cannot import it`;
  }
  return null;
}

function packageRefusal(from, spec) {
  if (from.kind === "domain" && !DOMAIN_PACKAGES.has(spec.split("/")[0])) return `domain/ holds pure rules: it imports only zod, not ${spec}`;
  if (from.kind === "ui" && SERVER_PACKAGES.test(spec)) return `ui/ reaches the browser: it never imports ${spec}`;
  return null;
}

export const layersPlugin = {
  rules: {
    direction: {
      meta: { type: "problem", schema: [], messages: { wrongWay: "{{reason}}." } },
      create(context) {
        const root = context.cwd;
        const file = path.relative(root, context.filename).split(path.sep).join("/");
        const from = layerOf(file);
        if (from.kind === "other") return {};
        const check = (node, spec) => {
          if (typeof spec !== "string") return;
          let target;
          if (spec.startsWith("~/")) target = path.join(root, "app", spec.slice(2));
          else if (spec.startsWith("./") || spec.startsWith("../")) target = path.resolve(path.dirname(path.join(root, file)), spec);
          else {
            const reason = packageRefusal(from, spec);
            if (reason) context.report({ node, messageId: "wrongWay", data: { reason } });
            return;
          }
          const to = layerOf(path.relative(root, target).split(path.sep).join("/"));
          const reason = refusal(from, to);
          if (reason) context.report({ node, messageId: "wrongWay", data: { reason } });
        };
        return {
          ImportDeclaration: (node) => check(node.source, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
          ExportAllDeclaration: (node) => check(node.source, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
        };
      },
    },
  },
};
