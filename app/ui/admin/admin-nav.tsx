import { NavLink } from "react-router";
import { container } from "./styles";

const items = [
  { to: "/admin", label: "Panel", end: true },
  { to: "/admin/usuarios", label: "Usuarios", end: false },
  { to: "/admin/inscripciones", label: "Inscripciones", end: false },
  { to: "/admin/cursos", label: "Cursos", end: false },
  { to: "/admin/ventas", label: "Ventas", end: false },
  { to: "/admin/cupones", label: "Cupones", end: false },
  { to: "/admin/empresas", label: "Empresas", end: false },
  { to: "/admin/mensajes", label: "Mensajes", end: false },
  { to: "/admin/correos", label: "Correos", end: false },
];

/** The administration sub-navigation, shown on every /admin page. */
export function AdminNav() {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <nav aria-label="Administración" className={container}>
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {items.map((i) => (
            <li key={i.to}>
              <NavLink
                to={i.to}
                end={i.end}
                className={({ isActive }) =>
                  `inline-block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold ${
                    isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-brand-700"
                  }`
                }
              >
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
