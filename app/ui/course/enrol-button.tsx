// The course button of the enrol flow (docs/product-spec.md §4, docs/decisions.md B2):
// anonymous → 'Ver Detalles' (on the detail page itself: 'Comprar curso', which signs in — or signs up — first and
// comes back to the checkout; a free course's checkout sends back to its page, where the button enrols);
// signed-in user → 'Comprar curso' (POST, works without JavaScript; 'Procesando...' while it runs);
// enrolled learner or admin → 'Acceder ahora'. A priced course's 'Comprar curso' leads to its checkout (the
// server answers the POST with a redirect there); one that cannot be bought yet says what happens instead.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { learningMessages } from "~/domain/learning-messages";
import { safeLocalPath } from "~/domain/redirects";

export type EnrolState = "anonymous" | "user" | "enrolled" | "admin" | "soon" | "contact";

/** Set on the page the learner came from when enrolling failed; its value is the course id. */
export const ENROL_ERROR_PARAM = "inscripcion-error";

/** Where to go back to after a failed enrolment: a local path only (never another site). */
export function enrolReturnPath(value: unknown, courseId: number): string {
  return safeLocalPath(value, 500) ?? `/cursos/${courseId}`;
}

export function EnrolButton({
  courseId,
  state,
  className,
  showFailure = true,
}: {
  courseId: number;
  state: EnrolState;
  className?: string;
  /** Whether this button says so when enrolling failed (one of two buttons of a page stays silent). */
  showFailure?: boolean;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const detailPath = `/cursos/${courseId}`;
  const contentPath = `${detailPath}/contenido`;
  const action = `${detailPath}/inscribir`;

  if (state === "anonymous") {
    if (location.pathname === detailPath) {
      return (
        <Link to={`/login?redirectTo=${encodeURIComponent(`${detailPath}/comprar`)}`} className={className}>
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

  if (state === "soon") {
    return (
      <Link to={`${detailPath}/avisame`} className={className}>
        Avísame cuando abra
      </Link>
    );
  }
  if (state === "contact") {
    return (
      <Link to="/contacto" className={className}>
        Consultar precio
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
      {failed && !busy && showFailure ? (
        <p role="alert" className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {learningMessages.enrolFailed}
        </p>
      ) : null}
    </Form>
  );
}
