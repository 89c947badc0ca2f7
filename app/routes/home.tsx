import type { Route } from "./+types/home";
import { getFeaturedCourse } from "~/server/catalogue/courses.server";
import { env } from "~/server/platform/env.server";
import { homeContent } from "~/server/catalogue/public-content.server";
import { staticHtml } from "~/server/platform/http/static-html.server";
import { site } from "~/config/site";
import { organizationJsonLd, seo } from "~/ui/seo";
import { HomeHero } from "~/ui/public/home/home-hero";
import { FeaturedCourse } from "~/ui/public/home/featured-course";
import { AboutTeaser } from "~/ui/public/home/about-teaser";
import { Testimonials } from "~/ui/public/home/testimonials";
import { ContactCta } from "~/ui/public/contact-cta";
import { StaticHtml } from "~/ui/public/static-html";
import "~/ui/public/public.css";

export async function loader() {
  const origin = env().PUBLIC_URL;
  const featured = await getFeaturedCourse();
  const c = homeContent;
  return {
    // Nothing on the home page reacts to the visitor: it is all server-rendered markup.
    html: staticHtml(
      <>
        <HomeHero content={c.hero} />
        <FeaturedCourse course={featured} content={c.featured} />
        <AboutTeaser content={c.about} />
        <Testimonials content={c.testimonials} />
        <ContactCta content={c.cta} />
      </>,
    ),
    meta: seo({
      title: `${site.name} | Cursos de RCP, primeros auxilios y seguridad en Chile`,
      fullTitle: true,
      description:
        "Academia de capacitación en salud y seguridad en Santiago de Chile: cursos online de reanimación cardiopulmonar (RCP), primeros auxilios y seguridad privada para personas y empresas, con certificado verificable.",
      path: "/",
      origin,
      jsonLd: organizationJsonLd(origin),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}
