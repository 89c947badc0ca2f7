// POST /cursos/:id/inscribir — the enrol flow (docs/product-spec.md §4, docs/decisions.md B2, E1). A free course enrols at
// once; a priced one goes to its checkout (/cursos/:id/comprar); one not for sale back to its page. Always answers with a
// redirect, so the form works without JavaScript: to the content on success, back to the page it came from
// with ?inscripcion-error=<id> on failure (the button shows the spec's alert there).
import { readForm } from "~/server/platform/http/request-body.server";
import { redirect } from "react-router";
import type { Route } from "./+types/curso-inscribir";
import { enrolInCourse } from "~/server/learning/enrolments.server";
import { getSaleModes } from "~/server/catalogue/sale-mode.server";
import { getUser } from "~/server/accounts/session.server";
import { logger } from "~/server/platform/logger.server";
import { isAdmin } from "~/domain/permissions";
import { parseId } from "~/domain/ids";
import { ENROL_ERROR_PARAM, enrolReturnPath } from "~/ui/course/enrol-button";
import { courseContentPath } from "~/domain/course-paths";


export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  return redirect(id ? `/cursos/${id}` : "/cursos");
}

export async function action({ request, params }: Route.ActionArgs) {
  const courseId = parseId(params.id);
  if (courseId === null) return redirect("/cursos");
  const user = await getUser(request);
  // Anonymous visitors are sent to the course detail (docs/product-spec.md §4), where they can sign in.
  if (!user) return redirect(`/cursos/${courseId}`);
  const contentPath = courseContentPath(courseId);
  // Admins open any course without enrolling (§6).
  if (isAdmin(user)) return redirect(contentPath);

  const read = await readForm(request);
  const form = read.ok ? read.form : null;
  const back = enrolReturnPath(form?.get("volver"), courseId);
  try {
    const mode = (await getSaleModes([courseId])).get(courseId);
    if (mode === "paid") return redirect(`/cursos/${courseId}/comprar`);
    if (mode !== "free") return redirect(`/cursos/${courseId}`);
    const result = await enrolInCourse({ userId: user.id, courseId, confirm: true });
    if (result.status === "course-not-found") return redirect(`/cursos/${courseId}`);
    return redirect(contentPath);
  } catch (error) {
    logger.error({ err: error, courseId, userId: user.id }, "enrolment failed");
    const url = new URL(back, "http://x");
    url.searchParams.set(ENROL_ERROR_PARAM, String(courseId));
    return redirect(url.pathname + url.search);
  }
}
