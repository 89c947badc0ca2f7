// Icons come from one cached SVG sprite (public/images/icons.svg) instead of JavaScript, which keeps
// the public pages within their JavaScript budget. Decorative: always aria-hidden.
const SPRITE = "/images/icons.svg?v=1";

export type IconName =
  | "clock"
  | "chart"
  | "calendar"
  | "pin"
  | "laptop"
  | "user"
  | "mail"
  | "phone"
  | "check"
  | "check-circle"
  | "alert"
  | "arrow-right"
  | "arrow-left"
  | "award"
  | "shield"
  | "heart-pulse"
  | "lightbulb"
  | "star"
  | "building"
  | "book"
  | "presentation"
  | "document"
  | "video"
  | "exam"
  | "reading"
  | "lock-clock"
  | "star-solid";

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}
