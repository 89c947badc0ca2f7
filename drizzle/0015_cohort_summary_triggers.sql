-- The course results funnel (issue #18) follows the people who enrolled in the period. Counting it from the
-- enrolments and their lesson completions read every enrolment of the course in the period and its
-- completions (about 19 000 enrolments and 130 000 completions of course 1 at the bench's scale: 300–700 ms).
-- Instead each enrolment row carries what the funnel needs (progress, completed_at, and since 0014
-- modules_done and exam_passed, written by the progress rule), and a statement-level trigger keeps
-- enrolment_cohort_stat: per course and Chile day *of enrolment*, how many of those enrolments started,
-- completed (by whole hours taken, for the median), completed each module, passed the exam.
--
-- One row's contribution, in one place: the trigger and the backfill below both read it.
CREATE FUNCTION enrolment_cohort_facts(progress int, enrolled_at timestamptz, completed_at timestamptz, modules_done int[], exam_passed boolean)
RETURNS TABLE (kind text, value int) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'started', 0 WHERE progress > 0 OR completed_at IS NOT NULL
  UNION ALL
  SELECT 'completed', greatest(0, floor(extract(epoch FROM (completed_at - enrolled_at)) / 3600))::int WHERE completed_at IS NOT NULL
  UNION ALL
  SELECT 'module', m FROM unnest(modules_done) m
  UNION ALL
  SELECT 'passed', 0 WHERE exam_passed
$$;
--> statement-breakpoint
-- Each statement adds its deltas to one random slot (0-3) of each key, so learners who enrolled the same day
-- rarely wait on one row; keys are upserted in order, so two statements never wait on each other in a cycle.
CREATE FUNCTION enrolment_cohort_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := floor(random() * 4)::int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enrolment_cohort_stat (course_id, day, kind, value, slot, n)
      SELECT r.course_id, (r.enrolled_at AT TIME ZONE 'America/Santiago')::date, f.kind, f.value, s, count(*)
      FROM new_rows r CROSS JOIN LATERAL enrolment_cohort_facts(r.progress, r.enrolled_at, r.completed_at, r.modules_done, r.exam_passed) f
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (course_id, day, kind, value, slot) DO UPDATE SET n = enrolment_cohort_stat.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO enrolment_cohort_stat (course_id, day, kind, value, slot, n)
      SELECT r.course_id, (r.enrolled_at AT TIME ZONE 'America/Santiago')::date, f.kind, f.value, s, -count(*)
      FROM old_rows r CROSS JOIN LATERAL enrolment_cohort_facts(r.progress, r.enrolled_at, r.completed_at, r.modules_done, r.exam_passed) f
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (course_id, day, kind, value, slot) DO UPDATE SET n = enrolment_cohort_stat.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A progress write changes at most a fact or two: the old row's facts are taken away, the new row's
    -- added, and keys whose sum is 0 (most of them) are not written at all.
    INSERT INTO enrolment_cohort_stat (course_id, day, kind, value, slot, n)
      SELECT course_id, day, kind, value, s, sum(sign) FROM (
        SELECT r.course_id, (r.enrolled_at AT TIME ZONE 'America/Santiago')::date AS day, f.kind, f.value, 1 AS sign
        FROM new_rows r CROSS JOIN LATERAL enrolment_cohort_facts(r.progress, r.enrolled_at, r.completed_at, r.modules_done, r.exam_passed) f
        UNION ALL
        SELECT r.course_id, (r.enrolled_at AT TIME ZONE 'America/Santiago')::date, f.kind, f.value, -1
        FROM old_rows r CROSS JOIN LATERAL enrolment_cohort_facts(r.progress, r.enrolled_at, r.completed_at, r.modules_done, r.exam_passed) f
      ) d GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (course_id, day, kind, value, slot) DO UPDATE SET n = enrolment_cohort_stat.n + excluded.n;
  ELSE
    DELETE FROM enrolment_cohort_stat;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- modules_done and exam_passed for rows written before they existed, and for rows written in bulk outside the
-- application (the bench's seed): the same rule as moduleState in app/domain/progress.ts — a module is done
-- when it has published lessons and every one of them is completed; the exam is passed when an exam lesson
-- of the course is completed. The application writes both with the progress (learning.server.ts).
CREATE FUNCTION enrolment_report_facts_backfill() RETURNS void LANGUAGE sql AS $$
  WITH published AS (
    SELECT module_id, count(*) AS total FROM lesson WHERE status = 'published' GROUP BY module_id
  ), done AS (
    SELECT lc.enrolment_id, l.module_id, count(*) AS n
    FROM lesson_completion lc JOIN lesson l ON l.id = lc.lesson_id AND l.status = 'published'
    GROUP BY 1, 2
  ), facts AS (
    SELECT e.id,
           coalesce((SELECT array_agg(d.module_id ORDER BY d.module_id) FROM done d JOIN published p ON p.module_id = d.module_id AND d.n >= p.total
                     WHERE d.enrolment_id = e.id), '{}') AS modules_done,
           EXISTS (SELECT 1 FROM lesson_completion lc JOIN lesson l ON l.id = lc.lesson_id AND l.type = 'examen' WHERE lc.enrolment_id = e.id) AS exam_passed
    FROM enrolment e
    WHERE EXISTS (SELECT 1 FROM lesson_completion lc WHERE lc.enrolment_id = e.id)
  )
  UPDATE enrolment e SET modules_done = f.modules_done, exam_passed = f.exam_passed
  FROM facts f
  WHERE f.id = e.id AND (e.modules_done IS DISTINCT FROM f.modules_done OR e.exam_passed IS DISTINCT FROM f.exam_passed);
$$;
--> statement-breakpoint
SELECT enrolment_report_facts_backfill();
--> statement-breakpoint
CREATE TRIGGER enrolment_cohort_stat_ins AFTER INSERT ON "enrolment" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_cohort_stat_change();
--> statement-breakpoint
CREATE TRIGGER enrolment_cohort_stat_upd AFTER UPDATE ON "enrolment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_cohort_stat_change();
--> statement-breakpoint
CREATE TRIGGER enrolment_cohort_stat_del AFTER DELETE ON "enrolment" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_cohort_stat_change();
--> statement-breakpoint
CREATE TRIGGER enrolment_cohort_stat_trunc AFTER TRUNCATE ON "enrolment"
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_cohort_stat_change();
--> statement-breakpoint
INSERT INTO enrolment_cohort_stat (course_id, day, kind, value, slot, n)
  SELECT e.course_id, (e.enrolled_at AT TIME ZONE 'America/Santiago')::date, f.kind, f.value, 0, count(*)
  FROM enrolment e CROSS JOIN LATERAL enrolment_cohort_facts(e.progress, e.enrolled_at, e.completed_at, e.modules_done, e.exam_passed) f
  GROUP BY 1, 2, 3, 4;
