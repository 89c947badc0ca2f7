// Brand details in one place, so an academy can rebrand without touching pages (decisions.md §C).
export const site = {
  name: "Academia Andes",
  legalName: "Academia Andes Capacitación SpA",
  tagline: "Capacitación en salud y seguridad",
  email: "contacto@academia-andes.cl",
  phone: "+56 2 2345 6789",
  phoneHref: "tel:+56223456789",
  city: "Santiago",
  country: "Chile",
  address: "Av. Providencia 1234, oficina 56, Providencia, Santiago",
  officeHours: [
    { days: "Lunes a viernes", hours: "9:00 - 18:00" },
    { days: "Sábado", hours: "9:00 - 13:00" },
  ],
  social: [
    { name: "Facebook", href: "https://www.facebook.com/" },
    { name: "Instagram", href: "https://www.instagram.com/" },
    { name: "LinkedIn", href: "https://www.linkedin.com/" },
  ],
  director: { name: "Dra. Carolina Muñoz Rojas", title: "Directora Académica" },
  locale: "es-CL",
  timeZone: "America/Santiago",
} as const;
