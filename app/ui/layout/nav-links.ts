export const mainNav = [
  { to: "/", label: "Inicio" },
  { to: "/nosotros", label: "Nosotros" },
  { to: "/cursos", label: "Cursos" },
  { to: "/contacto", label: "Contacto" },
] as const;
