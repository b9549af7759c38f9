-- "Rejected back to me" means a rejected reply (issue 20, defect 1).
--
-- The street and department queue 驳回待办 read needReviewStatus 3, but a rejected extension or
-- exclusion request sets 3 too (WORKFLOW: 1 pending, 2 approved, 3 rejected), so a rejected
-- request put the order there though no reply was rejected. The reply rejection is now its own
-- fact, reply_rejected: set by reject_reply, cleared by a new reply, a dispatch or a re-handle
-- (packages/domain/src/lifecycle/table.ts); the queue reads it, and queue_tallies carries it
-- so the badge is still a tally sum. The trigger and the rebuild of migration 015 are replaced
-- with the column added; nothing else in them changes.

ALTER TABLE work_orders ADD COLUMN reply_rejected boolean NOT NULL DEFAULT false;

-- Every existing tally row is an order without the new fact (all false until the update below).
ALTER TABLE queue_tallies ADD COLUMN reply_rejected boolean NOT NULL DEFAULT false;
ALTER TABLE queue_tallies DROP CONSTRAINT queue_tallies_pkey;
ALTER TABLE queue_tallies ADD PRIMARY KEY (type_id, status, main_org_status, unit_id, role,
  huifang_state, need_review_status, reply_rejected, is_key_appeal, unclaimed);

CREATE OR REPLACE FUNCTION queue_tally_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT';
  now_is boolean := TG_OP <> 'DELETE';
  emptied integer;
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.type_id, OLD.status, OLD.main_org_status, OLD.huifang_state, OLD.need_review_status,
          OLD.reply_rejected, OLD.is_key_appeal, OLD.dispatcher_id IS NULL, OLD.host_unit_id, OLD.co_host_unit_ids,
          OLD.system_sign_time, OLD.deadline)
         IS NOT DISTINCT FROM
         (NEW.type_id, NEW.status, NEW.main_org_status, NEW.huifang_state, NEW.need_review_status,
          NEW.reply_rejected, NEW.is_key_appeal, NEW.dispatcher_id IS NULL, NEW.host_unit_id, NEW.co_host_unit_ids,
          NEW.system_sign_time, NEW.deadline) THEN
    RETURN NULL;
  END IF;

  -- The old rows go down and the new ones up as one set of net changes, taken in key order:
  -- two transactions moving orders between the same groups in opposite directions then wait
  -- for each other instead of deadlocking (each takes its rows in the same order).
  INSERT INTO queue_tallies AS q (type_id, status, main_org_status, unit_id, role, huifang_state,
                                  need_review_status, reply_rejected, is_key_appeal, unclaimed, n)
  SELECT type_id, status, main_org_status, unit_id, role, huifang_state, need_review_status,
         reply_rejected, is_key_appeal, unclaimed, sum(d)
    FROM (SELECT OLD.type_id, OLD.status, OLD.main_org_status, u.unit_id, u.role,
                 OLD.huifang_state, COALESCE(OLD.need_review_status, 0) AS need_review_status,
                 OLD.reply_rejected, OLD.is_key_appeal, OLD.dispatcher_id IS NULL AS unclaimed, -1 AS d
            FROM queue_tally_units(OLD.host_unit_id, OLD.co_host_unit_ids) u WHERE was
          UNION ALL
          SELECT NEW.type_id, NEW.status, NEW.main_org_status, u.unit_id, u.role,
                 NEW.huifang_state, COALESCE(NEW.need_review_status, 0),
                 NEW.reply_rejected, NEW.is_key_appeal, NEW.dispatcher_id IS NULL, 1
            FROM queue_tally_units(NEW.host_unit_id, NEW.co_host_unit_ids) u WHERE now_is) x
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  HAVING sum(d) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (type_id, status, main_org_status, unit_id, role, huifang_state,
               need_review_status, reply_rejected, is_key_appeal, unclaimed)
  DO UPDATE SET n = q.n + EXCLUDED.n;

  IF (was AND (OLD.system_sign_time IS NOT NULL OR (OLD.status = 1 AND OLD.main_org_status IN (0, 1))))
     OR (now_is AND (NEW.system_sign_time IS NOT NULL OR (NEW.status = 1 AND NEW.main_org_status IN (0, 1)))) THEN
    WITH c AS (
      SELECT k.clock, k.bucket, OLD.type_id, OLD.status, OLD.main_org_status, OLD.huifang_state,
             u.unit_id, u.role, -1 AS d
        FROM (VALUES ('s'::"char", queue_sign_day(OLD.system_sign_time)),
                     ('d'::"char", CASE WHEN OLD.status = 1 AND OLD.main_org_status IN (0, 1)
                                        THEN queue_deadline_hour(OLD.deadline) END)) k (clock, bucket)
             CROSS JOIN queue_tally_units(OLD.host_unit_id, OLD.co_host_unit_ids) u
       WHERE was AND k.bucket IS NOT NULL
      UNION ALL
      SELECT k.clock, k.bucket, NEW.type_id, NEW.status, NEW.main_org_status, NEW.huifang_state,
             u.unit_id, u.role, 1
        FROM (VALUES ('s'::"char", queue_sign_day(NEW.system_sign_time)),
                     ('d'::"char", CASE WHEN NEW.status = 1 AND NEW.main_org_status IN (0, 1)
                                        THEN queue_deadline_hour(NEW.deadline) END)) k (clock, bucket)
             CROSS JOIN queue_tally_units(NEW.host_unit_id, NEW.co_host_unit_ids) u
       WHERE now_is AND k.bucket IS NOT NULL
    )
    , moved AS (
      INSERT INTO queue_clock_tallies AS q (clock, bucket, type_id, status, main_org_status,
                                            huifang_state, unit_id, role, n)
      SELECT clock, bucket, type_id, status, main_org_status, huifang_state, unit_id, role, sum(d)
        FROM c
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      HAVING sum(d) <> 0
       ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (clock, bucket, type_id, status, main_org_status, huifang_state, unit_id, role)
      DO UPDATE SET n = q.n + EXCLUDED.n
      RETURNING q.clock, q.n
    )
    SELECT count(*) INTO emptied FROM moved WHERE clock = 'd' AND n = 0;

    -- An emptied deadline hour goes (rows this transaction holds locked already).
    IF emptied > 0 THEN
      DELETE FROM queue_clock_tallies q
       USING queue_tally_units(OLD.host_unit_id, OLD.co_host_unit_ids) u
       WHERE q.clock = 'd' AND q.bucket = queue_deadline_hour(OLD.deadline)
         AND q.type_id = OLD.type_id AND q.status = OLD.status
         AND q.main_org_status = OLD.main_org_status AND q.huifang_state = OLD.huifang_state
         AND q.unit_id = u.unit_id AND q.role = u.role AND q.n = 0;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER work_orders_queue_tally ON work_orders;
