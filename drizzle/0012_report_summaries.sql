-- Enrolments and completed courses per course and Chile day, kept by statement-level triggers on enrolment,
-- so the overview sums at most a year of daily rows per course instead of counting up to 1 000 000 enrolments.
-- kind: 'enrolled' (by enrolled_at) or 'completed' (by completed_at). A statement adds its deltas to one random
-- slot (0-3) of each key so concurrent enrolments rarely wait on the same row; a count is the sum of its slots.
CREATE FUNCTION enrolment_day_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := floor(random() * 4)::int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enrolment_day_stat (course_id, kind, day, slot, n)
      SELECT course_id, kind, day, s, sum(sign) FROM (
        SELECT course_id, 'enrolled' AS kind, (enrolled_at AT TIME ZONE 'America/Santiago')::date AS day, 1 AS sign FROM new_rows
        UNION ALL
        SELECT course_id, 'completed', (completed_at AT TIME ZONE 'America/Santiago')::date, 1 FROM new_rows WHERE completed_at IS NOT NULL
      ) d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, day, course_id, slot) DO UPDATE SET n = enrolment_day_stat.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO enrolment_day_stat (course_id, kind, day, slot, n)
      SELECT course_id, kind, day, s, -sum(sign) FROM (
        SELECT course_id, 'enrolled' AS kind, (enrolled_at AT TIME ZONE 'America/Santiago')::date AS day, 1 AS sign FROM old_rows
        UNION ALL
        SELECT course_id, 'completed', (completed_at AT TIME ZONE 'America/Santiago')::date, 1 FROM old_rows WHERE completed_at IS NOT NULL
      ) d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, day, course_id, slot) DO UPDATE SET n = enrolment_day_stat.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO enrolment_day_stat (course_id, kind, day, slot, n)
      SELECT course_id, kind, day, s, sum(sign) FROM (
        SELECT course_id, 'enrolled' AS kind, (enrolled_at AT TIME ZONE 'America/Santiago')::date AS day, 1 AS sign FROM new_rows
        UNION ALL
        SELECT course_id, 'completed', (completed_at AT TIME ZONE 'America/Santiago')::date, 1 FROM new_rows WHERE completed_at IS NOT NULL
        UNION ALL
        SELECT course_id, 'enrolled', (enrolled_at AT TIME ZONE 'America/Santiago')::date, -1 FROM old_rows
        UNION ALL
        SELECT course_id, 'completed', (completed_at AT TIME ZONE 'America/Santiago')::date, -1 FROM old_rows WHERE completed_at IS NOT NULL
      ) d GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (kind, day, course_id, slot) DO UPDATE SET n = enrolment_day_stat.n + excluded.n;
  ELSE
    DELETE FROM enrolment_day_stat;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrolment_day_stat_ins AFTER INSERT ON "enrolment" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_day_stat_change();
