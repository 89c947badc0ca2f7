import type { ReactNode } from "react";
import { EnrolButton, type EnrolState } from "~/ui/course/enrol-button";
import { Price } from "../price";
import { ENROL_ACTION_ID } from "./sticky-buy-bar";

/** The enrolment box: price and the course button (the one part that depends on the visitor); the image is the hero's. */
export function EnrolBox({
  course,
  enrolState,
  children,
}: {
  course: { id: number; imageUrl: string | null; priceClp: number | null; priceLabel: string };
  enrolState: EnrolState;
  children?: ReactNode;
}) {
  const toConfirm = course.priceClp === null;
  return (
    <aside aria-label="Inscripción" className="lg:order-last">
      <div className="pub-card overflow-hidden shadow-md lg:sticky lg:top-24">
        <div className="p-6">
          <p className="text-sm font-medium text-slate-600">Precio</p>
          <p className={toConfirm ? "mt-1 text-xl" : "mt-1 text-3xl"}>
            <Price label={course.priceLabel} toConfirm={toConfirm} />
          </p>
          {enrolState === "soon" ? <p className="mt-3 text-sm font-semibold text-slate-700">Próximamente: aún sin inscripciones abiertas.</p> : null}
          <div id={ENROL_ACTION_ID} className="mt-5">
            <EnrolButton courseId={course.id} state={enrolState} className="pub-btn w-full" />
          </div>
          {children}
        </div>
      </div>
    </aside>
  );
}
