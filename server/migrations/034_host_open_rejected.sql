-- A street's or department's 驳回待办 (its open orders whose reply was rejected) read the
-- unit's open orders from work_orders_host_open_idx and then each row from the table to test
-- reply_rejected: at ten million orders a unit holds thousands of open orders and the queue
-- almost none, so the page read thousands of rows at random to show nothing (127–187 ms per
-- page under the mixed load, bench section 7, 2026-11-28). The index now carries the state,
-- the flag, the category and the id, so the queue's page is answered from the index alone
-- (156 → 4.4 ms for the unit with the most open orders). It covers open orders only (status
-- 1, 11, 12): rebuilding it took 7 s at ten million orders.
DROP INDEX IF EXISTS work_orders_host_open_idx;
CREATE INDEX work_orders_host_open_idx ON work_orders (host_unit_id, main_org_status, call_time DESC)
  INCLUDE (status, reply_rejected, type_id, id)
  WHERE status IN (1, 11, 12);
