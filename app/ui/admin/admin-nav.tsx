import { useLocation, useNavigate } from "react-router";
import { followInternalLink } from "~/ui/layout/internal-links";
import { MenuLink } from "~/ui/layout/menu-link";
import { container } from "./styles";

const items = [
  { to: "/admin", label: "Panel", end: true },
  { to: "/admin/usuarios", label: "Usuarios", end: false },
  { to: "/admin/inscripciones", label: "Inscripciones", end: false },
  { to: "/admin/cursos", label: "Cursos", end: false },
  { to: "/admin/ventas", label: "Ventas", end: false },
  { to: "/admin/documentos", label: "Documentos", end: false },
  { to: "/admin/cupones", label: "Cupones", end: false },
  { to: "/admin/empresas", label: "Empresas", end: false },
  { to: "/admin/vencimientos", label: "Vencimientos", end: false },
  { to: "/admin/sence", label: "SENCE", end: false },
  { to: "/admin/sesiones", label: "Sesiones", end: false },
  { to: "/admin/mensajes", label: "Mensajes", end: false },
  { to: "/admin/correos", label: "Correos", end: false },
  { to: "/admin/auditoria", label: "Auditoría", end: false },
  { to: "/admin/privacidad", label: "Privacidad", end: false },
];

const itemClass = (active: boolean) =>
  `inline-block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold ${
    active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-brand-700"
  }`;

/**
 * The administration sub-navigation, shown on every /admin page. Plain anchors (MenuLink) marked as <NavLink>s would be,
 * which the router follows from the <nav> (internal-links.ts says why).
 */
export function AdminNav({ counts = {} }: { counts?: Record<string, number> }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <nav aria-label="Administración" className={container} onClick={(event) => followInternalLink(event, navigate)}>
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {items.map((i) => (
            <li key={i.to}>
              <MenuLink to={i.to} end={i.end} pathname={pathname} className={itemClass}>
                {i.label}
                {counts[i.to] ? " " : null}
                {counts[i.to] ? (
                  <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold leading-5 text-white">
                    {counts[i.to]}
                    <span className="sr-only"> por revisar</span>
                  </span>
                ) : null}
              </MenuLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