CREATE TRIGGER work_orders_queue_tally
  AFTER INSERT OR DELETE OR UPDATE OF type_id, status, main_org_status, huifang_state,
    need_review_status, reply_rejected, is_key_appeal, dispatcher_id, host_unit_id,
    co_host_unit_ids, system_sign_time, deadline
  ON work_orders FOR EACH ROW EXECUTE FUNCTION queue_tally_move();

CREATE OR REPLACE FUNCTION rebuild_queue_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE work_orders IN SHARE MODE;
  TRUNCATE queue_tallies, queue_clock_tallies;
  WITH g AS MATERIALIZED (
    SELECT type_id, status, main_org_status, huifang_state,
           COALESCE(need_review_status, 0) AS need_review_status, reply_rejected, is_key_appeal,
           dispatcher_id IS NULL AS unclaimed, host_unit_id, co_host_unit_ids,
           queue_sign_day(system_sign_time) AS sign_day,
           CASE WHEN status = 1 AND main_org_status IN (0, 1)
                THEN queue_deadline_hour(deadline) END AS deadline_hour,
           count(*) AS n
      FROM work_orders
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ), states AS (
    INSERT INTO queue_tallies (type_id, status, main_org_status, unit_id, role, huifang_state,
                               need_review_status, reply_rejected, is_key_appeal, unclaimed, n)
    SELECT g.type_id, g.status, g.main_org_status, u.unit_id, u.role, g.huifang_state,
           g.need_review_status, g.reply_rejected, g.is_key_appeal, g.unclaimed, sum(g.n)
      FROM g CROSS JOIN queue_tally_units(g.host_unit_id, g.co_host_unit_ids) u
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  )
  INSERT INTO queue_clock_tallies (clock, bucket, type_id, status, main_org_status,
                                   huifang_state, unit_id, role, n)
  SELECT k.clock, k.bucket, g.type_id, g.status, g.main_org_status, g.huifang_state,
         u.unit_id, u.role, sum(g.n)
    FROM g
         CROSS JOIN LATERAL (VALUES ('s'::"char", g.sign_day), ('d'::"char", g.deadline_hour)) k (clock, bucket)
         CROSS JOIN queue_tally_units(g.host_unit_id, g.co_host_unit_ids) u
   WHERE k.bucket IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END
$$;

-- Existing orders: open ones whose latest reply, reply rejection, dispatch or re-handle was a
-- reply rejection (a request rejected since does not undo it). The trigger moves the tallies.
UPDATE work_orders o
   SET reply_rejected = true
  FROM (SELECT DISTINCT ON (e.order_id) e.order_id, e.action
          FROM order_events e
         WHERE e.action IN ('reply', 'reject_reply', 'dispatch', 're_handle')
           AND e.order_id IN (SELECT id FROM work_orders WHERE status IN (0, 1, 11, 12))
         ORDER BY e.order_id, e.created_at DESC, e.id DESC) last
 WHERE last.order_id = o.id AND last.action = 'reject_reply'
   AND o.status IN (0, 1, 11, 12);
