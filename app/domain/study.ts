// Honest completion (docs/decisions.md F8): a reading, a PDF or a video completes when it was studied — its end
// reached (a video: watched, not skipped) and time on task of at least a share of its planned duration. Time
// is measured by the server (learning/study.server.ts) from its own clock; these are the pure rules it applies.

/** The client reports study every this many seconds while the page is visible and the learner active. */
export const HEARTBEAT_SECONDS = 20;
/**
 * A heartbeat is credited the real time since the previous one, at most this much: a beat missed to a slow
 * network still counts, a tab left open without beats (or a forged beat after an hour) earns no more.
 */
export const HEARTBEAT_CAP_SECONDS = 45;

/** The share of a lesson's planned duration a learner must spend on it: a fast reader reads about twice as fast. */
export const STUDY_SHARE = 0.5;
/** Even a lesson planned at 0 or 1 minute asks for half a minute: it is opened, and read. */
export const STUDY_FLOOR_SECONDS = 30;
/** A long lesson's plan includes work away from the screen (a practice, a note): no more than this is asked. */
export const STUDY_CEILING_SECONDS = 30 * 60;

/** A video counts as watched when its watched segments cover this share of it. */
export const VIDEO_COVERAGE = 0.9;
/**
 * A video's new segments may cover at most this many seconds per second of credited time (the player's speed
 * control reaches 2×), plus a little slack for the segment in flight: ten minutes cannot be watched in one.
 */
export const MAX_PLAYBACK_RATE = 2;
export const SEGMENT_SLACK_SECONDS = 2;
/** At most this many disjoint segments are kept per lesson (a learner who jumps around still fits). */
export const MAX_SEGMENTS = 60;

/** Seconds of time on task a lesson asks for. */
export function requiredStudySeconds(durationMin: number): number {
  const planned = Math.max(0, Number.isFinite(durationMin) ? durationMin : 0) * 60;
  return Math.round(Math.min(STUDY_CEILING_SECONDS, Math.max(STUDY_FLOOR_SECONDS, planned * STUDY_SHARE)));
}

/**
 * The most one visit can be credited without heartbeats (the no-JavaScript form, or the completion button): the
 * time the page has been open, up to the lesson's planned duration (never less than what the lesson asks for).
 */
export function visitCapSeconds(durationMin: number): number {
  const planned = Math.max(0, Number.isFinite(durationMin) ? durationMin : 0) * 60;
  return Math.round(Math.max(requiredStudySeconds(durationMin), Math.min(planned, 2 * STUDY_CEILING_SECONDS)));
}

/** Seconds credited for a heartbeat: the real time since the last credited instant, never negative, capped. */
export function heartbeatCredit(sinceLastMs: number): number {
  if (!Number.isFinite(sinceLastMs) || sinceLastMs <= 0) return 0;
  return Math.min(HEARTBEAT_CAP_SECONDS, Math.floor(sinceLastMs / 1000));
}

/**
 * Seconds credited when the visit is closed by the form: the time since the visit began, up to its cap, less what
 * this visit was already credited (by heartbeats, or an earlier post of the same form).
 */
export function visitCredit(sinceVisitMs: number, cap: number, alreadyCredited: number): number {
  if (!Number.isFinite(sinceVisitMs) || sinceVisitMs <= 0) return 0;
  return Math.max(0, Math.min(cap, Math.floor(sinceVisitMs / 1000)) - Math.max(0, alreadyCredited));
}

// ── Video segments ──────────────────────────────────────────────────────────

export type Segment = readonly [number, number];

/** Sorted, merged segments (touching or overlapping ones joined), each clamped to [0, length]. */
export function mergeSegments(segments: readonly Segment[], length = Infinity): Segment[] {
  const clean = segments
    .map(([a, b]) => [Math.max(0, Math.min(a, length)), Math.max(0, Math.min(b, length))] as const)
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of clean) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 0.5) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function coverageSeconds(segments: readonly Segment[]): number {
  return segments.reduce((n, [a, b]) => n + (b - a), 0);
}

/**
 * Adds reported segments to the stored ones, but no more new coverage than `allowance` seconds (in the order of
 * the video): what the credited time could have played. Returns the merged set.
 */
