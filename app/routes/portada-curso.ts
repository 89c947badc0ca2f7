// GET /archivos/portadas/:courseId/:file — a published course's uploaded cover, public and cached for good.
import type { Route } from "./+types/portada-curso";
import { serveCourseCover } from "~/server/authoring/course-cover.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return serveCourseCover(request, params.courseId, params.file);
}
