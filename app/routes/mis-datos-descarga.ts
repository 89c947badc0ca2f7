// The learner's own data as a ZIP, streamed (app/server/privacy/export.server.ts); each download is logged.
import type { Route } from "./+types/mis-datos-descarga";
import { requireUser } from "~/server/accounts/session.server";
import { downloadResponse } from "~/server/platform/http/download.server";
import { personalDataZip } from "~/server/privacy/export.server";
import { logAccess } from "~/server/privacy/requests.server";
import { chileIsoDay } from "~/domain/chile-time";
import { now } from "~/server/platform/clock.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  await logAccess({ actorId: user.id, actorEmail: user.email, action: "self.export", subjectUserId: user.id });
  const stream = personalDataZip({ userId: user.id, email: user.email.toLowerCase(), rut: user.rut ?? null });
  return downloadResponse(stream, { filename: `mis-datos-${chileIsoDay(now())}.zip`, type: "zip" });
}
