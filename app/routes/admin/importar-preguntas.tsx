// /admin/cursos/:id/lecciones/:lessonId/importar-preguntas — many exam questions at once from a CSV or XLSX file:
// a preview names every bad row before anything is written, then the valid rows join the bank in one transaction.
import { data, Link } from "react-router";
import type { Route } from "./+types/importar-preguntas";
import { requireAdmin } from "~/server/accounts/session.server";
import { getLessonForEditor } from "~/server/authoring/courses.server";
import { runQuestionImport, type QuestionImportReply } from "~/server/authoring/questions.server";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { readForm } from "~/server/platform/http/request-body.server";
import { SPREADSHEET_MAX_BYTES } from "~/server/platform/spreadsheets/spreadsheets.server";
import { idSchema } from "~/domain/ids";
import { formatCount } from "~/domain/format";
import { Notice } from "~/ui/admin/notice";
import { QuestionImportPreview, QuestionUploadForm } from "~/ui/admin/question-import";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Importar preguntas | Administración") }, { name: "robots", content: "noindex" }];

async function examOf(params: { id?: string; lessonId?: string }) {
  const courseId = idSchema.safeParse(params.id);
  const lessonId = idSchema.safeParse(params.lessonId);
  const found = courseId.success && lessonId.success ? await getLessonForEditor(courseId.data, lessonId.data) : null;
  if (!found || found.lesson.type !== "examen") throw data(null, { status: 404 });
  return { courseId: courseId.data!, lesson: found.lesson, bank: found.questions.length };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { courseId, lesson, bank } = await examOf(params);
  return { courseId, lesson: { id: lesson.id, title: lesson.title }, bank, maxMb: SPREADSHEET_MAX_BYTES / (1024 * 1024) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const { courseId, lesson } = await examOf(params);
  const body = await readForm(request, "spreadsheet");
  if (!body.ok) return data<QuestionImportReply>({ kind: "error", message: body.message }, { status: body.status });
  try {
    const { status, reply } = await runQuestionImport(courseId, lesson.id, body);
    // New questions change the bank every exam draws from: every process drops its copy.
    if (reply.kind === "done") catalogueChanged();
    return data(reply, { status });
  } finally {
    await body.cleanup();
  }
}

export default function ImportQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { courseId, lesson, bank, maxMb } = loaderData;
  const back = `/admin/cursos/${courseId}?leccion=${lesson.id}`;
  return (
    <section className={`${container} py-8`}>
      <Link to={back} className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
        ← {lesson.title}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Importar preguntas</h1>
      <p className="mt-1 text-sm text-slate-700">El banco de este examen tiene {formatCount(bank)} preguntas.</p>
      {actionData?.kind === "done" ? (
        <>
          <Notice ok message={actionData.message} />
          {actionData.left.length > 0 ? (
            <p className="mt-3 text-sm text-slate-700">{actionData.left.length === 1 ? "1 fila con problemas no se importó." : `${formatCount(actionData.left.length)} filas con problemas no se importaron.`}</p>
          ) : null}
          <p className="mt-4">
            <Link to={back} className="font-semibold text-brand-700 underline underline-offset-4">
              Ver el banco de preguntas
            </Link>
          </p>
        </>
      ) : null}
      {actionData?.kind === "preview" ? (
        <>
          {actionData.message ? <Notice ok={false} message={actionData.message} /> : null}
          <QuestionImportPreview rows={actionData.rows} valid={actionData.valid} />
        </>
      ) : null}
      <QuestionUploadForm error={actionData?.kind === "error" ? actionData.message : undefined} maxMb={maxMb} />
    </section>
  );
}
