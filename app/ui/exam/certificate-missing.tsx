// Before the exam and on its result: what is still missing for the certificate, each lesson a link
// (docs/decisions.md B8 amendment). The exam is open from the first day; passing it alone issues nothing.
import { Link } from "react-router";
import type { MissingLesson } from "~/domain/learning-view";
import { plural } from "~/domain/format";

const SHOWN = 5;

export function CertificateMissing({ lessons, passed }: { lessons: readonly MissingLesson[]; passed: boolean }) {
  if (lessons.length === 0) return null;
  const rest = lessons.length - SHOWN;
  return (
    <section aria-labelledby="certificado-pendiente" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h3 id="certificado-pendiente" className="font-bold">
        {passed ? "Tu certificado aún no está listo" : "Para obtener tu certificado"}
      </h3>
      <p className="mt-1 text-sm">
        {passed
          ? `Aprobaste la evaluación, que queda registrada. El certificado se emite cuando completas todas las lecciones del curso: te ${lessons.length === 1 ? "falta" : "faltan"} ${plural(lessons.length, "lección", "lecciones")}.`
          : `Puedes rendir la evaluación cuando quieras. El certificado se emite cuando completas todas las lecciones del curso y apruebas la evaluación: te ${lessons.length === 1 ? "falta" : "faltan"} ${plural(lessons.length, "lección", "lecciones")}.`}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {lessons.slice(0, SHOWN).map((l) => (
          <li key={l.id}>
            <Link to={`?leccion=${l.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline sm:min-h-0 sm:py-0.5">
              {l.title}
            </Link>
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-1 text-sm">Y {plural(rest, "lección más", "lecciones más")}, en el panel de módulos.</p> : null}
    </section>
  );
}
