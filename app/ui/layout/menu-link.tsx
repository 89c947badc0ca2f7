import type { ReactNode } from "react";
import { isCurrentPath } from "./internal-links";

/**
 * A menu entry as a plain anchor, marked as the current page where a <NavLink> would mark it (`aria-current`, and
 * the class for that state). The menu around it has the router follow it (followInternalLink; internal-links.ts
 * says why these are not <NavLink>s).
 */
export function MenuLink({
  to,
  end = false,
  pathname,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  pathname: string;
  className: string | ((isActive: boolean) => string);
  children: ReactNode;
}) {
  const active = isCurrentPath(pathname, to, end);
  return (
    // eslint-disable-next-line links/internal-anchor -- only rendered in the header's, the admin's and the portal's menus, which follow their links
    <a href={to} aria-current={active ? "page" : undefined} className={typeof className === "function" ? className(active) : className}>
      {children}
    </a>
  );
}