--> statement-breakpoint
CREATE TRIGGER enrolment_day_stat_upd AFTER UPDATE ON "enrolment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_day_stat_change();
--> statement-breakpoint
CREATE TRIGGER enrolment_day_stat_del AFTER DELETE ON "enrolment" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_day_stat_change();
--> statement-breakpoint
CREATE TRIGGER enrolment_day_stat_trunc AFTER TRUNCATE ON "enrolment"
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_day_stat_change();
--> statement-breakpoint
INSERT INTO enrolment_day_stat (course_id, kind, day, slot, n)
  SELECT course_id, kind, day, 0, count(*) FROM (
    SELECT course_id, 'enrolled' AS kind, (enrolled_at AT TIME ZONE 'America/Santiago')::date AS day FROM enrolment
    UNION ALL
    SELECT course_id, 'completed', (completed_at AT TIME ZONE 'America/Santiago')::date FROM enrolment WHERE completed_at IS NOT NULL
  ) d GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Answers per exam, Chile day, question and chosen option (the bank's index; -1 = left blank), kept by
-- statement-level triggers on exam_attempt, so the per-question report sums a few thousand rows instead of
-- unnesting every answer of every attempt (2 000 000 answers at the bench's scale). An UPDATE subtracts what
-- its old rows counted and adds what its new rows count, so a submission (or any later change) stays exact.
-- Rows are upserted in key order: two submissions at once never wait on each other in opposite orders.
CREATE FUNCTION exam_answer_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
      SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
             COALESCE(CASE WHEN (r.answers ->> (q.i - 1)::int)::int >= 0
                           THEN (r.option_order -> (q.i - 1)::int ->> ((r.answers ->> (q.i - 1)::int)::int))::int END, -1),
             count(*)
      FROM new_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
      WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, question_id, chosen) DO UPDATE SET n = exam_answer_stat.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
      SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
             COALESCE(CASE WHEN (r.answers ->> (q.i - 1)::int)::int >= 0
                           THEN (r.option_order -> (q.i - 1)::int ->> ((r.answers ->> (q.i - 1)::int)::int))::int END, -1),
             -count(*)
      FROM old_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
      WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, question_id, chosen) DO UPDATE SET n = exam_answer_stat.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
      SELECT lesson_id, day, qid, chosen, sum(sign) FROM (
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date AS day, q.qid,
               COALESCE(CASE WHEN (r.answers ->> (q.i - 1)::int)::int >= 0
                             THEN (r.option_order -> (q.i - 1)::int ->> ((r.answers ->> (q.i - 1)::int)::int))::int END, -1) AS chosen,
               1 AS sign
        FROM new_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
        WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
               COALESCE(CASE WHEN (r.answers ->> (q.i - 1)::int)::int >= 0
                             THEN (r.option_order -> (q.i - 1)::int ->> ((r.answers ->> (q.i - 1)::int)::int))::int END, -1),
               -1
        FROM old_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
        WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
      ) d
      GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, question_id, chosen) DO UPDATE SET n = exam_answer_stat.n + excluded.n;
  ELSE
    DELETE FROM exam_answer_stat;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exam_answer_stat_ins AFTER INSERT ON "exam_attempt" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_answer_stat_change();
--> statement-breakpoint
CREATE TRIGGER exam_answer_stat_upd AFTER UPDATE ON "exam_attempt" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_answer_stat_change();
--> statement-breakpoint
CREATE TRIGGER exam_answer_stat_del AFTER DELETE ON "exam_attempt" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_answer_stat_change();
--> statement-breakpoint
CREATE TRIGGER exam_answer_stat_trunc AFTER TRUNCATE ON "exam_attempt"
  FOR EACH STATEMENT EXECUTE FUNCTION exam_answer_stat_change();
--> statement-breakpoint
-- Attempts submitted before this migration.
INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
  SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
         COALESCE(CASE WHEN (r.answers ->> (q.i - 1)::int)::int >= 0
                       THEN (r.option_order -> (q.i - 1)::int ->> ((r.answers ->> (q.i - 1)::int)::int))::int END, -1),
         count(*)
  FROM exam_attempt r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
  WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Submitted attempts per exam lesson and Chile day: by score band ('score') and, for a learner's first pass,
