// Phrases several mails share, so each is written once.
import { site } from "~/config/site";
import { link, strong, type Inline } from "./content.server";

export function greeting(name: string): string {
  const clean = name.trim();
  return clean ? `Hola, ${clean}:` : "Hola:";
}

/** 'Lunes a viernes, 9:00 - 18:00; Sábado, 9:00 - 13:00', each day's hours kept on one line on a phone. */
export function officeHours(): Inline[] {
  return site.officeHours.flatMap((h, i) => [i > 0 ? `; ${h.days}, ` : `${h.days}, `, { nowrap: h.hours }]);
}

export function emailLink(address: string = site.email): Inline {
  return link(address, `mailto:${address}`);
}

export function phoneLink(): Inline {
  return link(site.phone, `tel:${site.phone.replace(/[^+\d]/g, "")}`);
}

export function lessonPath(courseId: number, lessonId: number): string {
  return `/cursos/${courseId}/contenido?leccion=${lessonId}`;
}


/** The closing lines every mail ends with. */
export const SIGN_OFF = ["Saludos,", `El equipo de ${site.name}`] as const;

/** Who the academy is and how to reach it: the footer of every mail, HTML and text alike. */
export function footerLines(homeUrl: string): Inline[][] {
  return [
    [strong(site.name), ` · ${site.tagline}`],
    [emailLink(), " · ", phoneLink(), " · ", link(new URL(homeUrl).host, homeUrl)],
    [site.address],
    ["Atención: ", ...officeHours()],
    [`${site.legalName} · RUT ${site.rut}`],
    ["Cómo tratamos tus datos: ", link("política de privacidad", new URL("/privacidad", homeUrl).href)],
  ];
}
