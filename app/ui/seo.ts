// Meta tags for the public pages: title, description, Open Graph, canonical link and JSON-LD.
import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";
import { isoWorkload } from "~/domain/course-hours";

/** Shared social preview image (1200×630, a raster image because social networks ignore SVG). */
export const DEFAULT_OG_IMAGE = "/images/og-academia.jpg";

export function pageTitle(title: string) {
  return `${title} | ${site.name}`;
}

export interface SeoInput {
  /** Page name; the academy name is appended unless `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** Path of the canonical page (no query), e.g. '/cursos/1'. */
  path: string;
  /** Absolute site origin (PUBLIC_URL), from the route's loader. */
  origin: string | undefined;
  image?: string;
  type?: "website" | "article";
  /** Keep the page out of search results (e.g. not-found answers). */
  noindex?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

export function absoluteUrl(origin: string | undefined, path: string) {
  if (/^https?:\/\//.test(path)) return path;
  return `${(origin ?? "").replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

export function seo(input: SeoInput): MetaDescriptor[] {
  const title = input.fullTitle ? input.title : pageTitle(input.title);
  const url = absoluteUrl(input.origin, input.path);
  const image = absoluteUrl(input.origin, input.image ?? DEFAULT_OG_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: "es_CL" },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  const ld = input.jsonLd ? (Array.isArray(input.jsonLd) ? input.jsonLd : [input.jsonLd]) : [];
  for (const item of ld) tags.push({ "script:ld+json": item });
  return tags;
}

export function organizationJsonLd(origin: string | undefined) {
  return {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: site.name,
    legalName: site.legalName,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, "/favicon.svg"),
    email: site.email,
    telephone: site.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address,
      addressLocality: site.city,
      addressCountry: "CL",
    },
    sameAs: site.social.map((s) => s.href),
  };
}

export function courseJsonLd(
  origin: string | undefined,
  c: { id: number; title: string; description: string; priceClp: number | null; hours: number; category: string; level: string; imageUrl: string | null },
) {
  const url = absoluteUrl(origin, `/cursos/${c.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: c.title,
    description: c.description,
    url,
    inLanguage: "es-CL",
    educationalLevel: c.level,
    about: c.category,
    ...(c.imageUrl ? { image: absoluteUrl(origin, c.imageUrl) } : {}),
    provider: { "@type": "EducationalOrganization", name: site.name, url: absoluteUrl(origin, "/") },
    ...(c.priceClp !== null
      ? {
          offers: {
            "@type": "Offer",
            category: c.priceClp === 0 ? "Free" : "Paid",
            price: c.priceClp,
            priceCurrency: "CLP",
            availability: "https://schema.org/InStock",
            url,
          },
        }
      : {}),
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "online",
      // No workload until the course has published lessons (its duration is 'por confirmar').
      ...(c.hours > 0 ? { courseWorkload: isoWorkload(c.hours) } : {}),
    },
  };
}
