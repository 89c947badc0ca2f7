import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isAdmin } from "~/domain/permissions";
import { useHydrated } from "~/ui/account/use-hydrated";
import { BrandLogo } from "./brand-logo";
import { followInternalLink } from "./internal-links";
import { MenuLink } from "./menu-link";
import { mainNav } from "./nav-links";
import { LogoutButton } from "./logout-button";

export interface HeaderUser {
  name: string;
  email: string;
  role: "user" | "admin";
  /** Manages at least one company: the menus offer its portal (docs/decisions.md E2). */
  managesCompanies?: boolean;
}

const navClass = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"
  }`;

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMobile = useCallback((returnFocus: boolean) => {
    setMobileOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => setMobileOpen(false), [location.pathname]);

  const toggleClass = "inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden";
  const hamburger = (open: boolean) => (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );

  return (
    // Every link of the header leads to a page: plain anchors, followed by the router from here (internal-links.ts).
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur" onClick={(event) => followInternalLink(event, navigate)}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <MenuLink key={item.to} to={item.to} end={item.to === "/"} pathname={location.pathname} className={navClass}>
              {item.label}
            </MenuLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <a href="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:text-brand-700">
                Iniciar Sesión
              </a>
              <a href="/registro" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
                Registrarse
              </a>
            </>
          )}
        </div>
        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className={toggleClass}
            aria-expanded={mobileOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMobileOpen((v) => !v)}
          >
            <span className="sr-only">{mobileOpen ? "Cerrar menú" : "Abrir menú"}</span>
            {hamburger(mobileOpen)}
          </button>
        ) : (
          // Before JavaScript runs (or without it) the menu opens as the URL's #target.
          <a href={`#${MOBILE_MENU_ID}`} className={toggleClass}>
            <span className="sr-only">Abrir menú</span>
            {hamburger(false)}
          </a>
        )}
      </div>
      <MobileMenu user={user} pathname={location.pathname} open={mobileOpen} hydrated={hydrated} onClose={closeMobile} />
    </header>
  );
}

const MOBILE_MENU_ID = "menu-movil";
const USER_MENU_ID = "menu-usuario";

function MobileMenu({
  user,
  pathname,
  open,
  hydrated,
  onClose,
}: {
  user: HeaderUser | null;
  pathname: string;
  open: boolean;
  hydrated: boolean;
  onClose: (returnFocus: boolean) => void;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  // Once hydrated, a closed menu is not in the page at all; before that it waits, hidden, for its #target.
  if (hydrated && !open) return null;
  const item = "block rounded-md px-3 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100";
  const visibility = hydrated ? "block" : "hidden target:block";
  return (
    <nav id={MOBILE_MENU_ID} aria-label="Menú móvil" className={`${visibility} border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden`}>
      <ul>
        {mainNav.map((n) => (
          <li key={n.to}>
            <MenuLink to={n.to} end={n.to === "/"} pathname={pathname} className={item}>
              {n.label}
            </MenuLink>
          </li>
        ))}
      </ul>
      <div className="mt-2 border-t border-slate-200 pt-2">
        {user ? (
          <ul>
            <li className="px-3 py-2 text-sm text-slate-600">
              <span className="font-semibold text-slate-800">{user.name}</span>
              <span className="block truncate">{user.email}</span>
            </li>
            <AccountLinks user={user} dashboardLabel="Mi Dashboard" itemClass={item} />
            <li>
              <LogoutButton className="block w-full rounded-md px-3 py-3 text-left text-base font-semibold text-brand-700 hover:bg-brand-50" />
            </li>
          </ul>
        ) : (
          <ul>
            <li>
              {/* eslint-disable-next-line links/internal-anchor -- the phone menu is inside the <header>, which follows its links */}
              <a href="/login" className={item}>
                Iniciar Sesión
              </a>
            </li>
            <li>
              {/* eslint-disable-next-line links/internal-anchor -- the phone menu is inside the <header>, which follows its links */}
              <a href="/registro" className={item}>
                Registrarse
              </a>
            </li>
          </ul>
        )}
      </div>
    </nav>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const hydrated = useHydrated();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocus = (e: FocusEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onClick);
    document.addEventListener("focusin", onFocus);
    window.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("focusin", onFocus);
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const initial = (user.name.trim()[0] ?? user.email[0] ?? "U").toUpperCase();
  const item = "block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100";
  const toggleClass = "flex items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-slate-100";
  const toggleContent = (
    <>
      <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
        {initial}
      </span>
      <span className="max-w-40 truncate text-sm font-semibold text-slate-800">
        <span className="sr-only">Menú de usuario: </span>
        {user.name}
      </span>
    </>
  );
  const visibility = hydrated ? "block" : "hidden target:block";
  return (
    <div className="relative" ref={ref}>
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={USER_MENU_ID}
          onClick={() => setOpen((v) => !v)}
          className={toggleClass}
        >
          {toggleContent}
        </button>
      ) : (
        <a href={`#${USER_MENU_ID}`} className={toggleClass}>
          {toggleContent}
        </a>
      )}
      {hydrated && !open ? null : (
      <div id={USER_MENU_ID} className={`${visibility} absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg`}>
        <div className="border-b border-slate-100 px-3 pb-2 pt-1">
          <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
        <ul className="pt-1">
          <AccountLinks user={user} dashboardLabel="Dashboard" itemClass={item} />
          <li className="mt-1 border-t border-slate-100 pt-1">
            <LogoutButton className="block w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-brand-700 hover:bg-brand-50" />
          </li>
        </ul>
      </div>
      )}
    </div>
  );
}

/** The signed-in user's links, in the phone menu and the account menu (the spec names the first one differently). */
function AccountLinks({ user, dashboardLabel, itemClass }: { user: HeaderUser; dashboardLabel: string; itemClass: string }) {
  const links = [
    { to: "/dashboard", label: dashboardLabel },
    { to: "/perfil", label: "Mi Perfil" },
    { to: "/compras", label: "Mis compras" },
    ...(user.managesCompanies ? [{ to: "/empresa", label: "Portal de empresa" }] : []),
    ...(isAdmin(user) ? [{ to: "/admin", label: "Panel de Administración" }] : []),
  ];
  return links.map((link) => (
    <li key={link.to}>
      {/* eslint-disable-next-line links/internal-anchor -- the account menus are inside the <header>, which follows its links */}
      <a href={link.to} className={itemClass}>
        {link.label}
      </a>
    </li>
  ));
}
