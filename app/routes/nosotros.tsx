import type { Route } from "./+types/nosotros";
import { env } from "~/server/platform/env.server";
import { aboutContent } from "~/server/catalogue/public-content.server";
import { staticHtml } from "~/server/platform/http/static-html.server";
import { site } from "~/config/site";
import { seo } from "~/ui/seo";
import { PageHero } from "~/ui/public/page-hero";
import { AboutLinks, DirectorLetter, MissionVision, Values, WhoWeAre } from "~/ui/public/about/about-sections";
import { StaticHtml } from "~/ui/public/static-html";
import "~/ui/public/public.css";

export function loader() {
  const c = aboutContent;
  return {
    // The about page is all text and links: server-rendered markup, no component code in the browser.
    html: staticHtml(
      <>
        <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} intro={c.hero.intro} />
        <WhoWeAre content={c.who} />
        <MissionVision mission={c.mission} vision={c.vision} />
        <DirectorLetter content={c.letter} />
        <Values content={c.values} />
        <AboutLinks content={c.next} />
      </>,
    ),
    meta: seo({
      title: "Nosotros",
      description: `Conoce a ${site.name}: quiénes somos, nuestra misión, visión y valores, y la carta de nuestra directora. Más de 10 años capacitando en salud y seguridad en Chile.`,
      path: "/nosotros",
      origin: env().PUBLIC_URL,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Nosotros({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}
