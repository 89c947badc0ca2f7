// Brand details in one place, so an academy can rebrand without touching pages (docs/decisions.md §C).

/** An external body that certifies the academy's courses (docs/decisions.md D1): named only when real. */
export interface Certifier {
  /** Its name as it should be printed, e.g. 'Organismo Técnico de Capacitación X'. */
  name: string;
  /** Optional registration or accreditation reference printed after the name. */
  reference?: string;
}

/** A course's instructor as the course page shows them: enter only a real person and a title they hold. */
export interface CourseInstructor {
  name: string;
  /** Their title or credential, e.g. 'Enfermera, instructora de soporte vital básico (AHA, vigente hasta 2027)'. */
  title: string;
}

/** A learner's or a client's words about the academy, shown on the home page: only real ones, with their consent. */
export interface Testimonial {
  quote: string;
  name: string;
  /** Their role or company, e.g. 'Jefa de Prevención de Riesgos, Constructora X'. */
  role: string;
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
  /** Where a bank transfer goes (docs/decisions.md E1); `proofEmail` receives the transfer receipts. */
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
   * The privacy notice (/privacidad, docs/privacy.md): where people write to exercise their rights, and the notice's
   * version — change it when the notice's content changes.
   */
  privacy: {
    email: "privacidad@academia-andes.cl",
    noticeVersion: "2026-12-01",
    /**
     * How long data kept only for operation lives (docs/privacy.md), applied once a day by the retention job
     * (app/server/privacy/jobs/retention.server.ts). Legal records (tax documents, certificates, SENCE attendance,
     * the audit log) are not touched by it.
     */
    retention: {
      /** Sessions, counted from their expiry: sign-in history (device and address). */
      expiredSessionDays: 90,
      /** Failed sign-in and sign-up attempts (by e-mail and address). */
      loginAttemptDays: 90,
      /** Delivered or failed mails (their bodies): the outbox row. */
      mailMonths: 12,
      /** Contact messages an admin marked as handled. */
      handledContactMonths: 24,
      /**
       * Orders never paid (abandoned at the checkout, a transfer that never came, a payment rejected), counted from
       * their last change: removed with their buyer data. One with a payment, a refund, a tax document or seats is
       * never removed.
       */
      abandonedOrderDays: 90,
      /**
       * Accounts without a sign-in for this many years are warned by mail, then deleted like a suppression request
       * (what other laws require stays). Longer than a certificate's usual validity (24 months) plus a year to
       * renew it, so an account is not removed while its certificate is current and its renewal reminders useful.
       */
      inactiveAccountYears: 3,
      /** Days between the warning and the deletion; a sign-in in between cancels it. */
      inactiveWarningDays: 30,
    },
  },
  /**
   * The external certifier, or null: then certificates and pages say only that the academy issues them.
   * Set it only with a real, current agreement with that body.
   */
  certifier: null as Certifier | null,
  /**
   * Claims the academy must be able to back, empty until it enters real ones; a page shows nothing of an
   * empty one (no empty section). `instructors`: the "Instructores certificados" benefit on the course list,
   * for an academy whose instructors do hold a current certification. `courseInstructors`: the instructor of a
   * built-in course, by its slug (content/courses/<slug>), loaded into the course with the catalogue (an admin
   * can also set it in the course editor). `testimonials`: the home page's "Lo que dicen nuestros alumnos".
   */
  claims: {
    instructors: null as { title: string; text: string } | null,
    courseInstructors: {} as Readonly<Record<string, CourseInstructor>>,
    testimonials: [] as readonly Testimonial[],
  },
} as const;
