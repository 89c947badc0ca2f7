-- Summary rows without queues (issue #19). The statement triggers that keep the counters and daily summaries
-- add each statement's delta to one slot of its key, so that concurrent writers need not wait on one row.
-- The slot used to be drawn at random: with 4 or 8 slots and a dozen payments of one course committing at once
-- (the bench's 200 learners), two of them often drew the same slot, and the second waited until the first
-- committed — while holding a pooled connection the other pages then waited for. stat_slot() takes a free
-- slot instead: it starts at a random one and takes the first whose transaction-scoped advisory lock nobody
-- holds (pg_try_advisory_xact_lock never waits). Every writer of these summaries goes through it, so a slot
-- whose lock a transaction holds is a slot nobody else writes until it commits. Only when every slot is taken
-- does a writer fall back to its random slot and wait there, as before. The daily enrolment summaries go from
-- 4 to 8 slots: a report sums at most twice the rows (a year of one course: under 3 000), and eight payments of
-- one course can commit at once without waiting on each other.
CREATE FUNCTION stat_slot(family text, slots int) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  start int := floor(random() * slots)::int;
BEGIN
  FOR i IN 0 .. slots - 1 LOOP
    IF pg_try_advisory_xact_lock(hashtext(family), (start + i) % slots) THEN
      RETURN (start + i) % slots;
    END IF;
  END LOOP;
  RETURN start;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_counter_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := stat_slot('stat_counter:user', 8);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'user', s, count(*) FROM new_rows HAVING count(*) > 0
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'user', s, -count(*) FROM old_rows HAVING count(*) > 0
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSE
    DELETE FROM stat_counter WHERE key = 'user';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_counter_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := stat_slot('stat_counter:enrolment', 8);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT k, s, c FROM (
        SELECT 'enrolment' AS k, count(*) AS c FROM new_rows
        UNION ALL
        SELECT 'enrolment:course:' || course_id, count(*) FROM new_rows GROUP BY course_id
      ) d WHERE c > 0 ORDER BY k
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT k, s, -c FROM (
        SELECT 'enrolment' AS k, count(*) AS c FROM old_rows
        UNION ALL
        SELECT 'enrolment:course:' || course_id, count(*) FROM old_rows GROUP BY course_id
      ) d WHERE c > 0 ORDER BY k
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSE
    DELETE FROM stat_counter WHERE key = 'enrolment' OR key LIKE 'enrolment:%' OR key LIKE 'certificate:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_counter_certificate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := stat_slot('stat_counter:certificate', 8);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'certificate:course:' || e.course_id, s, count(*)
      FROM new_rows r JOIN enrolment e ON e.id = r.enrolment_id
      GROUP BY e.course_id ORDER BY 1
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'certificate:course:' || e.course_id, s, -count(*)
      FROM old_rows r JOIN enrolment e ON e.id = r.enrolment_id
      GROUP BY e.course_id ORDER BY 1
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSE
    DELETE FROM stat_counter WHERE key LIKE 'certificate:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrolment_day_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := stat_slot('enrolment_day_stat', 8);
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
CREATE OR REPLACE FUNCTION enrolment_cohort_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := stat_slot('enrolment_cohort_stat', 8);
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
