// An admin downloads the data of the person behind a request (to answer one that came by mail); logged.
import type { Route } from "./+types/privacidad-descarga";
import { requireAdmin } from "~/server/accounts/session.server";
import { downloadResponse } from "~/server/platform/http/download.server";
import { personalDataZip } from "~/server/privacy/export.server";
import { getRequest, logAccess } from "~/server/privacy/requests.server";
import { subjectOf } from "~/server/privacy/deletion.server";
import { db } from "~/server/platform/db/client.server";
import { parseId } from "~/domain/ids";

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const found = id ? await getRequest(id) : null;
  const subject = found?.userId ? await subjectOf(db(), found.userId) : null;
  if (!found || !subject) throw new Response("No hay datos de una cuenta para esta solicitud.", { status: 404 });
  await logAccess({ actorId: admin.id, actorEmail: admin.email, action: "admin.export", subjectUserId: subject.userId });
  return downloadResponse(personalDataZip(subject), { filename: `datos-solicitud-${found.id}.zip`, type: "zip" });
}
