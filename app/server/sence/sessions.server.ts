// A learner's SENCE sessions (manual técnico RCE v1.1.6, §2–§3): "Iniciar sesión SENCE" records a pending
// session with a fresh, unguessable correlation id (IdSesionAlumno) and answers the form the browser posts to
// SENCE; "Cerrar sesión SENCE" marks the open session as closing and answers the close form. What SENCE says
// back arrives at callback.server.ts. Every write for one worker's participation holds its row lock, so two
// clicks at once cannot open two sessions.
import crypto from "node:crypto";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Refusal } from "~/domain/action-result";
import { learningMessages } from "~/domain/learning-messages";
import { senceMessages as M } from "~/domain/sence-messages";
import { checkSenceFields, senceEndpoint, type SenceEnvironment, type SenceOperation, type SenceStartFields } from "~/domain/sence-protocol";
import { SENCE_PENDING_MS } from "~/domain/sence-session";
import { learnerView, type SenceLearnerView, type SenceSessionRecord } from "~/domain/sence-view";
import { db, type DbOrTx, type Tx } from "../platform/db/client.server";
import { senceAction, senceParticipant, senceSession } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { logger } from "../platform/logger.server";
import { findEnrolment } from "../learning/enrolments.server";
import { returnUrls, senceBaseUrl, senceCredentials } from "./config.server";

export interface SenceRedirect {
  ok: true;
  operation: SenceOperation;
  /** Where the browser posts (SENCE's endpoint for the action's environment). */
  endpoint: string;
  fields: Record<string, string>;
}
export type SenceRefusal = Refusal<{ status: 400 | 403 | 409 | 500 | 503 }>;

const sessionRecord = {
  id: senceSession.id,
  status: senceSession.status,
  requestedAt: senceSession.requestedAt,
  startedAt: senceSession.startedAt,
  closeRequestedAt: senceSession.closeRequestedAt,
  closedAt: senceSession.closedAt,
  errorCodes: senceSession.errorCodes,
  senceSessionId: senceSession.senceSessionId,
};

/** The enrolment's active participation with its action, locked for the transaction when `lock`. */
async function participationOf(tx: DbOrTx, enrolmentId: number, lock: boolean) {
  const query = tx
    .select({
      participantId: senceParticipant.id,
      run: senceParticipant.run,
      actionId: senceAction.id,
      codSence: senceAction.codSence,
      codigoCurso: senceAction.codigoCurso,
      line: senceAction.line,
      environment: senceAction.environment,
    })
    .from(senceParticipant)
    .innerJoin(senceAction, eq(senceAction.id, senceParticipant.actionId))
    .where(and(eq(senceParticipant.enrolmentId, enrolmentId), sql`${senceParticipant.removedAt} is null`))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: senceParticipant }) : await query;
  return row ? { ...row, environment: row.environment as SenceEnvironment } : null;
}

async function latestSession(tx: DbOrTx, participantId: number): Promise<SenceSessionRecord | null> {
  const [row] = await tx
    .select(sessionRecord)
    .from(senceSession)
    .where(eq(senceSession.participantId, participantId))
    .orderBy(desc(senceSession.requestedAt), desc(senceSession.id))
    .limit(1);
  return row ?? null;
}

/** What the learner's SENCE panel shows for an enrolment under an action; null when it is not under one. */
export async function senceLearnerState(enrolmentId: number): Promise<SenceLearnerView | null> {
  const participation = await participationOf(db(), enrolmentId, false);
  if (!participation) return null;
  return learnerView(await latestSession(db(), participation.participantId), participation.environment, now());
}

/** A correlation id: 32 random bytes, 43 characters (IdSesionAlumno allows 149). */
export function newCorrelationId(): string {
  return crypto.randomBytes(32).toString("base64url");
}

type Participation = NonNullable<Awaited<ReturnType<typeof participationOf>>>;

function formFields(p: Participation, credentials: { rutOtec: string; token: string }, correlationId: string): SenceStartFields {
  const urls = returnUrls();
  return {
    RutOtec: credentials.rutOtec,
    Token: credentials.token,
    CodSence: p.codSence,
    CodigoCurso: p.codigoCurso,
    LineaCapacitacion: String(p.line),
    RunAlumno: p.run,
    IdSesionAlumno: correlationId,
    UrlRetoma: urls.retoma,
    UrlError: urls.error,
  };
}

/**
 * The academy checks its own form before sending the learner away: a configuration mistake (a PUBLIC_URL that
 * makes the return addresses longer than 100 characters, a malformed RUT) is logged for the staff instead of
 * surfacing as an Anexo 2 code on SENCE's site. The token stays out of the log.
 */
