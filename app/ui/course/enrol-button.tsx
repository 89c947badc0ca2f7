// The course button of the enrol flow (product-spec.md §4, decisions.md B2):
// anonymous → 'Ver Detalles' (on the detail page itself: 'Comprar curso', which signs in first and comes back);
// signed-in user → 'Comprar curso' (POST, works without JavaScript; 'Procesando...' while it runs);
// enrolled learner or admin → 'Acceder ahora'.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { learningMessages } from "~/domain/learning-messages";

export type EnrolState = "anonymous" | "user" | "enrolled" | "admin";

/** Set on the page the learner came from when enrolling failed; its value is the course id. */
export const ENROL_ERROR_PARAM = "inscripcion-error";

/** Where to go back to after a failed enrolment: a local path only (never another site). */
export function enrolReturnPath(value: unknown, courseId: number): string {
  const fallback = `/cursos/${courseId}`;
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value.length > 500 ? fallback : value;
}

export function EnrolButton({ courseId, state, className }: { courseId: number; state: EnrolState; className?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const detailPath = `/cursos/${courseId}`;
  const contentPath = `${detailPath}/contenido`;
  const action = `${detailPath}/inscribir`;

  if (state === "anonymous") {
    if (location.pathname === detailPath) {
      return (
        <Link to={`/login?redirectTo=${encodeURIComponent(detailPath)}`} className={className}>
          Comprar curso
        </Link>
      );
    }
    return (
      <Link to={detailPath} className={className}>
        Ver Detalles
      </Link>
    );
  }

  if (state === "enrolled" || state === "admin") {
    return (
      <Link to={contentPath} className={className}>
        Acceder ahora
      </Link>
    );
  }

  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const params = new URLSearchParams(location.search);
  const failed = params.get(ENROL_ERROR_PARAM) === String(courseId);
  params.delete(ENROL_ERROR_PARAM);
  const query = params.toString();
  const back = location.pathname + (query ? `?${query}` : "");
  return (
    <Form method="post" action={action} className="contents">
      <input type="hidden" name="volver" value={back} />
      <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Procesando..." : "Comprar curso"}
      </button>
      {failed && !busy ? (
        <p role="alert" className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {learningMessages.enrolFailed}
        </p>
      ) : null}
    </Form>
  );
}
