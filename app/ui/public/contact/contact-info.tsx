import { site } from "~/config/site";
import { Icon, type IconName } from "../icons";

function Item({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="pub-icon-tile">
        <Icon name={icon} />
      </span>
      <span className="text-slate-600">
        <span className="block font-semibold text-slate-800">{title}</span>
        {children}
      </span>
    </li>
  );
}

export function ContactInfo() {
  const link = "break-all text-brand-700 hover:underline";
  return (
    <section aria-labelledby="info-contacto-titulo" className="pub-card p-6 sm:p-8">
      <h2 id="info-contacto-titulo" className="pub-h3">
        Información de contacto
      </h2>
      <ul className="mt-6 space-y-5 text-sm">
        <Item icon="pin" title="Ubicación">
          {site.city}, {site.country}
        </Item>
        <Item icon="mail" title="Correo electrónico">
          <a href={`mailto:${site.email}`} className={link}>
            {site.email}
          </a>
        </Item>
        <Item icon="phone" title="Teléfono">
          <a href={site.phoneHref} className={link}>
            {site.phone}
          </a>
        </Item>
        <Item icon="clock" title="Horario de atención">
          {site.officeHours.map((h) => (
            <span key={h.days} className="block">
              {h.days}: {h.hours}
            </span>
          ))}
        </Item>
      </ul>
    </section>
  );
}

export function MapPlaceholder() {
  return (
    <figure className="pub-card overflow-hidden">
      <img
        src="/images/contacto/mapa.svg"
        alt={`Mapa ilustrativo: nuestra oficina en ${site.city}`}
        width={560}
        height={360}
        loading="lazy"
        decoding="async"
        className="h-auto w-full"
      />
      <figcaption className="flex items-center gap-2 px-5 py-4 text-sm text-slate-600">
        <Icon name="pin" className="h-4 w-4 flex-none text-brand-700" />
        {site.address}
      </figcaption>
    </figure>
  );
}
