// Brand details in one place, so an academy can rebrand without touching pages (decisions.md §C).

/** An external body that certifies the academy's courses (decisions.md D1): named only when real. */
export interface Certifier {
  /** Its name as it should be printed, e.g. 'Organismo Técnico de Capacitación X'. */
  name: string;
  /** Optional registration or accreditation reference printed after the name. */
  reference?: string;
}

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
  /** The legal entity's RUT, printed on receipts (shown formatted). */
  rut: "76.543.210-3",
  /** Where a bank transfer goes (decisions.md E1); `proofEmail` receives the transfer receipts. */
  bank: {
    name: "Banco de Chile",
    accountType: "Cuenta corriente",
    accountNumber: "00-123-45678-09",
    rut: "76.543.210-3",
    holder: "Academia Andes Capacitación SpA",
    proofEmail: "pagos@academia-andes.cl",
  },
  /** The brand colours of app.css (brand-700, brand-800, ink) for places CSS cannot reach, such as e-mail. */
  colors: { brand: "#b91c1c", brandDark: "#991b1b", ink: "#0f172a" },
  /** A PNG under PUBLIC_URL: mail clients do not show SVG. */
  mailLogoPath: "/images/logo-correo.png",
  locale: "es-CL",
  timeZone: "America/Santiago",
  /**
   * The external certifier, or null: then certificates and pages say only that the academy issues them.
   * Set it only with a real, current agreement with that body.
   */
  certifier: null as Certifier | null,
} as const;
