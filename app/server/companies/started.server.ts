// Whether a worker has started a course, in SQL: a lesson completed, or time studied in one — a reading opens
// without completing (docs/decisions.md F8), and a worker twenty minutes into it has started. The portal's status
// says the same from the worker table's figures (workerStatus, app/domain/companies.ts); the reminders' wording,
// the nudges and the release of a seat read it here.
import { sql, type SQLWrapper } from "drizzle-orm";

export const enrolmentStarted = (enrolmentId: SQLWrapper) =>
  sql<boolean>`(exists (select 1 from lesson_completion lc where lc.enrolment_id = ${enrolmentId})
    or exists (select 1 from lesson_study ls where ls.enrolment_id = ${enrolmentId} and ls.seconds > 0))`;
