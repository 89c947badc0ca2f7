// robots.txt: keep crawlers out of private areas and point them at the sitemap.
import { env } from "~/server/platform/env.server";

// /login and /registro stay crawlable: people search for "<academia> iniciar sesión", and both pages carry
// their own title and description. The reset pages hold one-time tokens and are kept out.
const PRIVATE_PATHS = ["/admin", "/dashboard", "/perfil", "/api", "/archivos", "/restablecer-contrasena", "/logout"];

export function loader() {
  const origin = env().PUBLIC_URL;
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    // Course content and the enrol action are for learners, not for search results.
    "Disallow: /cursos/*/contenido",
    "Disallow: /cursos/*/inscribir",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
