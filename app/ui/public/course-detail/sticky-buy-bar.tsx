import { useEffect, useState } from "react";
import { EnrolButton, type EnrolState } from "~/ui/course/enrol-button";
import { Price } from "../price";

/** The id of the enrolment box's button, which the bar stands in for once it has scrolled away. */
export const ENROL_ACTION_ID = "inscripcion-accion";

/** The site header stays on top of the page: a button under it is out of sight too. */
const HEADER_PX = 64;

/**
 * On a phone the course page is several screens long and its one buy button sits near the top: once that button
 * has scrolled out of sight, a bar at the bottom of the screen offers the same action with the price. Only for
 * someone who can still buy (or ask, or be told): an enrolled learner or an admin gets nothing here. From the
 * large breakpoint on the enrolment box stays in view beside the text (sticky), and the bar is never shown.
 * Without JavaScript it stays hidden: the box is there.
 */
export function StickyBuyBar({
  course,
  enrolState,
}: {
  course: { id: number; priceClp: number | null; priceLabel: string };
  enrolState: EnrolState;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = document.getElementById(ENROL_ACTION_ID);
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        // Scrolled past (above the screen), not yet reached: on a short screen the box may start below the fold.
        if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.top < HEADER_PX);
      },
      { rootMargin: `-${HEADER_PX}px 0px 0px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  if (enrolState === "enrolled" || enrolState === "admin") return null;
  const toConfirm = course.priceClp === null;
  return (
    <aside aria-label="Compra rápida" className="pub-buy-bar" hidden={!shown}>
      <div className="pub-container flex items-center justify-between gap-3 py-3">
        <p className="min-w-0 text-sm leading-5">
          <span className="block text-xs font-medium text-slate-600">Precio</span>
          <Price label={course.priceLabel} toConfirm={toConfirm} className={toConfirm ? "" : "text-lg"} />
        </p>
        <EnrolButton courseId={course.id} state={enrolState} className="pub-btn-small shrink-0 whitespace-nowrap" showFailure={false} />
      </div>
    </aside>
  );
}
