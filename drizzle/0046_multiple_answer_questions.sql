ALTER TABLE "question" ADD COLUMN "correct_set" integer[];--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_correct_ck" CHECK (("question"."kind" = 'multiple' and "question"."correct_set" is not null and cardinality("question"."correct_set") >= 1 and "question"."correct_index" = -1) or ("question"."kind" <> 'multiple' and "question"."correct_set" is null and "question"."correct_index" >= 0));--> statement-breakpoint
-- The bank option an answer chose (-1: blank), from one answer of an attempt and that question's option order. A
-- 'multiple' question's answer is the list of shown options marked: its value is the bitmask of the bank options
-- they are (bit k: option k), so the report reads both who marked exactly the right set and each option's count.
CREATE FUNCTION exam_answer_chosen(answer jsonb, option_order jsonb) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN answer IS NULL THEN -1
    WHEN jsonb_typeof(answer) = 'array' THEN
      COALESCE((SELECT bit_or(1 << (option_order ->> (x::int))::int) FROM jsonb_array_elements_text(answer) AS x), -1)
    WHEN (answer #>> '{}')::int >= 0 THEN COALESCE((option_order ->> ((answer #>> '{}')::int))::int, -1)
    ELSE -1
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION exam_answer_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
      SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
             exam_answer_chosen(r.answers -> (q.i - 1)::int, r.option_order -> (q.i - 1)::int),
             count(*)
      FROM new_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
      WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, question_id, chosen) DO UPDATE SET n = exam_answer_stat.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
      SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
             exam_answer_chosen(r.answers -> (q.i - 1)::int, r.option_order -> (q.i - 1)::int),
             -count(*)
      FROM old_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
      WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (lesson_id, day, question_id, chosen) DO UPDATE SET n = exam_answer_stat.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO exam_answer_stat (lesson_id, day, question_id, chosen, n)
      SELECT lesson_id, day, qid, chosen, sum(sign) FROM (
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date AS day, q.qid,
               exam_answer_chosen(r.answers -> (q.i - 1)::int, r.option_order -> (q.i - 1)::int) AS chosen,
               1 AS sign
        FROM new_rows r CROSS JOIN LATERAL unnest(r.question_ids) WITH ORDINALITY AS q(qid, i)
        WHERE r.submitted_at IS NOT NULL AND r.answers IS NOT NULL
        UNION ALL
        SELECT r.lesson_id, (r.submitted_at AT TIME ZONE 'America/Santiago')::date, q.qid,
               exam_answer_chosen(r.answers -> (q.i - 1)::int, r.option_order -> (q.i - 1)::int),
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