function refuseBadForm(fields: SenceStartFields & { IdSesionSence?: string }, environment: SenceEnvironment, operation: SenceOperation): SenceRefusal | null {
  const problems = checkSenceFields(fields, environment, operation);
  if (problems.length === 0) return null;
  logger.error({ problems, operation }, "SENCE form would be refused: check the SENCE configuration and PUBLIC_URL");
  return { ok: false, status: 500, message: M.platformProblem };
}

async function enrolmentFor(userId: string, courseId: number) {
  return findEnrolment(userId, courseId);
}

/** "Iniciar sesión SENCE". */
export async function beginSenceStart(options: { userId: string; courseId: number }): Promise<SenceRedirect | SenceRefusal> {
  const enrolmentRow = await enrolmentFor(options.userId, options.courseId);
  if (!enrolmentRow) return { ok: false, status: 403, message: learningMessages.notEnrolled };
  const credentials = await senceCredentials();
  return db().transaction(async (tx): Promise<SenceRedirect | SenceRefusal> => {
    const p = await participationOf(tx, enrolmentRow.id, true);
    if (!p) return { ok: false, status: 400, message: M.notUnderAction };
    if (!credentials) return { ok: false, status: 503, message: M.notConfigured };
    const at = now();
    await endStalePending(tx, p.participantId, at);
    const [live] = await tx
      .select({ id: senceSession.id, status: senceSession.status })
      .from(senceSession)
      .where(and(eq(senceSession.participantId, p.participantId), inArray(senceSession.status, ["pending", "open"])))
      .limit(1);
    if (live?.status === "open") return { ok: false, status: 409, message: M.alreadyOpen };
    const correlationId = newCorrelationId();
    const fields = formFields(p, credentials, correlationId);
    const refused = refuseBadForm(fields, p.environment, "start");
    if (refused) return refused;
    // A second click while the first sign-in waits (another tab, the back button) starts afresh: the earlier
    // attempt's id stops being awaited, so only one answer can ever open a session.
    if (live) await tx.update(senceSession).set({ status: "expired", expiredAt: at }).where(eq(senceSession.id, live.id));
    await tx.insert(senceSession).values({
      participantId: p.participantId,
      correlationId,
      environment: p.environment,
      runAlumno: p.run,
      codSence: p.codSence,
      codigoCurso: p.codigoCurso,
      line: p.line,
      requestedAt: at,
    });
    return { ok: true, operation: "start", endpoint: senceEndpoint(senceBaseUrl(), p.environment, "start"), fields: { ...fields } };
  });
}

/** "Cerrar sesión SENCE": the same fields as the start, plus the IdSesionSence SENCE gave it. */
export async function beginSenceClose(options: { userId: string; courseId: number }): Promise<SenceRedirect | SenceRefusal> {
  const enrolmentRow = await enrolmentFor(options.userId, options.courseId);
  if (!enrolmentRow) return { ok: false, status: 403, message: learningMessages.notEnrolled };
  const credentials = await senceCredentials();
  return db().transaction(async (tx): Promise<SenceRedirect | SenceRefusal> => {
    const p = await participationOf(tx, enrolmentRow.id, true);
    if (!p) return { ok: false, status: 400, message: M.notUnderAction };
    if (!credentials) return { ok: false, status: 503, message: M.notConfigured };
    const [open] = await tx
      .select({ id: senceSession.id, correlationId: senceSession.correlationId, senceSessionId: senceSession.senceSessionId, run: senceSession.runAlumno, codSence: senceSession.codSence, codigoCurso: senceSession.codigoCurso, line: senceSession.line, environment: senceSession.environment })
      .from(senceSession)
      .where(and(eq(senceSession.participantId, p.participantId), eq(senceSession.status, "open")))
      .limit(1);
    if (!open?.senceSessionId) return { ok: false, status: 409, message: M.noneOpen };
    // The session's own values, as sent when it started: its callback must echo them.
    const environment = open.environment as SenceEnvironment;
    const fields = { ...formFields({ ...p, run: open.run, codSence: open.codSence, codigoCurso: open.codigoCurso, line: open.line }, credentials, open.correlationId), IdSesionSence: open.senceSessionId };
    const refused = refuseBadForm(fields, environment, "close");
    if (refused) return refused;
    await tx.update(senceSession).set({ closeRequestedAt: now(), errorCodes: [] }).where(eq(senceSession.id, open.id));
    return { ok: true, operation: "close", endpoint: senceEndpoint(senceBaseUrl(), environment, "close"), fields };
  });
}

/** Marks the participation's pending sessions past their deadline as expired (their status already reads so). */
async function endStalePending(tx: Tx, participantId: number, at: Date) {
  await tx
    .update(senceSession)
    .set({ status: "expired", expiredAt: at })
    .where(
      and(
        eq(senceSession.participantId, participantId),
        eq(senceSession.status, "pending"),
        lte(senceSession.requestedAt, new Date(at.getTime() - SENCE_PENDING_MS)),
      ),
    );
}
