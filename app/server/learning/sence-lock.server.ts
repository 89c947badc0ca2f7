// The learner's lock (docs/decisions.md F3): a worker enrolled under a SENCE action studies only inside an open
// SENCE session. It is an access rule of learning — who may open a course's content — read from the rows the
// sence area writes (participants and sessions): one rule, read as two SQL columns beside the enrolment by every
// place that lets a learner into a course (enrolments.server.ts for the content page, lesson events, practice
// and the exam; lesson-files.server.ts for lesson files), so it costs no extra round trip.
//
// Written with explicit table names: inside a one-table select Drizzle renders columns without their table,
// and a bare "id" in these subqueries would be the subquery's own.
import { sql, type SQL } from "drizzle-orm";

const ENROLMENT_ID = sql.raw(`"enrolment"."id"`);

/** The enrolment's active SENCE participation (its id), or null when it is not under an action. */
export function senceParticipantIdOf(enrolmentId: SQL = ENROLMENT_ID) {
  return sql<number | null>`(select sp.id from sence_participant sp where sp.enrolment_id = ${enrolmentId} and sp.removed_at is null)`;
}

/** Whether that participation has a session SENCE opened and nobody closed yet. */
export function senceSessionOpenOf(enrolmentId: SQL = ENROLMENT_ID) {
  return sql<boolean>`exists (select 1 from sence_participant sp join sence_session ss on ss.participant_id = sp.id where sp.enrolment_id = ${enrolmentId} and sp.removed_at is null and ss.status = 'open')`;
}

/** Content stays closed to a participant without an open session. */
export function senceLocked(row: { senceParticipantId: number | null; senceOpen: boolean }): boolean {
  return row.senceParticipantId !== null && !row.senceOpen;
}