export function addSegments(stored: readonly Segment[], reported: readonly Segment[], allowance: number, length = Infinity): Segment[] {
  let left = Math.max(0, allowance);
  let current = mergeSegments(stored, length);
  for (const [a, b] of mergeSegments(reported, length)) {
    if (left <= 0) break;
    // The part of [a, b] not yet covered, piece by piece, up to what is left of the allowance.
    let cursor = a;
    const pieces: Segment[] = [];
    for (const [s, e] of current) {
      if (e <= cursor || left <= 0) continue;
      if (s >= b) break;
      if (s > cursor) {
        const take = Math.min(s, b) - cursor;
        const used = Math.min(take, left);
        pieces.push([cursor, cursor + used]);
        left -= used;
      }
      cursor = Math.max(cursor, e);
      if (cursor >= b) break;
    }
    if (cursor < b && left > 0) {
      const used = Math.min(b - cursor, left);
      pieces.push([cursor, cursor + used]);
      left -= used;
    }
    current = mergeSegments([...current, ...pieces], length);
  }
  return current.slice(0, MAX_SEGMENTS);
}

/** Segments as a client sends them (JSON `[[start, end], …]` in seconds), or null when malformed. */
export function parseSegments(raw: unknown): Segment[] | null {
  if (raw === null || raw === undefined || raw === "") return [];
  if (typeof raw !== "string" || raw.length > 4000) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > MAX_SEGMENTS) return null;
  const out: Segment[] = [];
  for (const item of value) {
    if (!Array.isArray(item) || item.length !== 2) return null;
    const [a, b] = item as unknown[];
    if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b) || a < 0 || b < a || b > 86_400) return null;
    out.push([a, b]);
  }
  return out;
}

// ── The rule ────────────────────────────────────────────────────────────────

export type StudyKind = "reading" | "video";

export interface StudyState {
  kind: StudyKind;
  durationMin: number;
  /** Time on task credited so far, in seconds. */
  seconds: number;
  /** A reading's (or PDF's) end was in view. */
  reachedEnd: boolean;
  /** A video's watched segments, and its length as the player reported it (null: not known yet). */
  segments: readonly Segment[];
  mediaSeconds: number | null;
}

export interface StudyVerdict {
  complete: boolean;
  /** Seconds of time on task still missing (0 when enough). */
  missingSeconds: number;
  /** The end was not reached (a reading), or the video not watched enough. */
  missingEnd: boolean;
  /** Share of the video watched, 0..1 (null for a reading or an unknown length). */
  watchedShare: number | null;
}

export function studyVerdict(s: StudyState): StudyVerdict {
  const missingSeconds = Math.max(0, requiredStudySeconds(s.durationMin) - Math.max(0, s.seconds));
  if (s.kind === "reading") return { complete: missingSeconds === 0 && s.reachedEnd, missingSeconds, missingEnd: !s.reachedEnd, watchedShare: null };
  const length = s.mediaSeconds && s.mediaSeconds > 0 ? s.mediaSeconds : null;
  const watchedShare = length ? Math.min(1, coverageSeconds(mergeSegments(s.segments, length)) / length) : null;
  const watched = watchedShare !== null && watchedShare >= VIDEO_COVERAGE;
  return { complete: missingSeconds === 0 && watched, missingSeconds, missingEnd: !watched, watchedShare };
}

/** 'Te faltan unos 4 minutos', 'Te falta 1 minuto', 'Te falta menos de 1 minuto' — rounded up, as a learner counts. */
function missing(seconds: number): string {
  if (seconds < 60) return "Te falta menos de 1 minuto";
  const m = Math.ceil(seconds / 60);
  return m === 1 ? "Te falta 1 minuto" : `Te faltan unos ${m} minutos`;
}

/** What is still missing, said to the learner next to the completion button; null when nothing is. */
export function studyMissingMessage(kind: StudyKind, v: StudyVerdict): string | null {
  if (v.complete) return null;
  if (kind === "video") {
    if (v.missingEnd) {
      const seen = v.watchedShare === null ? "" : ` (llevas ${Math.floor(v.watchedShare * 100)} %)`;
      return `Mira el video completo para completar esta lección${seen}. Adelantarlo no cuenta.`;
    }
    return `${missing(v.missingSeconds)} en esta lección para completarla.`;
  }
  if (v.missingSeconds > 0) return `${missing(v.missingSeconds)} de lectura para completar esta lección${v.missingEnd ? ": léela hasta el final" : ""}.`;
  return "Llega al final de la lección para completarla.";
}

/** Time on task as shown: '2 h 05 min', '35 min', 'menos de 1 min'; null (unknown, before it was measured) is '—'. */
export function formatStudyTime(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return seconds > 0 ? "menos de 1 min" : "0 min";
  const totalMin = Math.floor(seconds / 60);
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}

// ── Crediting a report ──────────────────────────────────────────────────────

