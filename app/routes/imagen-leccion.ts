// GET /archivos/lecciones/:lessonId/imagenes/:file — a reading's image, with the lesson's access rule.
import type { Route } from "./+types/imagen-leccion";
import { serveLessonImage } from "~/server/learning/lesson-images.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return serveLessonImage(request, params.lessonId, params.file);
}