-- by the number of the attempt that passed ('pass'); the course report reads these instead of 100 000 attempts.
-- Whether a pass is the first is judged against the table as the statement leaves it (AFTER trigger).
CREATE FUNCTION exam_attempt_day_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO exam_attempt_day_stat (lesson_id, day, kind, value, n)
      SELECT lesson_id, day, kind, value, count(*) FROM (
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date AS day, 'score' AS kind, least((r.score / 10) * 10, 100) AS value
        FROM new_rows r WHERE r.submitted_at IS NOT NULL AND r.score IS NOT NULL
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, 'pass', coalesce(r.attempt_number, 1)
        FROM new_rows r WHERE r.submitted_at IS NOT NULL AND r.passed
          AND NOT EXISTS (SELECT 1 FROM exam_attempt b WHERE b.user_id = r.user_id AND b.lesson_id = r.lesson_id AND b.passed AND b.submitted_at < r.submitted_at)
      ) d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, kind, value) DO UPDATE SET n = exam_attempt_day_stat.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO exam_attempt_day_stat (lesson_id, day, kind, value, n)
      SELECT lesson_id, day, kind, value, -count(*) FROM (
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date AS day, 'score' AS kind, least((r.score / 10) * 10, 100) AS value
        FROM old_rows r WHERE r.submitted_at IS NOT NULL AND r.score IS NOT NULL
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, 'pass', coalesce(r.attempt_number, 1)
        FROM old_rows r WHERE r.submitted_at IS NOT NULL AND r.passed
          AND NOT EXISTS (SELECT 1 FROM exam_attempt b WHERE b.user_id = r.user_id AND b.lesson_id = r.lesson_id AND b.passed AND b.submitted_at < r.submitted_at)
      ) d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, kind, value) DO UPDATE SET n = exam_attempt_day_stat.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO exam_attempt_day_stat (lesson_id, day, kind, value, n)
      SELECT lesson_id, day, kind, value, sum(sign) FROM (
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date AS day, 'score' AS kind, least((r.score / 10) * 10, 100) AS value, 1 AS sign
        FROM new_rows r WHERE r.submitted_at IS NOT NULL AND r.score IS NOT NULL
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, 'pass', coalesce(r.attempt_number, 1), 1
        FROM new_rows r WHERE r.submitted_at IS NOT NULL AND r.passed
          AND NOT EXISTS (SELECT 1 FROM exam_attempt b WHERE b.user_id = r.user_id AND b.lesson_id = r.lesson_id AND b.passed AND b.submitted_at < r.submitted_at)
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, 'score', least((r.score / 10) * 10, 100), -1
        FROM old_rows r WHERE r.submitted_at IS NOT NULL AND r.score IS NOT NULL
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, 'pass', coalesce(r.attempt_number, 1), -1
        FROM old_rows r WHERE r.submitted_at IS NOT NULL AND r.passed
          AND NOT EXISTS (SELECT 1 FROM exam_attempt b WHERE b.user_id = r.user_id AND b.lesson_id = r.lesson_id AND b.passed AND b.submitted_at < r.submitted_at)
      ) d GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, kind, value) DO UPDATE SET n = exam_attempt_day_stat.n + excluded.n;
  ELSE
    DELETE FROM exam_attempt_day_stat;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exam_attempt_day_stat_ins AFTER INSERT ON "exam_attempt" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_attempt_day_stat_change();
--> statement-breakpoint
CREATE TRIGGER exam_attempt_day_stat_upd AFTER UPDATE ON "exam_attempt" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_attempt_day_stat_change();
--> statement-breakpoint
CREATE TRIGGER exam_attempt_day_stat_del AFTER DELETE ON "exam_attempt" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_attempt_day_stat_change();
--> statement-breakpoint
CREATE TRIGGER exam_attempt_day_stat_trunc AFTER TRUNCATE ON "exam_attempt"
  FOR EACH STATEMENT EXECUTE FUNCTION exam_attempt_day_stat_change();
--> statement-breakpoint
INSERT INTO exam_attempt_day_stat (lesson_id, day, kind, value, n)
  SELECT lesson_id, day, kind, value, count(*) FROM (
    SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date AS day, 'score' AS kind, least((r.score / 10) * 10, 100) AS value
    FROM exam_attempt r WHERE r.submitted_at IS NOT NULL AND r.score IS NOT NULL
    UNION ALL
    SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, 'pass', coalesce(r.attempt_number, 1)
    FROM exam_attempt r WHERE r.submitted_at IS NOT NULL AND r.passed
      AND NOT EXISTS (SELECT 1 FROM exam_attempt b WHERE b.user_id = r.user_id AND b.lesson_id = r.lesson_id AND b.passed AND b.submitted_at < r.submitted_at)
  ) d GROUP BY 1, 2, 3, 4;
