// Checking or setting a password is the costliest thing a visitor can ask for: scrypt takes ~16 MB and tens of
// milliseconds of a libuv thread (the pool every file read also needs), around a few database transactions of
// its own (the sign-in limit, the session). A crowd of sign-ins at once, right or wrong, used to queue all of
// that in front of every other request (and of /healthz). So each process lets a few of them run at a time and a
// few more wait their turn; past that a sign-in is answered at once, before any database work, with "try again
// in a moment". Page reads and /healthz never pass through here.
import os from "node:os";

/**
 * At once: each hash keeps a core busy, in libuv's pool of 4 threads that file reads share; one core and one
 * thread are left to the requests — on a 2-core machine, one at a time.
 */
const RUNNING = Math.max(1, Math.min(3, os.availableParallelism() - 1));
/** Waiting their turn: a short queue drains in about a second; a longer one is a crowd better told to come back. */
const WAITING = 16;
/** Nobody waits longer than this for a turn. */
const MAX_WAIT_MS = 5_000;

/** The sign-in (or sign-up, or password change) was not attempted: too many at once. Nothing was written. */
export class PasswordWorkBusy extends Error {
  constructor() {
    super("too many password checks at once");
  }
}

/** How long a refused client should wait before trying again (Retry-After, seconds). */
export const PASSWORD_BUSY_RETRY_AFTER_S = 3;

let running = 0;
const queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

function release() {
  const next = queue.shift();
  if (next) {
    clearTimeout(next.timer);
    next.start();
  } else running--;
}

/**
 * Runs `work` (a whole sign-in, sign-up, reset or change of password: its limit check, its hashing and its
 * session) when a turn is free; throws PasswordWorkBusy at once when too many are already running or waiting,
 * or after MAX_WAIT_MS without a turn.
 */
export async function withPasswordTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < RUNNING) running++;
  else {
    if (queue.length >= WAITING) throw new PasswordWorkBusy();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(new PasswordWorkBusy());
        }, MAX_WAIT_MS),
      };
      queue.push(entry);
    });
  }
  try {
    return await work();
  } finally {
    release();
  }
}

/** Every turn taken and the queue full: a new request would be refused (server/password-crowd.ts answers it early). */
export function passwordTurnsFull(): boolean {
  return running >= RUNNING && queue.length >= WAITING;
}

/** For tests: how many turns are taken and waiting. */
export function passwordTurns() {
  return { running, waiting: queue.length, limits: { running: RUNNING, waiting: WAITING } };
}
