// SENCE through the real pieces: the local SENCE server (scripts/sence) in this process, the academy's
// configuration pointing at it (SENCE_BASE_URL), a company whose worker is enrolled through its portal and put
// under an action, and the browser's round trip done with the HTML each side really serves.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { callbackOf, postToSence, signInAtSence, type BrowserPost, type ClaveUnicaChoice, type SencePage } from "../../../scripts/sence/browser";
import { DEFAULT_OTEC, startLocalSence, type LocalSence } from "../../../scripts/sence/local-sence";
import { env, setEnv } from "~/server/platform/env.server";
import { db } from "~/server/platform/db/client.server";
import { senceCallback, senceSession } from "~/server/platform/db/schema";
import { resetClock } from "~/server/platform/clock.server";
import { saveSenceConfig } from "~/server/sence/config.server";
import { addParticipants, createAction } from "~/server/sence/actions.server";
import { beginSenceClose, beginSenceStart, type SenceRedirect } from "~/server/sence/sessions.server";
import { receiveSenceCallback } from "~/server/sence/callback.server";
import { findEnrolment } from "~/server/learning/enrolments.server";
import { createUser } from "../support/users";
import { companyWithManager, enrolAccount, freshRut } from "../companies/support";

export const TOKEN = Object.entries(DEFAULT_OTEC.tokens).find(([, s]) => s === "vigente")![0];
export const TOKEN_KEY = "5c".repeat(32);

export function useSence() {
  const context = {} as { sence: LocalSence; admin: Awaited<ReturnType<typeof createUser>> };
  beforeAll(async () => {
    context.sence = await startLocalSence({ port: 0 });
    setEnv({ ...env(), SENCE_BASE_URL: context.sence.url, SENCE_TOKEN_KEY: TOKEN_KEY });
    context.admin = await createUser({ role: "admin", name: "Administradora" });
    const saved = await saveSenceConfig({ rutOtec: DEFAULT_OTEC.rut, token: TOKEN }, context.admin.id);
    expect(saved.ok).toBe(true);
  });
  beforeEach(() => {
    context.sence.reset();
    resetClock();
  });
  afterAll(async () => {
    resetClock();
    await context.sence?.close();
  });
  return context;
}

let codes = 7_100_000;
/** A fresh action id (CodigoCurso) for the production-like checks. */
export const freshCodigo = () => String(codes++ + (process.pid % 1000) * 1000);

/**
 * A company with a manager and `workers` workers enrolled in course 1 through its portal (each with a RUT),
 * an action for course 1, and the first `underAction` workers put under it.
 */
export async function companyAction(admin: { cookie: string; id: string }, options: { workers?: number; underAction?: number; environment?: "test" | "production" } = {}) {
  const { companyId, manager } = await companyWithManager(admin.cookie, options.workers ?? 2);
  const workers = [];
  for (let i = 0; i < (options.workers ?? 2); i++) {
    const person = await createUser({ name: `Trabajadora ${i + 1}` });
    const rut = freshRut();
    await enrolAccount(manager.cookie, companyId, person, rut);
    const enrolment = await findEnrolment(person.id, 1);
    workers.push({ ...person, rut, enrolmentId: enrolment!.id });
  }
  const created = await createAction(
    companyId,
    { courseId: 1, codSence: "1237991108", codigoCurso: freshCodigo(), line: 3, environment: options.environment ?? "test", startsOn: "2026-01-01", endsOn: "2026-12-31" },
    manager.id,
  );
  if (!created.ok) throw new Error(created.message);
  const under = workers.slice(0, options.underAction ?? workers.length);
  if (under.length > 0) {
    const added = await addParticipants(companyId, created.actionId, under.map((w) => w.enrolmentId), manager.id);
    expect(added.ok, added.message).toBe(true);
  }
  return { companyId, manager, actionId: created.actionId, workers };
}

export function expectRedirect(r: Awaited<ReturnType<typeof beginSenceStart>>): SenceRedirect {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
}

/** The learner's browser: the academy's form to SENCE, then the Clave Única page with `choice`. */
export async function atSence(redirect: SenceRedirect, choice?: ClaveUnicaChoice): Promise<SencePage> {
  const first = await postToSence(redirect.endpoint, redirect.fields);
  if (first.forms.some((f) => f.id === "sence-return")) return first; // SENCE answered at once (a field refused)
  return signInAtSence(first, choice);
}

export function deliver(post: BrowserPost, address = "127.0.0.1") {
  const arrival = new URL(post.url).pathname === "/sence/retorno" ? "retoma" : "error";
  return receiveSenceCallback({ arrival, body: post.body.toString(), address });
}

/** Start → Clave Única (`choice`) → callback delivered; the callback's request is returned for replays. */
export async function startSession(userId: string, choice?: ClaveUnicaChoice) {
  const redirect = expectRedirect(await beginSenceStart({ userId, courseId: 1 }));
  const post = callbackOf(await atSence(redirect, choice));
  const outcome = await deliver(post);
  return { redirect, post, outcome };
}

export async function closeSession(userId: string, choice?: ClaveUnicaChoice) {
  const redirect = expectRedirect(await beginSenceClose({ userId, courseId: 1 }));
  const post = callbackOf(await atSence(redirect, choice));
  const outcome = await deliver(post);
  return { redirect, post, outcome };
}

export async function sessionsOf(participantCorrelation: string) {
  return db().select().from(senceSession).where(eq(senceSession.correlationId, participantCorrelation));
}

export async function callbackLog() {
  return db().select().from(senceCallback).orderBy(senceCallback.id);
}
