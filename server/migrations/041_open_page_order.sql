-- The open orders' two page indexes take the id into their key, after the call time: a page is
-- ordered by call time, then id, and with the id only carried along a walk of one index range
-- in that order needed a sort of the whole range first. The warning-window queues (超期预警)
-- walk the open orders in process newest first, testing the deadline window on each
-- (reads/clock-walk.ts); the planner takes a status and a main_org_status together for a few
-- dozen rows and chose to read the whole range and sort it: at ten million orders 13,032 +
-- 31,390 entries, 227 ms, where walking the key order reads 620 (0.3–0.5 ms warm). The
-- street's index also carries the deadline, which that walk tests. Both cover open orders
-- only: rebuilding them takes seconds at ten million orders (6 s for the first).
DROP INDEX IF EXISTS work_orders_open_idx;
CREATE INDEX work_orders_open_idx ON work_orders (status, main_org_status, call_time DESC, id DESC)
  INCLUDE (type_id, huifang_state, need_review_status, deadline, is_key_appeal,
           dispatcher_id, host_unit_id, co_host_unit_ids, created_by)
  WHERE status IN (0, 1, 11, 12);
DROP INDEX IF EXISTS work_orders_host_open_idx;
CREATE INDEX work_orders_host_open_idx
  ON work_orders (host_unit_id, main_org_status, call_time DESC, id DESC)
  INCLUDE (status, reply_rejected, type_id, deadline)
  WHERE status IN (1, 11, 12);
