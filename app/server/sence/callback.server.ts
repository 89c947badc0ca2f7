// What SENCE posts back to UrlRetoma or UrlError (manual técnico RCE v1.1.6, §3.2–§3.3). It is a cross-site POST
// from the learner's browser: no session cookie comes with it (SameSite=Lax) and nothing in it is signed. So the
// callback finds its session only by the single-use, unguessable correlation id the academy sent
// (IdSesionAlumno), must echo what was sent, and must answer a request the session is waiting for
// (domain/sence-session.ts decides). It is applied under the session's row lock, so two callbacks at once make
// one change. Every callback — applied, ignored or refused — is kept raw in sence_callback (append-only), and the
// browser is sent to a page where the learner's own signed-in session shows the outcome.
import { and, eq, gt } from "drizzle-orm";
import { parseSenceCallback, type SenceArrival } from "~/domain/sence-callback";
import { senceTransition, type SenceSessionStatus, type SenceTransition } from "~/domain/sence-session";
import { db, type Tx } from "../platform/db/client.server";
import { senceAction, senceCallback, senceParticipant, senceSession } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { logger } from "../platform/logger.server";

/** Where a callback that names no session of ours sends the browser: the learner's own page of courses. */
const NOWHERE = "/dashboard";

export interface CallbackInput {
  arrival: SenceArrival;
  /** The urlencoded body; null when it was refused before being read. */
  body: string | null;
  /** Why the body was refused unread (too large, not a form). */
  refused?: string;
  address: string | null;
}

async function log(tx: Tx | ReturnType<typeof db>, entry: { arrival: SenceArrival; sessionId: number | null; fields: [string, string][] | null; result: string; address: string | null }) {
  await tx.insert(senceCallback).values({ ...entry, receivedAt: now() });
}

function resultOf(transition: SenceTransition): string {
  return transition.change === "none" ? `ignored:${transition.reason}${transition.detail ? `:${transition.detail}` : ""}` : `applied:${transition.change}`;
}

/** Records and applies one callback; answers where to send the browser. Never throws for what a request holds. */
export async function receiveSenceCallback(input: CallbackInput): Promise<{ redirectTo: string; result: string }> {
  if (input.body === null) {
    const result = `refused:${input.refused ?? "unreadable"}`;
    await log(db(), { arrival: input.arrival, sessionId: null, fields: null, result, address: input.address });
    return { redirectTo: NOWHERE, result };
  }
  const pairs = [...new URLSearchParams(input.body)];
  const parsed = parseSenceCallback(pairs, input.arrival);
  if (!parsed.ok) {
    const result = `refused:${parsed.reason}`;
    await log(db(), { arrival: input.arrival, sessionId: null, fields: pairs, result, address: input.address });
    return { redirectTo: NOWHERE, result };
  }
  const callback = parsed.callback;
  try {
    return await db().transaction(async (tx) => {
      const [session] = await tx
        .select({
          id: senceSession.id,
          participantId: senceSession.participantId,
          status: senceSession.status,
          requestedAt: senceSession.requestedAt,
          closeRequestedAt: senceSession.closeRequestedAt,
          runAlumno: senceSession.runAlumno,
          codSence: senceSession.codSence,
          codigoCurso: senceSession.codigoCurso,
        })
        .from(senceSession)
        .where(eq(senceSession.correlationId, callback.idSesionAlumno))
        .limit(1)
        .for("update");
      if (!session) {
        await log(tx, { arrival: input.arrival, sessionId: null, fields: pairs, result: "ignored:unknown-session", address: input.address });
        return { redirectTo: NOWHERE, result: "ignored:unknown-session" };
      }
      const [newer] = await tx
        .select({ id: senceSession.id })
        .from(senceSession)
        .where(and(eq(senceSession.participantId, session.participantId), gt(senceSession.id, session.id)))
        .limit(1);
      const at = now();
      const transition = senceTransition(
        {
          status: session.status as SenceSessionStatus,
          requestedAt: session.requestedAt,
          closeRequestedAt: session.closeRequestedAt,
          sent: { runAlumno: session.runAlumno, codSence: session.codSence, codigoCurso: session.codigoCurso },
        },
        callback,
        at,
        !newer,
      );
      await apply(tx, session.id, transition, callback, at);
      const result = resultOf(transition);
      await log(tx, { arrival: input.arrival, sessionId: session.id, fields: pairs, result, address: input.address });
      const [place] = await tx
        .select({ courseId: senceAction.courseId })
        .from(senceParticipant)
        .innerJoin(senceAction, eq(senceAction.id, senceParticipant.actionId))
        .where(eq(senceParticipant.id, session.participantId))
        .limit(1);
      return { redirectTo: place ? `/cursos/${place.courseId}/contenido` : NOWHERE, result };
    });
  } catch (error) {
    // The state did not change (the transaction rolled back); the callback is still kept.
    logger.error({ err: error }, "SENCE callback could not be applied");
    await log(db(), { arrival: input.arrival, sessionId: null, fields: pairs, result: "failed", address: input.address });
    return { redirectTo: NOWHERE, result: "failed" };
  }
}

async function apply(tx: Tx, id: number, transition: SenceTransition, callback: { fechaHora: string; zonaHoraria: string }, at: Date) {
  switch (transition.change) {
    case "open":
      await tx
        .update(senceSession)
        .set({ status: "open", senceSessionId: transition.senceSessionId, startedAt: at, senceStartedAt: callback.fechaHora, zonaHoraria: callback.zonaHoraria, errorCodes: [], expiredAt: null })
        .where(eq(senceSession.id, id));
      return;
    case "fail":
      await tx.update(senceSession).set({ status: "failed", failedAt: at, errorCodes: transition.codes }).where(eq(senceSession.id, id));
      return;
    case "close":
      await tx.update(senceSession).set({ status: "closed", closedAt: at, senceClosedAt: callback.fechaHora }).where(eq(senceSession.id, id));
      return;
    case "close-failed":
      await tx.update(senceSession).set({ closeRequestedAt: null, errorCodes: transition.codes }).where(eq(senceSession.id, id));
      return;
    case "none":
      return;
  }
}
