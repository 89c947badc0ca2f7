// GET /archivos/lecciones/:lessonId — lesson material for enrolled learners and admins only (docs/decisions.md A4).
// ?descargar=1 asks for an attachment; ?pista=subtitulos serves the video's captions track.
import type { Route } from "./+types/archivo-leccion";
import { serveLessonFile } from "~/server/learning/lesson-files.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return serveLessonFile(request, params.lessonId);
}
