import { data } from "react-router";
import type { Route } from "./+types/contacto";
import { submitContactForm } from "~/server/contact/contact.server";
import { env } from "~/server/platform/env.server";
import { contactContent } from "~/server/catalogue/public-content.server";
import { staticHtml } from "~/server/platform/http/static-html.server";
import { site } from "~/config/site";
import { seo } from "~/ui/seo";
import { PageHero } from "~/ui/public/page-hero";
import { ContactForm } from "~/ui/public/contact/contact-form";
import { ContactInfo, MapPlaceholder } from "~/ui/public/contact/contact-info";
import { FaqSection } from "~/ui/public/faq";
import { StaticHtml } from "~/ui/public/static-html";
import "~/ui/public/public.css";

const STATUS = { success: 200, invalid: 400, rate_limited: 429, error: 503 } as const;

export function loader() {
  const c = contactContent;
  return {
    // Only the form reacts to the visitor; the rest is server-rendered markup.
    hero: staticHtml(<PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} intro={c.hero.intro} />),
    aside: staticHtml(
      <>
        <ContactInfo />
        <MapPlaceholder />
      </>,
    ),
    faqs: staticHtml(<FaqSection id="faq-contacto-titulo" content={c.faqs} tinted />),
    meta: seo({
      title: "Contacto",
      description: `Escríbenos para resolver tus dudas sobre cursos, inscripciones o capacitación para empresas. ${site.name}, ${site.city}, ${site.country}.`,
      path: "/contacto",
      origin: env().PUBLIC_URL,
    }),
  };
}

export async function action({ request }: Route.ActionArgs) {
  // Public form: no guard; validation, the honeypot and the per-address limit live in submitContactForm.
  const result = await submitContactForm(request);
  return data({ ...result, at: Date.now() }, { status: STATUS[result.status] });
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Contacto({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml html={loaderData.hero} />
      <div className="pub-container grid gap-10 py-12 sm:py-16 lg:grid-cols-5 lg:gap-12">
        <section aria-labelledby="formulario-titulo" className="pub-card p-6 sm:p-8 lg:col-span-3 lg:self-start">
          <h2 id="formulario-titulo" className="text-xl font-bold text-ink">
            Envíanos un mensaje
          </h2>
          <p className="mb-6 mt-1 text-sm text-slate-600">Todos los campos son obligatorios, salvo el teléfono.</p>
          <ContactForm state={actionData} />
        </section>
        <StaticHtml html={loaderData.aside} className="space-y-6 lg:col-span-2" />
      </div>
      <StaticHtml html={loaderData.faqs} />
    </>
  );
}
