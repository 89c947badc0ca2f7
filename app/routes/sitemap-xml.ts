// sitemap.xml: the public pages and every published course, with absolute URLs from PUBLIC_URL.
import { listPublishedCourseEntries } from "~/server/catalogue/courses.server";
import { env } from "~/server/platform/env.server";
import { escapeHtml } from "~/domain/html-escape";

const STATIC_PAGES = [
  { path: "/", priority: "1.0" },
  { path: "/cursos", priority: "0.9" },
  { path: "/nosotros", priority: "0.6" },
  { path: "/contacto", priority: "0.6" },
  { path: "/certificados", priority: "0.3" },
];

export async function loader() {
  const origin = env().PUBLIC_URL;
  const courses = await listPublishedCourseEntries();
  const urls = [
    ...STATIC_PAGES.map((p) => `  <url><loc>${escapeHtml(origin + p.path)}</loc><priority>${p.priority}</priority></url>`),
    ...courses.map(
      (c) =>
        `  <url><loc>${escapeHtml(`${origin}/cursos/${c.id}`)}</loc><lastmod>${c.updatedAt.toISOString().slice(0, 10)}</lastmod><priority>0.8</priority></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