/** What the server keeps of a learner's study of one lesson (the lesson_study row). */
export interface StudyRecord {
  seconds: number;
  visitStartedAt: Date;
  visitSeconds: number;
  creditedUntil: Date;
  reachedEnd: boolean;
  segments: Segment[];
  mediaSeconds: number | null;
}

export interface StudyReport {
  /** When the server served the page this report comes from (the visit, from its signed token). */
  visitStartedAt: Date;
  /** The server's own now. */
  at: Date;
  /** A heartbeat, or the completion form (which closes the visit: time since it began, capped). */
  finish: boolean;
  reachedEnd: boolean;
  segments: readonly Segment[];
  mediaSeconds: number | null;
  durationMin: number;
}

/** The longest a video may claim to be (a day): a length beyond it is not a lesson's. */
const MAX_MEDIA_SECONDS = 86_400;

/**
 * Applies a report to the record (null: the first one) and says how many seconds it was credited. Every credit
 * moves `creditedUntil` to the server's now, and a heartbeat earns only the time since it: two beats at once, a
 * replay or a second tab earn nothing more. A newer page starts a new visit; the form credits the visit's time
 * (up to visitCapSeconds) less what it already earned. New video coverage is bounded by the time credited.
 */
export function applyStudyReport(record: StudyRecord | null, r: StudyReport): { record: StudyRecord; credited: number } {
  const v = r.visitStartedAt.getTime();
  const at = r.at.getTime();
  const next: StudyRecord = record
    ? { ...record, segments: [...record.segments] }
    : { seconds: 0, visitStartedAt: r.visitStartedAt, visitSeconds: 0, creditedUntil: r.visitStartedAt, reachedEnd: false, segments: [], mediaSeconds: null };
  if (v > next.visitStartedAt.getTime()) {
    next.visitStartedAt = r.visitStartedAt;
    next.visitSeconds = 0;
    if (v > next.creditedUntil.getTime()) next.creditedUntil = r.visitStartedAt;
  }
  const current = v === next.visitStartedAt.getTime();
  const credited =
    r.finish && current
      ? visitCredit(at - v, visitCapSeconds(r.durationMin), next.visitSeconds)
      : heartbeatCredit(at - next.creditedUntil.getTime());
  next.seconds += credited;
  if (current) next.visitSeconds += credited;
  if (at > next.creditedUntil.getTime()) next.creditedUntil = r.at;
  next.reachedEnd ||= r.reachedEnd;
  if (r.mediaSeconds !== null && Number.isFinite(r.mediaSeconds) && r.mediaSeconds > 0 && r.mediaSeconds <= MAX_MEDIA_SECONDS) {
    // Only ever longer: a forged short length would lower the share that must be watched.
    next.mediaSeconds = Math.max(next.mediaSeconds ?? 0, r.mediaSeconds);
  }
  if (r.segments.length > 0) {
    next.segments = addSegments(next.segments, r.segments, credited * MAX_PLAYBACK_RATE + (credited > 0 ? SEGMENT_SLACK_SECONDS : 0), next.mediaSeconds ?? Infinity).map(
      ([a, b]) => [Math.round(a * 10) / 10, Math.round(b * 10) / 10] as Segment,
    );
  }
  return { record: next, credited };
}

// ── Time on task, as the lists show it ─────────────────────────────────────

export interface TimeOnTask {
  /** Seconds credited in the live cycle. */
  seconds: number;
  /** Some lesson that is studied was completed before time was measured: its time is unknown. */
  partial: boolean;
}

/**
 * A learner's time on task in a course: the seconds credited per lesson (`studied`: [lessonId, seconds] of the live
 * cycle), and whether a studied-type lesson was completed with no measure (before time was measured).
 */
export function timeOnTask(
  lessons: readonly { id: number; trigger: string }[],
  completedIds: ReadonlySet<number>,
  studied: readonly (readonly [number, number])[],
): TimeOnTask {
  const measured = new Set(studied.map(([id]) => id));
  return {
    seconds: studied.reduce((n, [, s]) => n + Math.max(0, Number(s) || 0), 0),
    partial: lessons.some((l) => l.trigger === "study" && completedIds.has(l.id) && !measured.has(l.id)),
  };
}

/** '1 h 20 min'; 'al menos 1 h 20 min' when part is unknown; '—' when all of it is (never an invented figure). */
export function timeOnTaskLabel(t: TimeOnTask | null): string {
  if (!t) return "—";
  if (t.partial) return t.seconds >= 60 ? `al menos ${formatStudyTime(t.seconds)}` : "—";
  return formatStudyTime(t.seconds);
}
