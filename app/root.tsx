import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
// The same file app.css declares: preloaded so the text switches to Inter early, once per visit (cached).
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { getUser } from "~/server/accounts/session.server";
import { SiteHeader } from "~/ui/layout/site-header";
import { SiteFooter } from "~/ui/layout/site-footer";
import { ScrollManager } from "~/ui/layout/scroll-manager";
import { NotFoundContent } from "~/ui/layout/not-found-content";
import { ServiceUnavailableContent } from "~/ui/layout/service-unavailable";
import { serviceUnavailableMiddleware } from "~/server/platform/http/service-unavailable.server";
import { pageTitle } from "~/ui/seo";

// Before every loader and action: a 503 page while the database is unreachable (see the module).
export const middleware: Route.MiddlewareFunction[] = serviceUnavailableMiddleware;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return {
    user: user ? { id: user.id, name: user.name, email: user.email, role: user.role, managesCompanies: user.managesCompanies } : null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  return (
    <html lang="es-CL">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b91c1c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Saltar al contenido
        </a>
        <SiteHeader user={data?.user ?? null} />
        <main id="contenido" className="flex-1">
          {children}
        </main>
        <SiteFooter admin={pathname === "/admin" || pathname.startsWith("/admin/")} />
        <ScrollManager />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <ServiceUnavailableContent />;
  }
  // A request the server refused (a form body it could not read, one too large…) says why, in Spanish.
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <title>{pageTitle("Solicitud rechazada")}</title>
        <h1 className="text-3xl font-bold text-ink">No pudimos procesar tu solicitud</h1>
        <p className="mt-4 text-slate-600" role="alert">
          {error.data}
        </p>
        <a href="/" data-document className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Volver al inicio
        </a>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{pageTitle("Ocurrió un error")}</title>
      <h1 className="text-3xl font-bold text-ink">Ocurrió un error inesperado</h1>
      <p className="mt-4 text-slate-600">
        Lo sentimos, no pudimos completar tu solicitud. Por favor, inténtalo de nuevo en unos minutos.
      </p>
      <a href="/" data-document className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Volver al inicio
      </a>
    </section>
  );
}
