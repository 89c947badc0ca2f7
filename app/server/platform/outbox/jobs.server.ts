// The kinds of deferred work the outbox carries, registered by the areas that queue them: one file per kind
// (e.g. accounts/jobs/welcome.server.ts) declares its payload in JobKinds (declaration merging, so queueJob is
// typed by every kind while the platform imports no area), validates it with a schema and says how to run it.
// The worker reads payloads back from the database: a payload that no longer matches its schema fails at once
// instead of running on data it does not understand.
import type { z } from "zod";

/** Kind → payload, filled in by the areas: `declare module "…/platform/outbox/jobs.server" { interface JobKinds { … } }`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobKinds {}

export type JobKind = keyof JobKinds;
export type Job = { [K in JobKind]: { kind: K } & JobKinds[K] }[JobKind];

interface JobDefinition<P> {
  /** The payload as stored (JSON: dates come back as strings — the schema revives them). */
  payload: z.ZodType<P>;
  run: (payload: P) => Promise<void>;
  /**
   * The row is deleted once the job is done (or failed for good) instead of being kept as a record: for a mail to
   * a person whose data was just erased, whose address must not stay behind once it is delivered.
   */
  forgetWhenDone?: boolean;
  /**
   * Running it again only delivers its mail again (it renders from what the payload names and changes nothing
   * else): an admin may resend it from /admin/correos. Jobs that claim, create or change something are not.
   */
  resendable?: boolean;
}

const definitions = new Map<string, JobDefinition<never>>();

export function defineJob<K extends JobKind>(kind: K, definition: JobDefinition<JobKinds[K]>): void {
  if (definitions.has(kind) && definitions.get(kind) !== (definition as unknown)) throw new Error(`outbox job "${kind}" defined twice`);
  definitions.set(kind, definition as unknown as JobDefinition<never>);
}

/** A stored payload that does not match its kind's schema, or a kind nobody registered: not worth retrying. */
export class UnrunnableJob extends Error {}

/** Validates a stored job and runs it. */
export async function runJob(kind: string, payload: unknown): Promise<void> {
  const definition = definitions.get(kind) as JobDefinition<unknown> | undefined;
  if (!definition) throw new UnrunnableJob(`no handler for outbox job "${kind}": is its area loaded (app/server/areas.server.ts)?`);
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new UnrunnableJob(`outbox job "${kind}" has an invalid payload: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  await definition.run(parsed.data);
}

/** Whether a kind's row is deleted once it is done (see `forgetWhenDone`). */
export function forgetsWhenDone(kind: string): boolean {
  return definitions.get(kind)?.forgetWhenDone === true;
}

/** Whether an admin may queue a done job again (see `resendable`). */
export function isResendable(kind: string): boolean {
  return definitions.get(kind)?.resendable === true;
}
